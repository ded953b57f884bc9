// Starts the whole product on one machine: the database (embedded PostgreSQL unless DATABASE_URL is
// set), migrations, demo data, the API (serving the built web app), the device ingest, the job queue
// (decision 0111) and the watchdog (decision 0510), each restarted when it crashes (decision 0113). Ctrl-C stops
// it all.
import path from 'node:path';
import { applyMigrations, createPrisma, ensureDatabase } from '@sage/db';
import { EMBEDDED_REPORTS_PASSWORD, startEmbeddedPostgres } from '@sage/db/embedded';
import { DEMO, seedDemo } from '@sage/db/seed';
import { INGEST_NODE_FLAGS } from '../apps/worker/src/runtime/node-flags';
import { startDemoGateway } from './demo-gateway';
import { supervise } from './lib/supervise';

const root = path.resolve(import.meta.dirname, '..');
const log = (line: string) => console.log(`[start] ${line}`);

let stopDatabase = async () => {};
let databaseUrl = process.env.DATABASE_URL;
// The reports' login role (decision 0500) needs a password where the server asks for one: the embedded server,
// on loopback only, gets a fixed one as its own superuser has.
let reportsPassword = process.env.REPORTS_DATABASE_PASSWORD;
if (!databaseUrl) {
  reportsPassword ??= EMBEDDED_REPORTS_PASSWORD;
  const embedded = await startEmbeddedPostgres({});
  stopDatabase = embedded.stop;
  const url = new URL(embedded.serverUrl);
  url.pathname = '/sage';
  databaseUrl = url.toString();
  log(`embedded PostgreSQL on port ${embedded.port} (data in .data/postgres)`);
}

await ensureDatabase(databaseUrl);
const applied = await applyMigrations(databaseUrl, { log, reportsPassword });
log(applied.length ? `applied ${applied.length} migration(s)` : 'database schema up to date');
const prisma = createPrisma(databaseUrl, { max: 2 });
await seedDemo(prisma);
await prisma.$disconnect();
log('demo data ready');

const port = process.env.PORT ?? '3000';
const ingestPort = process.env.INGEST_PORT ?? '3001';
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  PORT: port,
  INGEST_PORT: ingestPort,
  ...(reportsPassword ? { REPORTS_DATABASE_PASSWORD: reportsPassword } : {}),
};
const tsx = path.join(root, 'node_modules/.bin/tsx');
const options = { cwd: root, env, stdio: 'inherit' as const };
const services = supervise(
  [
    { name: 'api', command: tsx, args: ['apps/api/src/server.ts'], options },
    { name: 'ingest', command: tsx, args: [...INGEST_NODE_FLAGS, 'apps/worker/src/ingest-main.ts'], options },
    { name: 'jobs', command: tsx, args: ['apps/worker/src/jobs-main.ts'], options },
    // Texts the on-call managers when alerts could be delayed (decision 0510); the texts land in the outbox.
    {
      name: 'watchdog',
      command: tsx,
      args: ['apps/watchdog/src/main.ts'],
      options: {
        ...options,
        env: {
          ...env,
          WATCHDOG_API_URL: `http://127.0.0.1:${port}`,
          WATCHDOG_INGEST_URL: `http://127.0.0.1:${ingestPort}`,
        },
      },
    },
  ],
  log,
);
// Demo only: heartbeats of the seeded devices, so device supervision stays quiet (scripts/demo-gateway.ts).
const demoGateway = startDemoGateway({ databaseUrl, ingestPort, gatewayKey: DEMO.gatewayKey, log });

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  await demoGateway.stop();
  await services.stop();
  await stopDatabase();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

setTimeout(() => {
  console.log(`
  Sage Care is running at http://localhost:${port}
  Device ingest (gateways): http://localhost:${ingestPort}/ingest/api/v1/events  (x-gateway-key: ${DEMO.gatewayKey})
                            a demo gateway posts a HEARTBEAT per device every 4 minutes
  Watchdog:                 texts the on-call managers (else the Management admins) when alerts could be
                            delayed, and again when fixed (in the outbox above)
  API documentation:        http://localhost:${port}/docs

  Demo sign-in numbers (codes arrive in the local outbox: http://localhost:${port}/dev/api/v1/outbox?to=<number>):
    ${DEMO.phones.manager}  manager (Management group admin)
    ${DEMO.phones.caregiver}  caregiver (Care staff)
    ${DEMO.phones.nurse}  nurse (Nurse/MedTech)
    ${DEMO.phones.housekeeper}  housekeeper (Housekeeping)
    ${DEMO.phones.careAdmin}  care-staff admin (Care staff, admin)

  Press Ctrl-C to stop.
`);
}, 2500);
