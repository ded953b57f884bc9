/**
 * Playwright's error-context.md (written beside a failed test's results) cut to what a CI log needs: its
 * instructions and the test's whole source left out, the failed line kept, the page snapshot kept short.
 * scripts/test.ts prints it for each failed browser test, then one summary line each.
 */
export function summarizeErrorContext(markdown: string): {
  name: string;
  location: string;
  error: string;
  failedLine: string | null;
  body: string;
} {
  const sections = new Map<string, string>();
  for (const part of markdown.split(/^# /m).slice(1)) {
    const newline = part.indexOf('\n');
    sections.set(part.slice(0, newline).trim(), part.slice(newline + 1).trim());
  }
  const info = sections.get('Test info') ?? '';
  const name = /^- Name: (.*)$/m.exec(info)?.[1] ?? '(unnamed test)';
  const location = /^- Location: (.*)$/m.exec(info)?.[1] ?? '?';
  const errorDetails = sections.get('Error details') ?? '';
  const error =
    errorDetails
      .replace(/^```\w*\n?/m, '')
      .split('\n')
      .find((l) => l.trim()) ?? '(no error text)';
  const failedLine = (sections.get('Test source') ?? '').split('\n').find((l) => l.startsWith('>')) ?? null;
  const snapshot = (sections.get('Page snapshot') ?? '').split('\n');
  const body = [
    `Test: ${name} (${location})`,
    errorDetails.split('\n').slice(0, 60).join('\n'),
    failedLine ? `Failed at: ${failedLine}` : '',
    snapshot.length > 1
      ? `Page snapshot${snapshot.length > 200 ? ` (first 200 of ${snapshot.length} lines)` : ''}:\n${snapshot.slice(0, 200).join('\n')}`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { name, location, error: error.trim(), failedLine: failedLine?.trim() ?? null, body };
}
