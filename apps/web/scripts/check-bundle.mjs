// The first-load budget (issue 18; docs/decisions/0380): after `vite build`, prints the gzipped JavaScript the
// sign-in page and the dashboard fetch on a first load, and exits non-zero when either is above its ceiling
// (scripts/first-load.mjs: today's figures, so a first load cannot grow) or, with `--goal`, above the goal of
// 170 kB. It also prints what the page fetches with its first API calls (reply schemas and zod, decision 0446),
// which is not counted. `--verbose` lists every file; `--dist <folder>` checks a build elsewhere (default: dist).
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
  const goal =
    load.total <= FIRST_LOAD_GOAL_BYTES
      ? 'within the 170 kB goal'
      : `${kb(load.total - FIRST_LOAD_GOAL_BYTES)} above the 170 kB goal`;
  console.log(
    `${fits ? '✓' : '✖'} first load of the ${load.name}: ${kb(load.total)} of JavaScript gzipped in ${load.files.length} files (limit ${kb(limit)}; ${goal}); CSS ${kb(load.cssGzip)}`,
  );
  if (verbose || !fits) {
    for (const { file, gzip } of load.files) console.log(`    ${kb(gzip).padStart(9)}  ${file}`);
  }
  // Not in the figure: fetched after the page has rendered, with its first API calls (decision 0446).
  const later = load.withFirstCalls;
  console.log(
    `    then, with its first API calls (reply schemas and zod): ${kb(later.total)} in ${later.files.length} files`,
  );
}
if (over) {
  console.log(
    'A first load is above its limit: load the new code lazily (a route, a drawer, a dialog) or import it narrowly (docs/decisions/0380).',
  );
  process.exit(1);
}
