import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';

const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x' };

/**
 * In a child process (the nice value of this test's own process must not change): lowers its priority, starts a
 * thread after, and prints the nice value of every thread with what lowerCpuPriority returned.
 */
const CHILD = `
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { lowerCpuPriority } from './src/runtime/priority.ts';
const returned = lowerCpuPriority(Number(process.argv[1]));
const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
await new Promise((resolve) => worker.once('online', resolve));
const nice = readdirSync('/proc/self/task').map((tid) => {
  const stat = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
});
console.log(JSON.stringify({ returned, nice }));
await worker.terminate();
`;

const runChild = (nice: number, under?: number): { returned: number; nice: number[] } => {
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', CHILD, String(nice)];
  const [command, ...args] = under === undefined ? node : ['nice', '-n', String(under), ...node];
  return JSON.parse(
    execFileSync(command!, args, { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8' }),
  );
};

describe('[WORKER][PRIORITY]: the job process yields the cores to the ingest and the API (decision 0495)', () => {
  it('takes its nice value from WORKER_JOBS_NICE, 0 to 19, 10 by default', () => {
    expect(loadWorkerConfig(base).WORKER_JOBS_NICE).toBe(10);
    expect(loadWorkerConfig({ ...base, WORKER_JOBS_NICE: '0' }).WORKER_JOBS_NICE).toBe(0);
    expect(() => loadWorkerConfig({ ...base, WORKER_JOBS_NICE: '20' })).toThrow(/WORKER_JOBS_NICE/);
    expect(() => loadWorkerConfig({ ...base, WORKER_JOBS_NICE: '-5' })).toThrow(/WORKER_JOBS_NICE/);
  });

  it('sets every thread (Linux), those started before and after, and never raises a priority already lower', () => {
    const lowered = runChild(7);
    expect(lowered.returned).toBe(7);
    expect(lowered.nice.length).toBeGreaterThan(2);
    expect(new Set(lowered.nice)).toEqual(new Set([7]));
    // Started under `nice -n 12` by its supervisor: left at 12.
    const nicer = runChild(7, 12);
    expect(nicer.returned).toBe(12);
    expect(new Set(nicer.nice)).toEqual(new Set([12]));
  });
});
