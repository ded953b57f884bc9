import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import type pg from 'pg';
import { createPgClient, createPgPool, parseDatabaseUrl } from './hosts';
import { migrationsDir } from './paths';
import { inTransaction } from './transaction';

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** Migrations in Prisma's layout (`<name>/migration.sql`), oldest first. */
export function readMigrations(dir = migrationsDir): Migration[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

// Same table and columns as `prisma migrate deploy` keeps, so either tool can take over.
const MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

const LOCK_KEY = 72707369;

/**
 * The job queue's fetch index, ours (decision 0485). graphile-worker 0.17's fetch asks for its pool's jobs with
 * `run_at <= now()` ordered by (priority, run_at); its two indexes on (priority, run_at) give that order, so whenever
 * none of the pool's jobs was due the fetch read the entry of every job queued for later (every open task's next
 * escalation runs: 30,000-60,000 after a minute at 500 presses/s). The planner cannot see that from its statistics
 * (it takes the due rows as spread evenly through that order), so it kept choosing that walk even beside a run_at
 * index. With only this index, the due jobs are a range read of their own, sorted after: a fetch costs what is due,
 * not what waits. Created after the job queue's migrations (they make the table), under the same lock; its name is
 * ours, so it never clashes with theirs. A graphile-worker upgrade must check its migrations against this.
 * The locked jobs' index serves the takeover's sweeps (recovery/takeover.ts), once a second, which read every job.
 */
export const JOB_QUEUE_INDEXES_SQL = `CREATE INDEX IF NOT EXISTS sage_jobs_due_index
    ON graphile_worker._private_jobs (run_at) INCLUDE (priority, id, task_id, job_queue_id)
    WHERE is_available = true;
  CREATE INDEX IF NOT EXISTS sage_jobs_locked_index
    ON graphile_worker._private_jobs (locked_at) INCLUDE (locked_by)
    WHERE locked_by IS NOT NULL;
  DROP INDEX IF EXISTS graphile_worker.jobs_main_index, graphile_worker.jobs_no_queue_index`;

const quietLogger = new Logger(() => () => {}); // advisory lock shared by every process migrating this database

/**
 * Applies the committed migrations that the database lacks, each in its own transaction,
 * under an advisory lock so several processes may start at once. Refuses to continue when an
 * applied migration's file was edited afterwards (checksum differs), as Prisma does.
 */
export async function applyMigrations(
  connectionString: string,
  options: {
    dir?: string;
    log?: (line: string) => void;
    /** The password of the reports' login role (REPORTS_DATABASE_PASSWORD; decision 0500), set when given. */
    reportsPassword?: string | undefined;
  } = {},
): Promise<string[]> {
  const log = options.log ?? (() => {});
  const client = createPgClient(connectionString);
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    for (const m of readMigrations(options.dir)) {
      const known = done.get(m.name);
      if (known) {
        if (known !== m.checksum) {
          throw new Error(`Migration ${m.name} was modified after it was applied (checksum differs)`);
        }
        continue;
      }
      try {
        await inTransaction(client, async () => {
          await client.query(m.sql);
          await client.query(
            `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
             VALUES ($1, $2, $3, now(), 1)`,
            [randomUUID(), m.checksum, m.name],
          );
        });
      } catch (error) {
        throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`);
      }
      applied.push(m.name);
      log(`applied migration ${m.name}`);
    }
    // The job queue's own schema (graphile_worker), so the API can queue jobs before a worker ever ran.
    // Through a pool of our own, so a URL naming several hosts reaches the same primary (decision 0520).
    const pgPool = createPgPool(connectionString, { max: 1 });
    pgPool.on('error', () => {});
    pgPool.on('connect', (client) => client.on('error', () => {}));
    try {
      await runJobQueueMigrations({ pgPool, logger: quietLogger });
    } finally {
      await pgPool.end();
    }
    await client.query(JOB_QUEUE_INDEXES_SQL);
    if (options.reportsPassword) await setReportsPassword(client, options.reportsPassword, log);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return applied;
}

/** Creates the database named in the URL when it does not exist (connecting to `postgres`). */
export async function ensureDatabase(connectionString: string): Promise<void> {
  const parsed = parseDatabaseUrl(connectionString);
  const name = parsed.database;
  if (!name) throw new Error('DATABASE_URL names no database');
  const client = createPgClient(parsed.withDatabase('postgres'));
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    // Another process may have created it between our check and CREATE.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/**
 * Gives the reports' login role (sage_report_reader, decision 0500) its password. The password travels as a
 * parameter, never in a statement's text (so a statement log does not show it). A migrating user that may not
 * alter the role gets a line in the log, not a failure: reports then refuse to run until an operator sets it.
 */
async function setReportsPassword(
  client: pg.Client,
  password: string,
  log: (line: string) => void,
): Promise<void> {
  try {
    await inTransaction(client, async () => {
      await client.query(`SELECT set_config('sage.reports_password', $1, true)`, [password]);
      await client.query(`DO $$
        BEGIN
          IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sage_report_reader') THEN
            EXECUTE format('ALTER ROLE sage_report_reader PASSWORD %L', current_setting('sage.reports_password'));
          END IF;
        END $$`);
    });
  } catch (error) {
    log(`the reports' role sage_report_reader kept its password: ${(error as Error).message}`);
  }
}
