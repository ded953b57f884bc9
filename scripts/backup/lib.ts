/**
 * Backups and point-in-time recovery (issue #30, decision 0524), with PostgreSQL's own tools: a base backup
 * (pg_basebackup) plus the WAL archive the server keeps with `archive_command`, and a restore that replays the
 * archive up to a chosen time (`recovery_target_time`) in a fresh data directory. docs/operations.md describes it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chownToPostgres, pgTool } from '@sage/db/local-cluster';

/** postgresql.conf lines that keep a WAL archive in `archiveDir` (what the server needs before any base backup). */
export function archiveSettings(archiveDir: string): string[] {
  return [
    'archive_mode = on',
    `archive_command = 'test ! -f ${archiveDir}/%f && cp %p ${archiveDir}/%f'`,
    // A segment is archived when full or after this long: bounds what a lost machine costs to 60 s of WAL.
    'archive_timeout = 60',
  ];
}

export interface BaseBackupResult {
  dir: string;
  bytes: number;
  ms: number;
}

/** Size of a directory's files, in bytes. */
export function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** A base backup of the server at host:port into `dir` (tar, compressed; the WAL from the archive). */
export async function baseBackup(
  host: string,
  port: number,
  user: string,
  dir: string,
): Promise<BaseBackupResult> {
  fs.mkdirSync(dir, { recursive: true });
  chownToPostgres(dir);
  const started = performance.now();
  await pgTool('pg_basebackup', [
    '-h',
    host,
    '-p',
    String(port),
    '-U',
    user,
    '-D',
    dir,
    '-Ft',
    '-z',
    '-X',
    'fetch',
    '-c',
    'fast',
    '--manifest-checksums=SHA256',
  ]);
  return { dir, bytes: directoryBytes(dir), ms: performance.now() - started };
}

export interface RestoreOptions {
  /** A base backup made by `baseBackup`. */
  backupDir: string;
  archiveDir: string;
  /** The fresh data directory (must not exist). */
  dataDir: string;
  port: number;
  /** Replay the archive up to this time (every transaction committed at or before it); omitted: all of it. */
  targetTime?: Date;
}

/** Restores a base backup into `dataDir` and replays the WAL archive up to `targetTime`; leaves the server stopped. */
export async function restore(o: RestoreOptions): Promise<void> {
  if (fs.existsSync(o.dataDir)) throw new Error(`${o.dataDir} exists: a restore goes into a fresh directory`);
  fs.mkdirSync(o.dataDir, { recursive: true, mode: 0o700 });
  execFileSync('tar', ['-xzf', path.join(o.backupDir, 'base.tar.gz'), '-C', o.dataDir]);
  const walTar = path.join(o.backupDir, 'pg_wal.tar.gz');
  if (fs.existsSync(walTar)) execFileSync('tar', ['-xzf', walTar, '-C', path.join(o.dataDir, 'pg_wal')]);
  // The restored server archives nowhere (it is not the primary's archive) and listens on its own port.
  const conf = [
    `port = ${o.port}`,
    "listen_addresses = '127.0.0.1'",
    "unix_socket_directories = ''",
    'archive_mode = off',
    `restore_command = 'cp ${o.archiveDir}/%f %p'`,
    ...(o.targetTime
      ? [`recovery_target_time = '${pgTimestamp(o.targetTime)}'`, "recovery_target_action = 'promote'"]
      : []),
  ];
  fs.appendFileSync(
    path.join(o.dataDir, 'postgresql.conf'),
    `\n# restore (scripts/backup)\n${conf.join('\n')}\n`,
  );
  fs.rmSync(path.join(o.dataDir, 'standby.signal'), { force: true });
  fs.writeFileSync(path.join(o.dataDir, 'recovery.signal'), '');
  execFileSync('chown', ['-R', ...chownArgs(), o.dataDir]);
}

/** 2026-11-28 10:28:14.765+00, as PostgreSQL reads a timestamptz setting. */
function pgTimestamp(t: Date): string {
  return t.toISOString().replace('T', ' ').replace('Z', '+00');
}

function chownArgs(): string[] {
  return process.getuid?.() === 0 ? ['postgres:postgres'] : [`${process.getuid?.()}`];
}

/** Starts a restored data directory and waits until its recovery is over (promoted: read-write). */
export async function startRestored(dataDir: string, timeoutMs = 300_000): Promise<void> {
  const logFile = path.join(dataDir, 'restore.log');
  try {
    await pgTool('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', String(timeoutMs / 1000), 'start']);
  } catch (error) {
    const tail = fs.existsSync(logFile)
      ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n')
      : '';
    throw new Error(`the restored server did not start:\n${tail}`, { cause: error });
  }
}

export async function stopServer(dataDir: string): Promise<void> {
  await pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => {});
}
