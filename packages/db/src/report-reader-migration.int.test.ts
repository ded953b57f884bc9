import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from './migrate';
import { REPORT_READER_ROLE, reportsDatabaseUrl } from './tabular-records';
import { createEmptyDatabase, createTestDatabase, TEST_REPORTS_PASSWORD, testServerUrl } from './testing';

/**
 * Decision 0500: a migrating user that may not create or alter roles still migrates (a warning, no failure), and the
 * reports' role then reads that database's reporting views; the migrating user is no member of the old
 * sage_tabular_reader.
 */
const migrator = `sage_test_migrator_${randomBytes(4).toString('hex')}`;
const password = 'sage-test-migrator';
let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
let migratorUrl: string;

async function asAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // The server's reports role, as a superuser's migration makes it (the template's), before this user migrates.
  const template = await createTestDatabase();
  await template.drop();
  database = await createEmptyDatabase();
  const name = new URL(database.url).pathname.slice(1);
  await asAdmin(async (c) => {
    await c.query(`CREATE ROLE ${migrator} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB PASSWORD '${password}'`);
    await c.query(`ALTER DATABASE "${name}" OWNER TO ${migrator}`);
  });
  const url = new URL(database.url);
  url.username = migrator;
  url.password = password;
  migratorUrl = url.toString();
}, 60_000);

afterAll(async () => {
  await database?.drop();
  await asAdmin(async (c) => {
    await c.query(`DROP OWNED BY ${migrator}`).catch(() => {});
    await c.query(`DROP ROLE IF EXISTS ${migrator}`);
  });
});

describe('migrating without CREATEROLE (decision 0500)', () => {
  it('succeeds, and the reports’ role reads the views there and nothing else', async () => {
    // The role exists on this server already (the template's migration made it); this user may not alter it.
    await expect(applyMigrations(migratorUrl, { reportsPassword: TEST_REPORTS_PASSWORD })).resolves.toContain(
      '20261128100000_report_reader_login',
    );
    const reader = new pg.Client({
      connectionString: reportsDatabaseUrl({
        DATABASE_URL: database.url,
        REPORTS_DATABASE_PASSWORD: TEST_REPORTS_PASSWORD,
      }),
    });
    await reader.connect();
    try {
      expect((await reader.query('SELECT session_user::text AS u')).rows[0].u).toBe(REPORT_READER_ROLE);
      expect((await reader.query('SELECT count(*)::int AS n FROM reporting.alerts')).rows[0].n).toBe(0);
      await expect(reader.query('SELECT count(*) FROM public."Facility"')).rejects.toMatchObject({
        code: '42501',
      });
      await expect(reader.query(`SET ROLE ${migrator}`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await reader.end();
    }
    const member = await asAdmin((c) =>
      c.query(
        `SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid
          WHERE r.rolname = 'sage_tabular_reader' AND m.member = $1::regrole`,
        [migrator],
      ),
    );
    expect(member.rowCount).toBe(0);
  }, 120_000);
});
