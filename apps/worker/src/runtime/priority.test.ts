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
const niceOf = (tid) => {
  const stat = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const returned = lowerCpuPriority(Number(process.argv[1]));
const before = readdirSync('/proc/self/task').map(Number);
const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
await new Promise((resolve) => worker.once('online', resolve));
const threads = readdirSync('/proc/self/task').map(Number).map((tid) => ({
  kind: tid === process.pid ? 'main' : before.includes(tid) ? 'before' : 'after',
  nice: niceOf(tid),
}));
console.log(JSON.stringify({ returned, threads }));
await worker.terminate();
`;

/** The main thread, the threads started before the call (V8's helpers among them), and the worker started after. */
interface Thread {
  kind: 'main' | 'before' | 'after';
  nice: number;
}

const runChild = (nice: number, under?: number): { returned: number; threads: Thread[] } => {
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', CHILD, String(nice)];
  const [command, ...args] = under === undefined ? node : ['nice', '-n', String(under), ...node];
  return JSON.parse(
    execFileSync(command!, args, { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8' }),
  );
};

const niceOf = (threads: Thread[], kind: Thread['kind']) =>
  threads.filter((t) => t.kind === kind).map((t) => t.nice);

describe('[WORKER][PRIORITY]: the job process yields the cores to the ingest and the API (decision 0495)', () => {
  it('takes its nice value from WORKER_JOBS_NICE, 0 to 19, 10 by default', () => {
    expect(loadWorkerConfig(base).WORKER_JOBS_NICE).toBe(10);
    expect(loadWorkerConfig({ ...base, WORKER_JOBS_NICE: '0' }).WORKER_JOBS_NICE).toBe(0);
    expect(() => loadWorkerConfig({ ...base, WORKER_JOBS_NICE: '20' })).toThrow(/WORKER_JOBS_NICE/);
    expect(() => loadWorkerConfig({ ...base, WORKER_JOBS_NICE: '-5' })).toThrow(/WORKER_JOBS_NICE/);
  });

  it('lowers the main thread and the threads it starts after (Linux), keeps the others, never raises a priority', () => {
    const lowered = runChild(7);
    expect(lowered.returned).toBe(7);
    expect(niceOf(lowered.threads, 'main')).toEqual([7]);
    const before = niceOf(lowered.threads, 'before');
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before)).toEqual(new Set([0]));
    const after = niceOf(lowered.threads, 'after');
    expect(after.length).toBeGreaterThan(0);
    expect(new Set(after)).toEqual(new Set([7]));
    // Started under `nice -n 12` by its supervisor: left at 12.
    const nicer = runChild(7, 12);
    expect(nicer.returned).toBe(12);
    expect(niceOf(nicer.threads, 'main')).toEqual([12]);
  });
});
