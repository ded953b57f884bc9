// Generates the Prisma client. Generation needs no native schema engine, but the CLI insists on
// finding one, so point it at a placeholder when none is configured (see ARCHITECTURE.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const placeholder = path.join(os.tmpdir(), 'prisma-schema-engine-placeholder');
  if (!fs.existsSync(placeholder)) fs.writeFileSync(placeholder, '');
  env.PRISMA_SCHEMA_ENGINE_BINARY = placeholder;
}
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
execFileSync('prisma', ['generate'], { stdio: 'inherit', env, cwd: path.join(import.meta.dirname, '..') });
