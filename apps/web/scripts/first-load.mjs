// What a first load of the built web app fetches, read from Vite's manifest (dist/.vite/manifest.json):
// the classic scripts of index.html, the entry module and every module it imports statically, then, per
// route, the route's lazy chunks and their static imports. The app's other dynamic imports load on use (a
// drawer, a dialog, the first toast, a tour started, a sign-in call), not on a page's mount, so this is the
// whole of a first load's JavaScript. Decisions 0380, 0384-0386.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The goal for each first load's gzipped JavaScript, in bytes (issue 18): 170 kB. */
export const FIRST_LOAD_GOAL_BYTES = 170_000;

/**
 * The first loads checked, each the route modules the router loads lazily for it. The sign-in page is what a
 * signed-out visitor gets at any address; the dashboard is a signed-in reload (or the default route after
 * signing in: the entry is then already loaded, so its closure is counted once).
 */
export const FIRST_LOADS = [
  {
    name: 'sign-in page (/authenticate)',
    routes: ['src/features/authenticate/authenticate-page.tsx'],
    // The page's messages, loaded with it in the reader's language (decision 0550).
    messages: ['signIn'],
    // The goal (measured 149.3 kB, docs/benchmarks.md; decisions 0380, 0384-0386, 0465-0466).
    ceilingBytes: FIRST_LOAD_GOAL_BYTES,
    // Its first API call is the visitor's (sending the number): the page is whole without it.
    firstCallsOnMount: false,
  },
  {
    name: 'dashboard after sign-in (/dashboard)',
    routes: ['src/features/signed-in/signed-in-layout.tsx', 'src/features/dashboard/dashboard-page.tsx'],
    // Its messages (decisions 0555, 0700); in a language other than English, with the task titles' matching too.
    messages: ['dashboard', 'severity', 'status', 'entries'],
    titlesLocalized: true,
    // The page's code: the goal (measured 163.5 kB, docs/benchmarks.md; decisions 0465-0466).
    ceilingBytes: FIRST_LOAD_GOAL_BYTES,
    // It calls the API on mount and shows no alert before the replies are checked, so the checks are part of
    // what a signed-in browser fetches to show it (decision 0467): counted, against the goal too (measured
    // 168.1 kB with the checks made from the contract at build time instead of zod, decision 0471).
    firstCallsOnMount: true,
    withFirstCallsCeilingBytes: FIRST_LOAD_GOAL_BYTES,
  },
];

/** Bytes of `file` gzipped at the level the build's copies use (scripts/precompress.mjs). */
export function gzippedSize(file) {
  return zlib.gzipSync(readFileSync(file), { level: zlib.constants.Z_BEST_COMPRESSION }).length;
}

/**
 * Modules a page imports dynamically with its first API calls, not before it renders: the reply checks of the
 * feature API modules and of the live socket (decisions 0446, 0471). Counted for a page that makes those calls
 * on mount (the dashboard, decision 0467); reported beside the sign-in page, whose first call waits for the
 * visitor. The zod schemas (`*-schemas.ts`, and zod) that the checks import dynamically load only for a reply
 * the checks refuse, never on a first load with well-formed replies: not counted. The build puts the checks in one
 * chunk (`reply-checks`, vite.config.ts), which the manifest names by its file.
 */
const WITH_FIRST_CALLS = /-checks\.ts$|[\\/]live-messages\.ts$|^_reply-checks-[\w-]+\.js$/;

/** The languages of the app's messages (packages/i18n/src/languages.ts). */
const LANGUAGES = ['en', 'es'];
/** A namespace's compiled messages (vite.config.ts `virtual:messages/<language>/<namespace>`). */
const messagesKey = (manifest, language, namespace) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(`virtual:messages/${language}/${namespace}`));
  if (!key) throw new Error(`virtual:messages/${language}/${namespace} is not in the build manifest`);
  return key;
};
/** The task titles' matching, loaded for a reader of another language than English (decision 0552). */
const TITLE_MATCHING = /virtual:title-matcher$/;

