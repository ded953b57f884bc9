// The first-load budget (issue 18; docs/decisions/0380): after `vite build`, prints the gzipped JavaScript the
// sign-in page and the dashboard fetch on a first load, and exits non-zero when either is above its ceiling
// (scripts/first-load.mjs: the goal of 170 kB for both since decision 0465; `--goal` checks against the goal
// whatever the ceilings say). It also prints what the page fetches with its first API calls (the reply checks,
// decisions 0446, 0471), counted for the dashboard, which makes them on mount (decision 0467). `--verbose` lists every file; `--dist <folder>` checks a build elsewhere (default: dist).
// Run by the web app's build (package.json), so `npm test` fails when a first load grows.
import path from 'node:path';
import { FIRST_LOAD_GOAL_BYTES, measureFirstLoads } from './first-load.mjs';

const args = process.argv.slice(2);
const distFlag = args.indexOf('--dist');
const dist =
  distFlag >= 0 && args[distFlag + 1]
    ? path.resolve(args[distFlag + 1])
    : path.resolve(import.meta.dirname, '../dist');
const verbose = args.includes('--verbose');
const goalOnly = args.includes('--goal');
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

let over = false;
for (const load of measureFirstLoads(dist)) {
  const limit = goalOnly ? FIRST_LOAD_GOAL_BYTES : load.ceilingBytes;
  const fits = load.total <= limit;
  over ||= !fits;
  const goal = (bytes) =>
    bytes <= FIRST_LOAD_GOAL_BYTES
      ? 'within the 170 kB goal'
      : `${kb(bytes - FIRST_LOAD_GOAL_BYTES)} above the 170 kB goal`;
  console.log(
    `${fits ? '✓' : '✖'} first load of the ${load.name}: ${kb(load.total)} of JavaScript gzipped in ${load.files.length} files before it renders (limit ${kb(limit)}; ${goal(load.total)}); CSS ${kb(load.cssGzip)}`,
  );
  // With the page's messages in each language (decision 0555); the figure above is the larger.
  console.log(
    `    with its messages, by language: ${Object.entries(load.totalsByLanguage)
      .map(([language, bytes]) => `${language} ${kb(bytes)}`)
      .join(', ')}`,
  );
  if (verbose || !fits) {
    for (const { file, gzip } of load.files) console.log(`    ${kb(gzip).padStart(9)}  ${file}`);
  }
  const later = load.withFirstCalls;
  if (load.firstCallsOnMount) {
    // Fetched with the calls the page makes on mount, and needed to show their replies (decision 0467).
    const shownLimit = goalOnly ? FIRST_LOAD_GOAL_BYTES : load.withFirstCallsCeilingBytes;
    const shownFits = load.shown <= shownLimit;
    over ||= !shownFits;
    console.log(
      `${shownFits ? '✓' : '✖'}   with the reply checks its calls on mount need before it shows their data: ${kb(load.shown)} (+${kb(later.total)} in ${later.files.length} files; limit ${kb(shownLimit)}; ${goal(load.shown)})`,
    );
    if (verbose || !shownFits) {
      for (const { file, gzip } of later.files) console.log(`    ${kb(gzip).padStart(9)}  ${file}`);
    }
  } else {
    // Not in the figure: fetched with the visitor's first API call (decision 0446).
    console.log(
      `    then, with its first API call (the visitor's; the reply checks): ${kb(later.total)} in ${later.files.length} files`,
    );
  }
}
if (over) {
  console.log(
    'A first load is above its limit: load the new code lazily (a route, a drawer, a dialog) or import it narrowly (docs/decisions/0380).',
  );
  process.exit(1);
}
