// Keeps child processes running: one that exits on its own is started again after a backoff (0.5 s,
// doubling to 10 s; back to 0.5 s after a minute up), and the reason is printed (decision 0113).
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

export interface ServiceSpec {
  name: string;
  command: string;
  args: string[];
  options: SpawnOptions;
}

export interface Supervisor {
  /** The running child of a service (null between a crash and its restart). */
  child(name: string): ChildProcess | null;
  /**
   * Stops one service (SIGTERM, SIGKILL after 10 s) and keeps it stopped until `release` (a fault of the chaos
   * run: the device ingest down for 40 s).
   */
  hold(name: string): Promise<void>;
  /** Starts a held service again. */
  release(name: string): void;
  /** Stops every service (SIGTERM, then SIGKILL after 10 s) and restarts none. */
  stop(): Promise<void>;
  /** SIGKILLs every service at once (synchronous: for a process 'exit' handler). */
  killAll(): void;
}

const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 10_000;
/** A child up this long is healthy again: its next crash restarts it at once (after the minimum). */
const STABLE_AFTER_MS = 60_000;

export function supervise(services: ServiceSpec[], log: (line: string) => void): Supervisor {
  const children = new Map<string, ChildProcess | null>();
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<string>();
  const specs = new Map(services.map((spec) => [spec.name, spec]));
  let stopping = false;

  const start = (spec: ServiceSpec, backoffMs: number) => {
    const startedAt = Date.now();
    const child = spawn(spec.command, spec.args, spec.options);
    children.set(spec.name, child);
    child.once('exit', (code, signal) => {
      children.set(spec.name, null);
      if (stopping || held.has(spec.name)) return;
      const up = Date.now() - startedAt;
      const delay = up > STABLE_AFTER_MS ? MIN_BACKOFF_MS : backoffMs;
      const why = signal ? `killed by ${signal}` : `exited with code ${code}`;
      log(`${spec.name} ${why} after ${(up / 1000).toFixed(1)} s; restarting in ${delay} ms`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping && !held.has(spec.name)) start(spec, Math.min(MAX_BACKOFF_MS, delay * 2));
      }, delay);
      timers.add(timer);
    });
  };
  for (const spec of services) start(spec, MIN_BACKOFF_MS);

  const stopChild = (child: ChildProcess | null | undefined) =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });

  return {
    child: (name) => children.get(name) ?? null,
    async hold(name) {
      held.add(name);
      log(`${name} stopped and held`);
      await stopChild(children.get(name));
    },
    release(name) {
      const spec = specs.get(name);
      if (!spec || !held.delete(name) || stopping) return;
      log(`${name} released; starting`);
      start(spec, MIN_BACKOFF_MS);
    },
    killAll() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      for (const child of children.values()) if (child && child.exitCode === null) child.kill('SIGKILL');
    },
    async stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all([...children.values()].map(stopChild));
    },
  };
}