/** Manifest keys of `keys` and everything they import statically. */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (renamed? update FIRST_LOADS)`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

/** The classic (non-module) scripts index.html loads from the build folder, e.g. /zod-jitless.js. */
function classicScripts(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [];
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1] ?? '';
    if (/type\s*=\s*["']?module/.test(attributes)) continue;
    const src = /src\s*=\s*["']([^"']+)["']/.exec(attributes)?.[1];
    if (src?.startsWith('/')) files.push(src.slice(1));
  }
  return files;
}

/**
 * Each first load's JavaScript files (paths under dist) with their gzipped sizes, and the total.
 * @param {string} dist the built app's folder
 */
export function measureFirstLoads(dist, loads = FIRST_LOADS) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const classic = classicScripts(dist);
  return loads.map(
    ({
      name,
      routes,
      messages = [],
      titlesLocalized = false,
      ceilingBytes,
      firstCallsOnMount,
      withFirstCallsCeilingBytes,
    }) => {
      const routeKeys = staticClosure(manifest, [...entries, ...routes]);
      // The page's messages are fetched with it (dynamic imports the page waits for before it renders): counted,
      // in the language whose first load is the larger (the ceiling holds in either).
      const byLanguage = LANGUAGES.map((language) => {
        const extra = messages.map((namespace) => messagesKey(manifest, language, namespace));
        // The shell screens' messages: English is in the first chunk, another language is asked for at start
        // (features/shell/shell-messages.ts, decision 0830).
        if (language !== 'en') extra.push(messagesKey(manifest, language, 'shell'));
        if (titlesLocalized && language !== 'en') {
          const matching = Object.keys(manifest).filter((k) => TITLE_MATCHING.test(k));
          if (matching.length === 0)
            throw new Error('packages/i18n/src/task-titles.ts is not in the build manifest');
          extra.push(
            ...matching,
            messagesKey(manifest, language, 'titles'),
            messagesKey(manifest, language, 'observation'),
          );
        }
        const keys = new Set([...routeKeys, ...staticClosure(manifest, extra)]);
        const files = [...classic, ...[...keys].map((key) => manifest[key].file)]
          .map((file) => ({ file, gzip: gzippedSize(path.join(dist, file)) }))
          .sort((a, b) => b.gzip - a.gzip);
        return { language, keys, files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
      });
      const largest = byLanguage.reduce((a, b) => (b.total > a.total ? b : a));
      const { keys, files } = largest;
      const totalsByLanguage = Object.fromEntries(byLanguage.map((l) => [l.language, l.total]));
      const css = [...keys].flatMap((key) => manifest[key].css ?? []);
      const cssGzip = [...new Set(css)].reduce((sum, file) => sum + gzippedSize(path.join(dist, file)), 0);
      const withCalls = [...keys]
        .flatMap((key) => manifest[key].dynamicImports ?? [])
        .filter((key) => WITH_FIRST_CALLS.test(key));
      const laterFiles = [...staticClosure(manifest, withCalls)]
        .filter((key) => !keys.has(key))
        .map((key) => ({ file: manifest[key].file, gzip: gzippedSize(path.join(dist, manifest[key].file)) }));
      const withFirstCalls = { files: laterFiles, total: laterFiles.reduce((sum, f) => sum + f.gzip, 0) };
      const total = largest.total;
      return {
        name,
        language: largest.language,
        totalsByLanguage,
        ceilingBytes,
        files,
        total,
        cssGzip,
        withFirstCalls,
        firstCallsOnMount,
        withFirstCallsCeilingBytes,
        /** What the browser fetches before the page shows what it is for (its data, when it calls on mount). */
        shown: total + (firstCallsOnMount ? withFirstCalls.total : 0),
      };
    },
  );
}
