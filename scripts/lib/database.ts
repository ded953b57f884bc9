import net from 'node:net';
import { startEmbeddedPostgres } from '@sage/db/embedded';

export const LOCAL_POSTGRES_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

export function canConnect(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The PostgreSQL server for tests: TEST_DATABASE_URL when set, else the local one at 5432 when it
 * answers, else the embedded one (stopped by the returned function).
 */
export async function testServer(
  log: (line: string) => void,
): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  if (await canConnect('127.0.0.1', 5432)) return { url: LOCAL_POSTGRES_URL, stop: async () => {} };
  log('No PostgreSQL at 127.0.0.1:5432: starting the embedded one for the tests');
  const embedded = await startEmbeddedPostgres({ log });
  return { url: embedded.serverUrl, stop: embedded.stop };
}
