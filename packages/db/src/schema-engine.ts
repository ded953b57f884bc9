import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { applyMigrations } from './migrate';
import { schemaPath } from './paths';

// Prisma's native schema engine cannot be downloaded on every machine; its WebAssembly build
// computes the same migration scripts (see ARCHITECTURE.md, 'Databases'). It needs `--experimental-wasm-modules`.
type DiffTarget =
  | { tag: 'empty' }
  | { tag: 'schemaDatamodel'; files: { path: string; content: string }[] }
  | { tag: 'schemaDatasource'; files: { path: string; content: string }[]; configDir: string };

/** The server the engine talks to (and where `pendingMigrationSql` makes its scratch database). */
export function engineConnectionString(): string {
  return (
    process.env.DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgresql://postgres@127.0.0.1:5432/postgres'
  );
}

/** PostgreSQL's `"char"` type (pg_catalog's one-byte code columns). */
const CHAR_OID = 18;
const TEXT_OID = 25;

/**
 * A `pg` client whose result columns of type `"char"` say they are text. The engine's introspection reads
 * catalog columns of that type (`pg_class.relkind`, `pg_constraint.contype`), and the pg adapter refuses the type
 * ('Column type char could not be deserialized'); its values already arrive as one-character strings.
 */
class CharAsTextClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes every one through.
  override query(...args: any[]): any {
    const relabel = <R>(result: R): R => {
      for (const r of (Array.isArray(result) ? result : [result]) as (pg.QueryResult | undefined)[]) {
        for (const field of r?.fields ?? []) if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
      }
      return result;
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      // biome-ignore lint/suspicious/noExplicitAny: as above
      const callback = last as (error: Error | null, result: any) => void;
      // biome-ignore lint/suspicious/noExplicitAny: as above
      return (super.query as any)(...args.slice(0, -1), (error: Error | null, result: any) =>
        callback(error, error ? result : relabel(result)),
      );
    }
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const returned = (super.query as any)(...args);
    return returned && typeof returned.then === 'function' ? returned.then(relabel) : returned;
  }
}

async function withEngine<T>(
  datamodel: string,
  connectionString: string,
  // biome-ignore lint/suspicious/noExplicitAny: the engine's own d.ts types its methods loosely
  use: (engine: any) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await import('@prisma/schema-engine-wasm');
  const pool = new pg.Pool({ connectionString, max: 2, Client: CharAsTextClient });
  const engine = await SchemaEngine.new(
    { datamodels: [['schema.prisma', datamodel]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool)),
  );
  try {
    return await use(engine);
  } finally {
    engine.free();
    await pool.end();
  }
}

const noFilters = { externalTables: [], externalEnums: [] };
const datamodel = (content: string) => [{ path: 'schema.prisma', content }];

/** The script, or '' when the engine found nothing to change (it then prints only a comment). */
function scriptOf(result: { stdout?: string | null }): string {
  const sql = result.stdout ?? '';
  return /^\s*(--[^\n]*\n?\s*)*$/.test(sql) ? '' : sql;
}

/** The SQL that creates the schema `to` in an empty database (the engine reads nothing from its server). */
export async function createSchemaSql(
  to: string,
  connectionString = engineConnectionString(),
): Promise<string> {
  return withEngine(to, connectionString, async (engine) =>
    scriptOf(
      await engine.diff({
        from: { tag: 'empty' } satisfies DiffTarget,
        to: { tag: 'schemaDatamodel', files: datamodel(to) } satisfies DiffTarget,
        script: true,
        exitCode: null,
        filters: noFilters,
      }),
    ),
  );
}

/**
 * The SQL that takes the database at `databaseUrl` (its `public` schema, introspected) to the schema `to`; ''
 * when they agree. What Prisma cannot describe (triggers, functions) is not compared.
 */
export async function diffDatabaseToSchema(databaseUrl: string, to: string): Promise<string> {
  return withEngine(to, databaseUrl, async (engine) =>
    scriptOf(
      await engine.diff({
        from: {
          tag: 'schemaDatasource',
          files: datamodel(to),
          configDir: process.cwd(),
        } satisfies DiffTarget,
        to: { tag: 'schemaDatamodel', files: datamodel(to) } satisfies DiffTarget,
        script: true,
        exitCode: null,
        filters: noFilters,
      }),
    ),
  );
}

/**
 * What the next migration must do: the committed migrations are applied to a scratch database on the engine's
 * server (dropped after), which is diffed against `prisma/schema.prisma` (decision 0580; no copy of the schema
 * is kept).
 */
export async function pendingMigrationSql(
  schema = readSchema(),
  serverUrl = engineConnectionString(),
): Promise<string> {
  const name = `sage_migrations_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  try {
    url.pathname = `/${name}`;
    await applyMigrations(url.toString());
    return await diffDatabaseToSchema(url.toString(), schema);
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

export function readSchema(): string {
  return fs.readFileSync(schemaPath, 'utf8');
}
