// `npm start`: installs, generates, builds the web app, then starts the whole product
// (embedded PostgreSQL unless DATABASE_URL is set, migrations, demo data, API and worker).
import { pnpm, prepareWorkspace } from './lib/pnpm.mjs';

prepareWorkspace();
pnpm(['--filter', '@sage/web', 'build']);
pnpm(['exec', 'tsx', 'scripts/demo.ts']);
