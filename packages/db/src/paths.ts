import path from 'node:path';

/** Repository root, found from this file's place (packages/db/src). */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const schemaPath = path.join(repoRoot, 'prisma/schema.prisma');
export const migrationsDir = path.join(repoRoot, 'prisma/migrations');
