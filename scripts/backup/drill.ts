/**
 * `pnpm drill:restore`: the restore drill (issue #30, decision 0524), run in CI. On loopback, with Debian's
 * PostgreSQL binaries:
 *   1. a primary keeping a WAL archive; the product's schema and the demo community (five weeks of history);
 *   2. a base backup (its size and time);
 *   3. more alerts, the chosen time, then alerts that must NOT come back;
 *   4. a restore into a new data directory up to the chosen time (its time), counted: tasks and audit rows as at
 *      the chosen time, none of the later ones;
 *   5. the whole product started on the restored server (the API, the device ingest, the job process), and one
 *      press of a demo pendant through the ingest made into an open task by the job process.
 * Exits 1 when anything differs. Ports: free ones on loopback.
 */
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH, OPEN_TASK_STATUSES, SEVERITY_VALUES } from '@sage/contract';
import { applyMigrations, createPrisma } from '@sage/db';
import { createPgClient } from '@sage/db/hosts';
import { destroyServer, freePort, makeOwnedDir, startPrimary } from '@sage/db/local-cluster';
import { DEMO, seedDemo } from '@sage/db/seed';
import { waitForHealth } from '../bench/lib';
import { archiveSettings, baseBackup, restore, startRestored, stopServer } from './lib';

