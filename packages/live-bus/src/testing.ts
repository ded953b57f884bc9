import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { freePort } from '@sage/db/local-cluster';

/** The nats-server binary (these machines have it at /usr/sbin/nats-server); NATS_SERVER_BIN overrides. */
export const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN || '/usr/sbin/nats-server';

export interface NatsServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then waits for the process to end). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A real nats-server on a free loopback port, for tests and the benchmark (like their PostgreSQL). */
export async function startNatsServer(): Promise<NatsServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = '';
  const start = async () => {
    output = '';
    const c = spawn(NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    c.stdout?.on('data', (d) => (output += d));
    c.stderr?.on('data', (d) => (output += d));
    child = c;
    const deadline = Date.now() + 10_000;
    while (!(await accepting(port))) {
      if (c.exitCode !== null || Date.now() > deadline) {
        throw new Error(`nats-server did not start on port ${port}:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const ended = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await ended;
  };
  await start();
  return { url: `nats://127.0.0.1:${port}`, port, start, stop };
}

/** Polls `read` until it gives a value (tests of the buses: frames arrive asynchronously). */
export async function until<T>(
  read: () => T | undefined | false,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
