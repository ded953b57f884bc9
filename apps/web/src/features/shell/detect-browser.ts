export interface DetectedBrowser {
  name: string;
  /** Full version as in the user agent, or null when it cannot be read. */
  version: string | null;
}

/** Checked in order: browsers built on Chromium or WebKit name themselves before 'Chrome' or 'Safari'. */
const BROWSER_PATTERNS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'Microsoft Edge', pattern: /\b(?:Edg|EdgA|EdgiOS|Edge)\/([\d.]+)/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/([\d.]+)/ },
  { name: 'Opera', pattern: /\b(?:OPR|OPiOS|Opera)\/([\d.]+)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/([\d.]+)/ },
  { name: 'Chrome', pattern: /\b(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/ },
  { name: 'Safari', pattern: /\bVersion\/([\d.]+).*\bSafari\// },
  { name: 'Internet Explorer', pattern: /\b(?:MSIE |Trident\/.*rv:)([\d.]+)/ },
];

/** Reads the browser's name and version from a user agent string. */
export function detectBrowser(userAgent: string): DetectedBrowser {
  for (const { name, pattern } of BROWSER_PATTERNS) {
    const match = pattern.exec(userAgent);
    if (match) return { name, version: match[1] ?? null };
  }
  if (/\bSafari\//.test(userAgent)) return { name: 'Safari', version: null };
  return { name: 'Unknown browser', version: null };
}