const root = path.resolve(import.meta.dirname, '../..');
const log = (line: string) => console.log(`[drill] ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const work = makeOwnedDir('sage-drill-');
const archiveDir = path.join(work, 'archive');
const backupDir = path.join(work, 'base');
const restoredDir = path.join(work, 'restored');
fs.mkdirSync(archiveDir);
fs.chmodSync(work, 0o755);
const { chownToPostgres } = await import('@sage/db/local-cluster');
chownToPostgres(archiveDir);

let ok = false;
const primary = await startPrimary({ conf: archiveSettings(archiveDir) });
let restoredPort = 0;
try {
  const admin = createPgClient(primary.url());
  await admin.connect();
  await admin.query('CREATE DATABASE sage');
  const url = primary.url('sage');
  await applyMigrations(url, { log: () => {} });
  const prisma = createPrisma(url, { max: 2 });
  await seedDemo(prisma);
  const counts = async (db: ReturnType<typeof createPrisma>) => {
    const [row] = await db.$queryRawUnsafe<{ tasks: number; audit: number; marks: number }[]>(
      `SELECT (SELECT count(*) FROM "Task")::int AS tasks,
              (SELECT count(*) FROM "AuditLogEntry")::int AS audit,
              (SELECT count(*) FROM "Task" WHERE title LIKE 'Drill: after the chosen time%')::int AS marks`,
    );
    return row as { tasks: number; audit: number; marks: number };
  };
  log(`demo database seeded: ${JSON.stringify(await counts(prisma))}`);

  const backup = await baseBackup('127.0.0.1', primary.port, 'postgres', backupDir);
  log(`base backup: ${(backup.bytes / 1e6).toFixed(1)} MB in ${seconds(backup.ms)}`);

  // Alerts after the backup, up to the chosen time: they come back from the archive.
  const facility = await prisma.facility.findFirstOrThrow({ select: { id: true, enterpriseId: true } });
  const addTasks = async (title: string, n: number) => {
    for (let i = 0; i < n; i++) {
      await prisma.task.create({
        data: {
          facilityId: facility.id,
          enterpriseId: facility.enterpriseId,
          title: `${title} ${i + 1}`,
          severity: 'EMERGENCY',
          severityRank: SEVERITY_VALUES.EMERGENCY,
        },
      });
      // Each with its audit row, as the API writes one per request.
      await prisma.auditLogEntry.create({
        data: {
          occurredAt: new Date(),
          enterpriseId: facility.enterpriseId,
          facilityId: facility.id,
          action: 'CREATE',
          method: 'POST',
          route: '/care/api/v1/tasks',
          params: {},
          resourceIds: [],
          statusCode: 201,
        },
      });
    }
  };
  await addTasks('Drill: before the chosen time', 25);
  const atTarget = await counts(prisma);
  // The server's clock decides (commit timestamps): the chosen time is read from it, between the two sets.
  await sleep(1_100);
  const [{ now: targetTime }] = (await prisma.$queryRawUnsafe<{ now: Date }[]>('SELECT now() AS now')) as [
    { now: Date },
  ];
  await sleep(1_100);
  // After the chosen time: must not come back.
  await addTasks('Drill: after the chosen time', 10);
  const atEnd = await counts(prisma);
  // The segment holding the later commits goes to the archive now (archive_timeout would in 60 s).
  const [{ wal }] = (await prisma.$queryRawUnsafe<{ wal: string }[]>(
    'SELECT pg_walfile_name(pg_switch_wal()) AS wal',
  )) as [{ wal: string }];
  for (let i = 0; i < 600 && !fs.existsSync(path.join(archiveDir, wal)); i++) await sleep(100);
  if (!fs.existsSync(path.join(archiveDir, wal))) throw new Error(`WAL segment ${wal} was not archived`);
  await prisma.$disconnect();
  await admin.end();
  log(
    `chosen time ${targetTime.toISOString()}: ${JSON.stringify(atTarget)}; at the end ${JSON.stringify(atEnd)}`,
  );

  // The primary's machine is gone.
  await primary.stop('immediate');

  restoredPort = await freePort();
  const restoreStarted = performance.now();
  await restore({ backupDir, archiveDir, dataDir: restoredDir, port: restoredPort, targetTime });
  await startRestored(restoredDir);
  const restoredUrl = `postgresql://postgres@127.0.0.1:${restoredPort}/sage`;
  const probe = createPgClient(restoredUrl, { role: 'read' });
  await probe.connect();
  for (;;) {
    const { rows } = await probe.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
    if (!rows[0]?.r) break;
    await sleep(100);
  }
  await probe.end();
  const restoreMs = performance.now() - restoreStarted;
  const restored = createPrisma(restoredUrl, { max: 2 });
  const got = await counts(restored);
  log(`restored to the chosen time in ${seconds(restoreMs)}: ${JSON.stringify(got)}`);

  // The product on the restored server: the API, the ingest and the job process, started together; one press
  // through the ingest becomes a task.
  const [apiPort, ingestPort] = [await freePort(), await freePort()];
  const productStarted = performance.now();
  const start = (script: string) =>
    spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(apiPort),
        INGEST_PORT: String(ingestPort),
        DATABASE_URL: restoredUrl,
        JWT_SECRET: 'drill-secret-drill-secret-drill-secret',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  const processes = [
    start('apps/api/src/server.ts'),
    start('apps/worker/src/ingest-main.ts'),
    start('apps/worker/src/jobs-main.ts'),
  ];
  let apiUp = false;
  let pressTask: string | null = null;
  try {
    await Promise.all([
      waitForHealth(`http://127.0.0.1:${apiPort}/healthz`, 120_000).then(() => {
        apiUp = true;
      }),
      waitForHealth(`http://127.0.0.1:${ingestPort}/healthz`, 120_000),
    ]);
    log(
      `the API and the ingest answer on the restored server after ${seconds(performance.now() - productStarted)}`,
    );
    // A demo pendant with no open alert (a press on one with an open alert joins it instead of opening one).
    const [device] = await restored.$queryRawUnsafe<{ id: string; hardwareId: string }[]>(
      `SELECT d.id, d."hardwareId" FROM "Device" d
        WHERE d."facilityId" = (SELECT "facilityId" FROM "FacilityGateway" WHERE "keyHash" = $2)
          AND d."hardwareId" LIKE 'PENDANT-%' AND NOT EXISTS (
          SELECT 1 FROM "Task" t WHERE t."deviceId" = d.id AND t.status::text = ANY($1))
        ORDER BY d."hardwareId" LIMIT 1`,
      [...OPEN_TASK_STATUSES],
      createHash('sha256').update(DEMO.gatewayKey).digest('hex'),
    );
    if (!device) throw new Error('no demo pendant without an open alert');
    const pressedAt = new Date();
    // Sent until accepted, as a gateway does (the job process may still be starting: the ingest needs only the
    // database).
    for (let accepted = false; !accepted; ) {
      const res = await fetch(`http://127.0.0.1:${ingestPort}${INGEST_EVENTS_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [GATEWAY_KEY_HEADER]: DEMO.gatewayKey },
        body: JSON.stringify({
          eventId: randomUUID(),
          hardwareId: device.hardwareId,
          type: 'BUTTON_PRESS',
          timestamp: pressedAt.toISOString(),
        }),
      });
      await res.arrayBuffer();
      if (res.status === 202) accepted = true;
      else if (res.status === 503 || res.status === 429) await sleep(500);
      else throw new Error(`the ingest answered ${res.status} to a press of ${device.hardwareId}`);
      if (performance.now() - productStarted > 120_000) throw new Error('the press was never accepted');
    }
    for (let i = 0; i < 600 && !pressTask; i++) {
      const [task] = await restored.$queryRawUnsafe<{ id: string }[]>(
        `SELECT id FROM "Task" WHERE "deviceId" = $1 AND status::text = ANY($2) AND "creationTimestamp" >= $3 LIMIT 1`,
        device.id,
        [...OPEN_TASK_STATUSES],
        new Date(pressedAt.getTime() - 5_000),
      );
      if (task) pressTask = task.id;
      else await sleep(100);
    }
    if (pressTask) {
      log(
        `a press of ${device.hardwareId} became open task ${pressTask} on the restored server ` +
          `${seconds(performance.now() - productStarted)} after the product was started`,
      );
    }
  } finally {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(
      processes.map((child) =>
        child.exitCode !== null ? null : new Promise((resolve) => child.once('exit', resolve)),
      ),
    );
  }
  await restored.$disconnect();

  const problems = [
    got.tasks !== atTarget.tasks && `tasks ${got.tasks}, expected ${atTarget.tasks}`,
    got.audit !== atTarget.audit && `audit rows ${got.audit}, expected ${atTarget.audit}`,
    got.marks !== 0 && `${got.marks} tasks made after the chosen time came back`,
    !apiUp && 'the API did not start on the restored server',
    !pressTask && 'a press through the ingest did not become a task on the restored server',
  ].filter(Boolean);
  if (problems.length) log(`FAILED: ${problems.join('; ')}`);
  else {
    log(
      `passed: base backup ${(backup.bytes / 1e6).toFixed(1)} MB, restore to the chosen time ${seconds(restoreMs)}; ` +
        `${got.tasks} tasks and ${got.audit} audit rows as at the chosen time`,
    );
    ok = true;
  }
} finally {
  if (restoredPort) await stopServer(restoredDir);
  await destroyServer(primary);
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
