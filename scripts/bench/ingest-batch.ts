/**
 * Benchmark: the ingest's batch apply alone (issue #18, decision 0455). Presses go straight to the ingest's
 * group commit (IngestGroupCommit, in this process, no HTTP), in rounds of one press then --batch presses, so
 * each round is one batch of one and one of --batch (the first press of a round takes the free slot); every
 * press is on a button of its own, so every press raises a new alert. Prints PostgreSQL's CPU time (the
 * pool's backends, from /proc) and, when the server has pg_stat_statements loaded, its statements, per 1,000
 * presses: counts that do not depend on the machine's load, unlike the wall time.
 *
 *   pnpm bench:ingest-batch [--presses 5200] [--batch 25] [--facilities 10]
 *
 * Runs on TEST_DATABASE_URL's server (else the local one), on a fresh database dropped at the end. On a server with
 * autovacuum off, the tables are analyzed after each round as autovacuum would (decision 0475): the ingest's
 * plans, generic ones above all (decision 0489), are made from the statistics of a table that grows.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { GENERIC_PLANS_SESSION_OPTIONS } from '@sage/db';
import { createTestFacility } from '@sage/db/factories';
import { createTestDatabase } from '@sage/db/testing';
import pg from 'pg';
import { IngestGroupCommit } from '../../apps/worker/src/ingest/group-commit';
import { testServer } from '../lib/database';
import { addBenchButtons, analyzeLikeAutovacuum, boundedFlag, exitWithCode, pressOrder } from './lib';

const { values } = parseArgs({
  options: {
    presses: { type: 'string', default: '5200' },
    batch: { type: 'string', default: '25' },
    facilities: { type: 'string', default: '10' },
  },
});
const PRESSES = boundedFlag('presses', values.presses, 1, 100_000);
const BATCH = boundedFlag('batch', values.batch, 1, 200);
const FACILITIES = boundedFlag('facilities', values.facilities, 1, 50);
const log = (line: string) => process.stdout.write(`${line}\n`);

const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
// A failed batch is reported: its events then went the job path's way and the figures would not hold.
const logger = { info() {}, warn: (message: string, meta?: object) => console.error(message, meta) };

async function main(): Promise<void> {
  const server = await testServer(log);
  process.env.TEST_DATABASE_URL = server.url;
  const db = await createTestDatabase();
  // Connections kept for the whole run, so their backends' CPU is all counted; the ingest's sessions' settings.
  const pool = new pg.Pool({
    connectionString: db.url,
    max: 4,
    idleTimeoutMillis: 0,
    options: GENERIC_PLANS_SESSION_OPTIONS,
  });
  try {
    const facilities = await Promise.all(
      Array.from({ length: FACILITIES }, () => createTestFacility(db.prisma)),
    );
    const buttons = (
      await Promise.all(
        facilities.map((f) => addBenchButtons(db.prisma, f, Math.ceil(PRESSES / FACILITIES) + BATCH)),
      )
    ).flat();
    const order = pressOrder(facilities, buttons, PRESSES);
    const ingest = new IngestGroupCommit(pool, logger, { maxInFlight: 1, maxBatch: BATCH });
    const clients = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
    const pids = await Promise.all(
      clients.map(
        async (c) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid,
      ),
    );
    // On a held client: a failed pool.query would close its connection, and with it a backend counted.
    const statements = await clients[0]!
      .query(
        'CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset(); SELECT pg_stat_reset()',
      )
      .then(() => true)
      .catch(() => false);
    for (const c of clients) c.release();
    const cpuBefore = pids.map(cpuSeconds);
    const startedAt = performance.now();
    let sent = 0;
    while (sent < PRESSES) {
      const round = order.slice(sent, sent + BATCH + 1);
      sent += round.length;
      await Promise.all(
        round.map((b) =>
          ingest.accept(
            { id: b.facility.gateway.id, facilityId: b.facility.facilityId },
            {
              eventId: `${b.hardwareId}:${sent}`,
              hardwareId: b.hardwareId,
              type: 'BUTTON_PRESS',
              timestamp: new Date().toISOString(),
            },
          ),
        ),
      );
      await analyzeLikeAutovacuum(db.prisma);
    }
    const wallMs = performance.now() - startedAt;
    const cpu = pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - cpuBefore[i]!, 0);
    const per1000 = 1000 / PRESSES;
    const { rows: counts } = await pool.query<{ tasks: number; changes: number; processed: number }>(
      `SELECT (SELECT count(*)::int FROM "Task" WHERE "deviceId" IS NOT NULL) AS tasks,
              (SELECT count(*)::int FROM "TaskChange") AS changes,
              (SELECT count(*)::int FROM "DeviceEvent" WHERE "processedAt" IS NOT NULL) AS processed`,
    );
    log(
      `ingest-batch: ${PRESSES} presses in rounds of 1 + ${BATCH}, ${FACILITIES} facilities; ${os.cpus().length} CPUs ` +
        `(${os.cpus()[0]?.model.trim()}), ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    log(
      `rows              tasks ${counts[0]!.tasks}, changes ${counts[0]!.changes}, processed ${counts[0]!.processed}`,
    );
    log(`wall              ${(wallMs / 1000).toFixed(2)} s (load-dependent)`);
    log(`postgres CPU      ${(cpu * per1000).toFixed(2)} s per 1,000 presses (the pool's 4 backends)`);
    // The indexes the presses maintain (their table written in the run) and whether the run read them: an index
    // written per press and read by no statement of the ingest is a candidate, once the code's other queries are
    // checked (the API's reads are not in this run).
    const { rows: indexes } = await pool.query<{ name: string; scans: string }>(
      `SELECT format('%s.%s', i.relname, i.indexrelname) AS name, i.idx_scan::text AS scans
         FROM pg_stat_user_indexes i JOIN pg_stat_user_tables t USING (relid)
        WHERE t.n_tup_ins + t.n_tup_upd > 0 AND i.schemaname = 'public'
        ORDER BY i.idx_scan, 1`,
    );
    log(
      `indexes written   ${indexes.length}; not read by the run: ${
        indexes
          .filter((i) => i.scans === '0')
          .map((i) => i.name)
          .join(', ') || 'none'
      }`,
    );
    if (!statements) {
      log('pg_stat_statements is not loaded on this server: no statement figures');
      return;
    }
    const { rows } = await pool.query<{ calls: string; total: number; query: string }>(
      `SELECT calls::text, total_exec_time AS total, regexp_replace(query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%count(*)::int FROM "Task"%'
        ORDER BY total_exec_time DESC`,
    );
    const total = rows.reduce((s, r) => s + r.total, 0);
    const calls = rows.reduce((s, r) => s + Number(r.calls), 0);
    log(
      `statements        ${(calls * per1000).toFixed(0)} calls, ${(total * per1000).toFixed(0)} ms exec per 1,000 presses`,
    );
    const checks = rows.filter((r) => r.query.includes('FOR KEY SHARE OF x'));
    log(
      `foreign-key checks ${(checks.reduce((s, r) => s + Number(r.calls), 0) * per1000).toFixed(0)} per 1,000 presses (${checks
        .map((r) => r.query.match(/FROM ONLY "public"\."([^"]+)"/)?.[1])
        .join(', ')})`,
    );
    for (const r of rows.slice(0, 12)) {
      log(
        `  ${(Number(r.calls) * per1000).toFixed(0).padStart(6)} calls ${(r.total * per1000).toFixed(1).padStart(8)} ms  ${r.query.slice(0, 100)}`,
      );
    }
  } finally {
    await pool.end();
    await db.drop();
    await server.stop();
  }
}

await exitWithCode(main);
