import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Local PostgreSQL servers on loopback from Debian's binaries (`pg_basebackup` is there; the embedded binaries have
 * only initdb, pg_ctl and postgres): a primary and its streaming standby for the tests of the multi-host connection
 * and the replica read path, and for the backup drill. Run as the `postgres` system user when this process is
 * root (PostgreSQL refuses root).
 */

const run = promisify(execFile);

/** The newest Debian PostgreSQL bin directory with pg_basebackup, or null. */
export function debianPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function requireBin(): string {
  const bin = debianPgBin();
  if (!bin) {
    throw new Error(
      "Debian's PostgreSQL binaries (pg_basebackup) are missing: apt-get install postgresql (.ci/run installs it)",
    );
  }
  return bin;
}

/** uid/gid of the `postgres` user when this process is root, else nothing. */
export function postgresOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, and there is no postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Runs one of the PostgreSQL binaries (as `postgres` when root). */
export async function pgTool(tool: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const ids = postgresOwner();
  const { stdout } = await run(path.join(requireBin(), tool), args, {
    ...(ids ?? {}),
    env: { ...process.env, ...env },
    cwd: os.tmpdir(),
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** A directory owned by the user PostgreSQL runs as. */
export function makeOwnedDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const ids = postgresOwner();
  if (ids) fs.chownSync(dir, ids.uid, ids.gid);
  fs.chmodSync(dir, 0o700);
  return dir;
}

export function chownToPostgres(p: string): void {
  const ids = postgresOwner();
  if (ids) fs.chownSync(p, ids.uid, ids.gid);
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface LocalServer {
  dataDir: string;
  port: number;
  url(database?: string): string;
  start(): Promise<void>;
  /** 'immediate' is a crash as far as the clients can tell. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  promote(): Promise<void>;
}

function server(dataDir: string, port: number): LocalServer {
  const logFile = path.join(dataDir, 'server.log');
  return {
    dataDir,
    port,
    url: (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pgTool('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
    },
    async stop(mode = 'fast') {
      await pgTool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']).catch(() => {});
    },
    async promote() {
      await pgTool('pg_ctl', ['-D', dataDir, '-w', 'promote']);
    },
  };
}

/** postgresql.conf lines for a small loopback server. */
function baseConf(port: number, extra: string[] = []): string {
  return [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    "unix_socket_directories = ''",
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
    'fsync = off',
    'shared_buffers = 32MB',
    'max_connections = 60',
    ...extra,
  ].join('\n');
}

/** initdb + start a primary on `port` (trust auth on loopback, replication allowed). */
export async function startPrimary(options: { port?: number; conf?: string[] } = {}): Promise<LocalServer> {
  const port = options.port ?? (await freePort());
  const dataDir = makeOwnedDir('sage-pg-primary-');
  await pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n${baseConf(port, options.conf)}\n`);
  const s = server(dataDir, port);
  await s.start();
  return s;
}

/** A streaming standby of `primary` made with pg_basebackup -R, started on `port`. */
export async function startStandby(
  primary: LocalServer,
  options: { port?: number; applicationName?: string } = {},
): Promise<LocalServer> {
  const port = options.port ?? (await freePort());
  const dataDir = makeOwnedDir('sage-pg-standby-');
  const name = options.applicationName ?? 'standby';
  await pgTool('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '-d',
    `application_name=${name}`,
  ]);
  fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `\nport = ${port}\n`);
  const s = server(dataDir, port);
  await s.start();
  return s;
}

/** Removes a server's data directory (stopped first). */
export async function destroyServer(s: LocalServer): Promise<void> {
  await s.stop('immediate');
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}
