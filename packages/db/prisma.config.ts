import path from 'node:path';
import { defineConfig } from 'prisma/config';

// The schema lives at the repo root (one Postgres schema for all services).
// The datasource URL is only needed by `prisma migrate deploy` on machines where the native engine exists.
export default defineConfig({
  schema: path.join(import.meta.dirname, '../../prisma/schema.prisma'),
  migrations: { path: path.join(import.meta.dirname, '../../prisma/migrations') },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/sage' },
});
