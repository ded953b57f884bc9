/**
 * Benchmark: the escalation start alone (issue #31, decision 0840). Creates --batches × --tasks open tasks spread
 * over --facilities facilities first, then starts them --tasks at a time (startTaskNotificationsBatch, in this
 * process, as the job process calls it), each batch's tasks of different facilities as the ingest's batches bring
 * them. The facilities' policies' first block is moved to 60 s, so a start runs no block (no sends): what is timed
 * is the start's two reads and its one write. Prints per started task: this process's CPU, the run database's
 * backends' CPU (from /proc), and, where the server loads pg_stat_statements, the start write's execution time,
 * buffer hits and WAL bytes, counts that depend far less on the machine's load than the CPU.
 *
 *   pnpm bench:escalation-start [--batches 250] [--tasks 4] [--facilities 10] [--warmup 20]
 *
 * Runs on TEST_DATABASE_URL's server (else the local one), on a fresh database dropped at the end.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase } from '@sage/db/testing';
import { startTaskNotificationsBatch } from '../../apps/worker/src/notifications/escalation-start';
import { batchJobHelpers, escalationTestDeps } from '../../apps/worker/src/test/worker';
import { testServer } from '../lib/database';
import { cpuModel, cpuSeconds } from './cpu';
import { analyzeLikeAutovacuum, boundedFlag, exitWithCode } from './lib';

const { values: args } = parseArgs({
  options: {
    batches: { type: 'string', default: '250' },
    tasks: { type: 'string', default: '4' },
    facilities: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '20' },
  },
});
const BATCHES = boundedFlag('batches', args.batches, 1, 10_000, { integer: true });
const TASKS = boundedFlag('tasks', args.tasks, 1, 200, { integer: true });
const FACILITIES = boundedFlag('facilities', args.facilities, 1, 100, { integer: true });
const WARMUP = boundedFlag('warmup', args.warmup, 0, 1_000, { integer: true });
const log = (line: string) => console.log(line);

async function main(): Promise<void> {
  const server = await testServer(log);
  process.env.TEST_DATABASE_URL = server.url;
  const db = await createTestDatabase();
  const { prisma } = db;
  try {
    const deps = await escalationTestDeps(db);
    const facilities: TestFacility[] = [];
    for (let i = 0; i < FACILITIES; i++) facilities.push(await createTestFacility(prisma));
    // No block due at the start: nothing is sent, the start is its reads and its write.
    await prisma.notificationBlock.updateMany({
      where: { facilityId: { in: facilities.map((f) => f.facilityId) }, executionTimeAfterStartInMs: 0 },
      data: { executionTimeAfterStartInMs: 60_000 },
    });
    const total = (WARMUP + BATCHES) * TASKS;
    const created: { taskId: string; facilityId: string }[] = [];
    for (let i = 0; i < total; i += 500) {
      const rows = Array.from({ length: Math.min(500, total - i) }, (_, k) => {
        const f = facilities[(i + k) % FACILITIES]!;
        return {
          id: randomUUID(),
          facilityId: f.facilityId,
          enterpriseId: f.enterpriseId,
          title: 'Start bench',
          severity: 'EMERGENCY' as const,
          severityRank: 1,
          status: 'OPEN_UNCLAIMED' as const,
          unitId: f.units.AL.id,
        };
      });
      await prisma.task.createMany({ data: rows });
      created.push(...rows.map((r) => ({ taskId: r.id, facilityId: r.facilityId })));
    }
    await analyzeLikeAutovacuum(prisma);
    const batchOf = (n: number) => created.slice(n * TASKS, (n + 1) * TASKS);
    for (let n = 0; n < WARMUP; n++) await startTaskNotificationsBatch(deps, batchOf(n), batchJobHelpers);
    await analyzeLikeAutovacuum(prisma);

    const statements = await prisma
      .$executeRawUnsafe('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
      .then(() => prisma.$queryRawUnsafe('SELECT pg_stat_statements_reset()::text'))
      .then(() => true)
      .catch(() => false);
    const backends = async () =>
      (
        await prisma.$queryRawUnsafe<{ pid: number }[]>(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
      ).map((r) => r.pid);
    const before = new Map((await backends()).map((pid) => [pid, cpuSeconds(pid) ?? 0]));
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    let started = 0;
    for (let n = WARMUP; n < WARMUP + BATCHES; n++) {
      const results = await startTaskNotificationsBatch(deps, batchOf(n), batchJobHelpers);
      started += results.filter((r) => r === 'STARTED').length;
    }
    const wallMs = performance.now() - startedAt;
    const cpu = process.cpuUsage(cpuBefore);
    const after = await backends();
    const pgCpu = after.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0) - (before.get(pid) ?? 0), 0);
    const gone = [...before.keys()].filter((pid) => !after.includes(pid)).length;

    const per = (x: number) => (x / started).toFixed(3);
    log(
      `escalation-start: ${BATCHES} batches of ${TASKS} tasks over ${FACILITIES} facilities (${WARMUP} warm-up ` +
        `batches before); ${cpuModel()}, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    const [snapshots] = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT (SELECT count(*) FROM information_schema.tables WHERE table_name = 'NotificationPolicySnapshot')::int AS n`,
    );
    const [sizes] = await prisma.$queryRawUnsafe<{ state: number | null; snapshots: number | null }[]>(
      `SELECT (SELECT avg(pg_column_size(state))::float8 FROM "NotificationContext") AS state,
              ${
                snapshots!.n ? `(SELECT count(*)::float8 FROM "NotificationPolicySnapshot")` : 'NULL::float8'
              } AS snapshots`,
    );
    log(
      `started           ${started} tasks in ${(wallMs / 1000).toFixed(2)} s (load-dependent); a context's state ` +
        `${sizes!.state === null ? 'none' : `${sizes!.state.toFixed(0)} bytes stored`}, policy snapshots ` +
        `${sizes!.snapshots ?? 'none (no table)'}`,
    );
    log(
      `CPU per task      this process ${per((cpu.user + cpu.system) / 1e3)} ms, the database's backends ` +
        `${per(pgCpu * 1000)} ms (${before.size} backends before, ${gone} gone since)`,
    );
    if (!statements) {
      log('pg_stat_statements is not loaded on this server: no statement figures');
      return;
    }
    const rows = await prisma.$queryRawUnsafe<
      { calls: string; exec: number; hits: string; wal: string; toplevel: boolean; query: string }[]
    >(
      `SELECT calls::text, total_exec_time AS exec, shared_blks_hit::text AS hits, wal_bytes::text AS wal, toplevel,
              regexp_replace(query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query NOT ILIKE '%pg_stat%' AND query NOT ILIKE 'ANALYZE%'
        ORDER BY total_exec_time DESC`,
    );
    const top = rows.filter((r) => r.toplevel);
    const sum = (list: typeof rows, f: (r: (typeof rows)[number]) => number) =>
      list.reduce((s, r) => s + f(r), 0);
    log(
      `statements        per task: ${per(sum(top, (r) => Number(r.calls)))} top-level calls, ` +
        `${per(sum(top, (r) => r.exec))} ms executing, ${per(sum(top, (r) => Number(r.hits)))} buffer hits, ` +
        `${per(sum(top, (r) => Number(r.wal)))} WAL bytes`,
    );
    for (const r of rows.slice(0, 10)) {
      log(
        `  ${per(Number(r.calls)).padStart(6)} calls ${per(r.exec).padStart(7)} ms ${per(Number(r.hits)).padStart(8)} hits ` +
          `${per(Number(r.wal)).padStart(9)} WAL B ${r.toplevel ? ' ' : '^'} ${r.query.slice(0, 110)}`,
      );
    }
  } finally {
    await db.drop();
    await server.stop();
  }
}

await exitWithCode(main);
