import fs from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { migratedSchemaPath, schemaPath } from './paths';

// Prisma's native schema engine cannot be downloaded on every machine; its WebAssembly build
// computes the same migration scripts (see ARCHITECTURE.md). It needs `--experimental-wasm-modules`.
type DiffTarget = { tag: 'empty' } | { tag: 'schemaDatamodel'; files: { path: string; content: string }[] };

/** The engine connects to a server on start, though a diff between datamodels reads nothing from it. */
export function engineConnectionString(): string {
  return (
    process.env.DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgresql://postgres@127.0.0.1:5432/postgres'
  );
}

async function loadEngine(datamodel: string, connectionString: string) {
  const { SchemaEngine } = await import('@prisma/schema-engine-wasm');
  const adapter = new PrismaPg({ connectionString });
  return SchemaEngine.new(
    { datamodels: [['schema.prisma', datamodel]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(adapter),
  );
}

const noFilters = { externalTables: [], externalEnums: [] };

/** The SQL that takes a database from `from` (a datamodel, or empty) to `to`. Empty when equal. */
export async function diffDatamodels(
  from: string | null,
  to: string,
  connectionString = engineConnectionString(),
): Promise<string> {
  const engine = await loadEngine(to, connectionString);
  const target = (content: string): DiffTarget => ({
    tag: 'schemaDatamodel',
    files: [{ path: 'schema.prisma', content }],
  });
  const result = await engine.diff({
    from: from === null ? { tag: 'empty' } : target(from),
    to: target(to),
    script: true,
    exitCode: null,
    filters: noFilters,
  });
  engine.free();
  const sql = result.stdout ?? '';
  // An empty diff prints only a comment.
  return /^\s*(--[^\n]*\n?\s*)*$/.test(sql) ? '' : sql;
}

export function readSchema(): string {
  return fs.readFileSync(schemaPath, 'utf8');
}

export function readMigratedSchema(): string | null {
  return fs.existsSync(migratedSchemaPath) ? fs.readFileSync(migratedSchemaPath, 'utf8') : null;
}
