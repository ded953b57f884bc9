import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from './migrate';
import { createSchemaSql, diffDatabaseToSchema, readSchema } from './schema-engine';
import { createEmptyDatabase } from './testing';

// Everything that defines a database's shape, in a stable order, for comparing two databases.
const CATALOG_SQL = `
SELECT 'column' AS kind, table_name || '.' || column_name AS name,
       concat_ws(' ', data_type, udt_name, is_nullable, column_default) AS def
  FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
UNION ALL
SELECT 'index', indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'
UNION ALL
SELECT 'constraint', conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid)
  FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations'
UNION ALL
SELECT 'enum', t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder)
  FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname
ORDER BY 1, 2`;

async function catalog(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(CATALOG_SQL)).rows;
  } finally {
    await client.end();
  }
}

describe('prisma/schema.prisma and prisma/migrations', () => {
  type Db = Awaited<ReturnType<typeof createEmptyDatabase>>;
  let fromMigrations: Db;
  let fromSchema: Db;
  beforeAll(async () => {
    [fromMigrations, fromSchema] = await Promise.all([createEmptyDatabase(), createEmptyDatabase()]);
    await applyMigrations(fromMigrations.url);
  });
  afterAll(async () => {
    await Promise.all([fromMigrations.drop(), fromSchema.drop()]);
  });

  it('has at least one migration', () => {
    expect(readMigrations().length).toBeGreaterThan(0);
  });

  // What `pnpm db:migration:create` writes: the migrations' database diffed against the schema (decision 0580).
  it('the schema adds nothing the migrations lack (else run `pnpm db:migration:create <name>`)', async () => {
    expect(await diffDatabaseToSchema(fromMigrations.url, readSchema())).toBe('');
  });

  it('applying the migrations gives exactly the database the schema describes', async () => {
    const client = new pg.Client({ connectionString: fromSchema.url });
    await client.connect();
    await client.query(await createSchemaSql(readSchema()));
    await client.end();
    const a = await catalog(fromMigrations.url);
    const b = await catalog(fromSchema.url);
    expect(a.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });

  it('applying them twice changes nothing', async () => {
    expect(await applyMigrations(fromMigrations.url)).toEqual([]);
  });
});
