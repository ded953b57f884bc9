// The first-load budget (issue 18; docs/decisions/0380): after `vite build`, prints the gzipped JavaScript the
// sign-in page and the dashboard fetch on a first load, and exits non-zero when either is above 170 kB.
// `--verbose` lists every file; `--dist <folder>` checks a build elsewhere (default: dist). Run by the web app's build (package.json), so `npm test` fails above it.
import path from 'node:path';
import { FIRST_LOAD_BUDGET_BYTES, measureFirstLoads } from './first-load.mjs';

const distFlag = process.argv.indexOf('--dist');
const dist =
  distFlag > 0 && process.argv[distFlag + 1]
    ? path.resolve(process.argv[distFlag + 1])
    : path.resolve(import.meta.dirname, '../dist');
const verbose = process.argv.includes('--verbose');
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

let over = false;
for (const load of measureFirstLoads(dist)) {
  const fits = load.total <= FIRST_LOAD_BUDGET_BYTES;
  over ||= !fits;
  console.log(
    `${fits ? '✓' : '✖'} first load of the ${load.name}: ${kb(load.total)} of JavaScript gzipped in ${load.files.length} files (budget ${kb(FIRST_LOAD_BUDGET_BYTES)}); CSS ${kb(load.cssGzip)}`,
  );
  if (verbose || !fits) {
    for (const { file, gzip } of load.files) console.log(`    ${kb(gzip).padStart(9)}  ${file}`);
  }
}
if (over) {
  console.error(
    'The first load is above its JavaScript budget: load the new code lazily (a route, a drawer) or import it narrowly (docs/decisions/0380).',
  );
  process.exit(1);
}
