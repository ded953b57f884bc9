// `npm test`: installs, then runs every test (lint, types, unit, integration on real PostgreSQL,
// Playwright in Chromium). See scripts/test.ts.
import { pnpm, prepareWorkspace } from './lib/pnpm.mjs';

prepareWorkspace();
pnpm(['exec', 'tsx', 'scripts/test.ts', ...process.argv.slice(2)]);
