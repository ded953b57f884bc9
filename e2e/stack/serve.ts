// The whole stack for the browser tests: a fresh database of its own with the demo data, the API
// (serving the built web app) and the worker, in one process. Prints READY when both listen;
// SIGTERM closes them and drops the database.
import https from 'node:https';
import tls from 'node:tls';
import { buildApp } from '@sage/api';
import { loadConfig } from '@sage/api/env';
import { seedDemo } from '@sage/db/seed';
import { createTestDatabase } from '@sage/db/testing';
import { startWorker } from '@sage/worker';
import { loadWorkerConfig } from '@sage/worker/env';
import { seedA11yCommunity } from './a11y-community';
import { seedCheckInCommunity } from './check-in-community';
import { seedDrawersCommunity } from './drawers-community';
import { seedInsightsCommunity } from './insights-community';
import { seedLogoffCommunity } from './logoff-community';
import { seedNewCommunity } from './new-community';
import { seedPolicyCommunity } from './policy-community';
import { makeE2ePushCertificate } from './push-certificate';
import { seedQaCommunity } from './qa-community';
import { seedResponseTimesCommunity } from './response-times-community';
import { seedSafetyCommunity } from './safety-community';
import { seedScreensCommunities } from './screens-community';
import { seedSoundCommunity } from './sound-community';
import { seedSpanishAdminCommunity } from './spanish-admin-community';
import { seedSpanishCommunity } from './spanish-community';
import { seedSpanishDashboardCommunity } from './spanish-dashboard-community';
import { seedSpanishDevicesCommunity } from './spanish-devices-community';
import { seedSpanishManageResidentsCommunity } from './spanish-manage-residents-community';
import { seedSpanishManagerCommunity } from './spanish-manager-community';
import { seedSpanishPagesCommunity } from './spanish-pages-community';
import { seedSpanishPeopleCommunity } from './spanish-people-community';
import { seedSpanishRoutinesCommunity } from './spanish-routines-community';
import { seedStationCommunity } from './station-community';
import {
  markTourOfferedOutsideTourCommunity,
  seedSpanishTourCommunity,
  seedTourCommunity,
} from './tour-community';
import { seedUnitCheckInCommunity } from './unit-check-in-community';
import { seedWalk2Communities } from './walk2-community';

const port = process.env.E2E_PORT ?? '3110';
const ingestPort = process.env.E2E_INGEST_PORT ?? '3111';
const db = await createTestDatabase();
await seedDemo(db.prisma);
await seedNewCommunity(db.prisma);
await seedLogoffCommunity(db.prisma);
await seedCheckInCommunity(db.prisma);
await seedQaCommunity(db.prisma);
await seedResponseTimesCommunity(db.prisma);
await seedInsightsCommunity(db.prisma);
await seedSoundCommunity(db.prisma);
await seedA11yCommunity(db.prisma);
await seedSpanishCommunity(db.prisma);
await seedSpanishPagesCommunity(db.prisma);
await seedSpanishDashboardCommunity(db.prisma);
await seedSpanishManagerCommunity(db.prisma);
await seedSpanishAdminCommunity(db.prisma);
await seedSpanishManageResidentsCommunity(db.prisma);
await seedPolicyCommunity(db.prisma);
await seedDrawersCommunity(db.prisma);
await seedStationCommunity(db.prisma);
await seedTourCommunity(db.prisma);
await seedSpanishTourCommunity(db.prisma);
await seedUnitCheckInCommunity(db.prisma);
await seedSafetyCommunity(db.prisma);
await seedScreensCommunities(db.prisma);
await seedWalk2Communities(db.prisma);
await seedSpanishPeopleCommunity(db.prisma);
await seedSpanishRoutinesCommunity(db.prisma);
await seedSpanishDevicesCommunity(db.prisma);
// Last of the seeds: the tour is offered only in the tour community (decision 0363).
await markTourOfferedOutsideTourCommunity(db.prisma);

const env = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATABASE_URL: db.url,
  // Reports log in as their own role (decision 0500).
  REPORTS_DATABASE_URL: db.reportsUrl,
  PORT: port,
  INGEST_PORT: ingestPort,
  // Every spec signs in from the one loopback address: the per-address limit of sign-in codes (30 in 10 min,
  // tested in signin.int.test.ts and perimeter.int.test.ts) would make the late specs wait out its window.
  SIGNIN_MAX_STARTS_PER_ADDRESS: '1000',
  // Specs share one session per person for the whole run (alerts/fixtures.ts sharedSession), held by a worker
  // across many files, and their pages never refresh (refresh tokens rotate: a second holder refreshing would end
  // the session for all). With the 10-minute default a worker's token expired mid-spec once the run passed ten
  // minutes: its pages' /live sockets were closed with 4401 and refused again, so a page stopped seeing changes
  // without a sign-out (a CI run failed so). Three hours outlives any run; the expiry itself is tested in the API
  // (live.int.test.ts, the token tests) and the silent refresh in the web app's tests.
  ACCESS_TOKEN_TTL_SECONDS: String(3 * 3600),
  // No hourly insights pass: insights appearing mid-run would put the explore prompt on other specs' dashboards.
  INSIGHTS_ENGINE: 'off',
  // A build of the web app elsewhere than apps/web/dist (parallel runs build into their own folders).
  ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
};
const config = loadConfig(env);
const api = await buildApp(config, { logger: { level: 'warn' } });
await api.listen({ host: '127.0.0.1', port: config.PORT });
// Web pushes may also go to the push test's loopback push service (its certificate trusted: decision 0064).
const pushCa = [...tls.rootCertificates, makeE2ePushCertificate(port).cert];
const worker = await startWorker(loadWorkerConfig(env), {
  logger: { level: 'warn' },
  notifications: { pushAgent: new https.Agent({ ca: pushCa, keepAlive: true }) },
});

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await worker.close();
  await api.close();
  await db.drop();
  process.exit(0);
}
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
console.log(`READY http://127.0.0.1:${port} ingest http://127.0.0.1:${ingestPort}`);
