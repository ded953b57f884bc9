/**
 * Node's flags for a process that runs the ingest (`src/ingest-main.ts`, or `src/main.ts` with the job queue;
 * decision 0940). A heartbeat waits up to 250 ms in its window (decision 0660) and a batch's request a little longer:
 * with V8's default young generation (16 MB semi-spaces) a scavenge comes often enough to copy much of that. With
 * 32 MB the collector's threads took less time in most short fleet runs, on a shared machine (a lead, not a
 * measurement: decision 0940 has the figures), for about 32 MB more memory at most. Every launcher of the ingest passes these: the worker's
 * package scripts (checked by node-flags.test.ts), the demo, the benchmarks (scripts/bench/lib.ts), the tests'
 * worker processes.
 */
export const INGEST_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];

/** Whether an entry point (a path ending in the worker's src/ingest-main.ts or src/main.ts) runs the ingest. */
export const runsIngest = (entry: string): boolean => /(^|worker\/)src\/(ingest-)?main\.ts$/.test(entry);
