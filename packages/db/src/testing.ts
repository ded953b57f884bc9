import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPrisma, type PrismaClient } from './client';
import { EMBEDDED_REPORTS_PASSWORD } from './embedded-reports';
import { applyMigrations, readMigrations } from './migrate';
import { reportsDatabaseUrl } from './tabular-records';

/** A free loopback port (for a child process to listen on). */
export { freePort } from './local-cluster';
/** A relay a test can cut, to take a server away from the process under test (tcp-relay.ts). */
export { startTcpRelay, type TcpRelay } from './tcp-relay';

/**
 * Test databases: each test file gets its own database, cloned from a template that holds the
 * migrated schema, so files run in parallel and leave nothing behind.
 * TEST_DATABASE_URL names the server (the database in it is used for administration only);
 * `pnpm test` sets it to the local PostgreSQL or starts the embedded one.
 */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE_URL is not set. Run tests with `pnpm test` (it finds or starts a PostgreSQL), ' +
        'or set it, e.g. TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres',
    );
  }
  return url;
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let templatePromise: Promise<string> | undefined;

/**
 * The password the test template gives the reports' login role (decision 0500), for servers that ask for one
 * (the embedded PostgreSQL, whose data `npm start` shares: the same one); a trusting local server ignores it.
 */
export const TEST_REPORTS_PASSWORD = EMBEDDED_REPORTS_PASSWORD;

// Bump when what a template holds changes beyond the migrations (e.g. the job queue's schema).
const TEMPLATE_FORMAT = 'prisma+graphile-worker-0.17+sage-job-indexes';

/** The template database for the current migrations, created once per server and migration set. */
function templateDatabase(serverUrl: string): Promise<string> {
  templatePromise ??= (async () => {
    const migrations = readMigrations();
    const hash = createHash('sha256')
      .update(`${TEMPLATE_FORMAT};${migrations.map((m) => m.checksum).join(',')}`)
      .digest('hex')
      .slice(0, 16);
    const name = `sage_tpl_${hash}`;
    await admin(serverUrl, async (c) => {
      // Serialise template creation across parallel test processes.
      await c.query('SELECT pg_advisory_lock(727073)');
      try {
        const { rows } = await c.query<{ datistemplate: boolean }>(
          'SELECT datistemplate FROM pg_database WHERE datname = $1',
          [name],
        );
        if (rows[0]?.datistemplate) return;
        if (rows[0]) await c.query(`DROP DATABASE "${name}" WITH (FORCE)`);
        await c.query(`CREATE DATABASE "${name}"`);
        await applyMigrations(withDatabase(serverUrl, name), { reportsPassword: TEST_REPORTS_PASSWORD });
        await c.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      } finally {
        await c.query('SELECT pg_advisory_unlock(727073)');
      }
    });
    return name;
  })();
  return templatePromise;
}

export interface TestDatabase {
  /** Connection string of this test's own database. */
  url: string;
  /** The same database as the reports' login role (sage_report_reader; decision 0500). */
  reportsUrl: string;
  name: string;
  prisma: PrismaClient;
  /** Disconnects and drops the database. */
  drop(): Promise<void>;
}

/**
 * Drops a test database once the clients the test closed have finished leaving (a pool's `end()` can still be
 * saying goodbye): terminating such a client makes it raise 57P01 in the test process, an unhandled error that
 * fails the run. Anything still connected after a few seconds is a leak, and is terminated (FORCE).
 */
async function dropWhenLeft(c: pg.Client, name: string): Promise<void> {
  for (let waited = 0; waited < 5_000; waited += 100) {
    const { rows } = await c.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    if (!rows[0]?.n) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** A fresh, migrated database of its own. Call `drop()` in afterAll. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  const template = await templateDatabase(serverUrl);
  const name = `sage_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const url = withDatabase(serverUrl, name);
  const prisma = createPrisma(url, { max: 5 });
  return {
    url,
    reportsUrl: reportsDatabaseUrl({ DATABASE_URL: url, REPORTS_DATABASE_PASSWORD: TEST_REPORTS_PASSWORD }),
    name,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await admin(serverUrl, (c) => dropWhenLeft(c, name));
    },
  };
}

/** An empty database (no migrations), for tests of the migration tooling itself. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = testServerUrl();
  const name = `sage_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  return {
    url: withDatabase(serverUrl, name),
    drop: () => admin(serverUrl, (c) => dropWhenLeft(c, name)),
  };
}
