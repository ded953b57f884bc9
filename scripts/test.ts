// Every test, in order of cost: lint, types, unit and integration tests (real PostgreSQL), then the
// browser tests (Playwright in Debian's Chromium against the real API, worker and database).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { summarizeErrorContext } from '../e2e/stack/error-context';
import { testServer } from './lib/database';
import { pnpmCommand } from './lib/pnpm.mjs';

const log = (line: string) => console.log(line);
const server = await testServer(log);
const env = {
  ...process.env,
  TEST_DATABASE_URL: server.url,
  FORCE_COLOR: process.env.CI ? '0' : '1',
  E2E_PORT: process.env.E2E_PORT ?? '3110',
  E2E_INGEST_PORT: process.env.E2E_INGEST_PORT ?? '3111',
  E2E_BASE_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3110'}`,
};

const steps: [string, string[]][] = [
  ['lint and format', ['exec', 'biome', 'ci', '.']],
  ['types', ['exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']],
  // The root scripts (start, test, chaos, benchmarks, demo) are no workspace of turbo's: checked here.
  ['types of scripts/', ['exec', 'tsc', '-p', 'scripts', '--noEmit']],
  // Apps depend on packages only, never on each other, and nothing under apps/ imports scripts/ (.dependency-cruiser.cjs).
  [
    'dependency rules',
    ['exec', 'depcruise', 'apps', 'packages', 'e2e', 'scripts', '--config', '.dependency-cruiser.cjs'],
  ],
  ['unit and integration tests', ['exec', 'turbo', 'run', 'test', '--concurrency=2', '--output-logs=full']],
  // Faults (docs/reliability.md): a job-process kill and a PostgreSQL restart under presses; fails when a press
  // is lost or doubled. Its own PostgreSQL on loopback port 3135, the API and ingest on 3130/3131.
  ['chaos (short form)', ['exec', 'tsx', 'scripts/chaos/run.ts', '--short']],
  // The failover (issue #30): etcd + two Patroni nodes (Debian's packages; .ci/run installs them), the primary
  // killed under presses; fails when a press answered 202 before the kill is missing on the new primary, or any
  // press is lost or doubled. Ports 3330/3331 (API, ingest), 3341/3342, 3351/3352, 3379/3380.
  ['chaos failover (short form)', ['exec', 'tsx', 'scripts/chaos/run.ts', '--kill-primary', '--short']],
  // The standby killed: the primary keeps accepting, and the product says it has no standby (a log line, /healthz).
  ['chaos standby loss (short form)', ['exec', 'tsx', 'scripts/chaos/run.ts', '--kill-standby', '--short']],
  // Backups (decision 0524): base backup + WAL archive, restored to a chosen time, counted, the API started on it.
  ['restore drill', ['exec', 'tsx', 'scripts/backup/drill.ts']],
  // The press-to-live benchmark's CI form (issue #18): 5 s, 20 presses/s, 20 clients; fails only when a press did
  // not reach every client of its facility exactly once or an event was processed twice. No timing is judged.
  ['press to live (short form)', ['exec', 'tsx', 'scripts/bench/press-to-live.ts', '--mode', 'check']],
  ['web build', ['--filter', '@sage/web', 'build']],
  ['browser tests', ['--filter', '@sage/e2e', 'test:e2e']],
];
const only = process.argv[2];
let failed: string | null = null;
const timings: string[] = [];
for (const [name, args] of steps) {
  // The browser tests run against the built web app: `npm test -- browser` builds it first too.
  if (only && !name.startsWith(only) && !(only === 'browser' && name === 'web build')) continue;
  log(`\n▶ ${name}`);
  const [cmd, ...pre] = pnpmCommand();
  const startedAt = Date.now();
  const result = spawnSync(cmd!, [...pre, ...args], { stdio: 'inherit', env });
  // Each step's time, so a slow CI run says where its minutes went.
  timings.push(`${name}: ${Math.round((Date.now() - startedAt) / 1000)} s`);
  log(`◀ ${timings.at(-1)}`);
  if (result.status !== 0) {
    failed = name;
    if (name === 'browser tests') printErrorContexts();
    break;
  }
}
/**
 * A failed browser test's page as Playwright saw it (its error-context.md: the error and the ARIA snapshot at the
 * failure), printed into the log: a clean clone's CI keeps no files, and a failure seen once must be explainable
 * from its log. The test's source is left out (it is in the repository) but for the line that failed, and a short
 * list of every failed test comes last: a log read from its end (as CI's report shows it) names them all.
 */
function printErrorContexts(): void {
  const results = path.resolve(import.meta.dirname, '../e2e/test-results');
  let files: string[] = [];
  try {
    files = readdirSync(results, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('error-context.md'),
    );
  } catch {
    return;
  }
  const summary: string[] = [];
  for (const file of files) {
    const context = summarizeErrorContext(readFileSync(path.join(results, file), 'utf8'));
    log(`\n▶ ${file}\n${context.body}`);
    summary.push(
      `✘ ${context.name} (${context.location})\n    ${context.error}${context.failedLine ? `\n    ${context.failedLine}` : ''}`,
    );
  }
  if (summary.length) log(`\n▶ ${summary.length} failed browser test(s):\n${summary.join('\n')}`);
}

await server.stop();
log(`\n⏱ ${timings.join(' · ')}`);
if (failed) {
  console.error(`\n✖ ${failed} failed`);
  process.exit(1);
}
log('\n✔ all tests passed');
