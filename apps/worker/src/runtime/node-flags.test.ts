import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INGEST_NODE_FLAGS, runsIngest } from './node-flags';

const scripts: Record<string, string> = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
).scripts;

describe('[WORKER][NODE-FLAGS]: the ingest started with its Node flags wherever it is started (decision 0940)', () => {
  it.each(['start', 'start:ingest', 'dev'])('the package script %s passes every flag', (name) => {
    for (const flag of INGEST_NODE_FLAGS) expect(scripts[name]).toContain(flag);
  });

  it('the job queue alone does not need them', () => {
    for (const flag of INGEST_NODE_FLAGS) expect(scripts['start:jobs']).not.toContain(flag);
  });

  it.each([
    ['apps/worker/src/ingest-main.ts', true],
    ['src/ingest-main.ts', true],
    ['/work/app/apps/worker/src/main.ts', true],
    ['src/jobs-main.ts', false],
    ['apps/api/src/server.ts', false],
    ['apps/watchdog/src/main.ts', false],
  ])('%s runs the ingest: %s', (entry, expected) => {
    expect(runsIngest(entry)).toBe(expected);
  });
});
