/**
 * Benchmark: the API's live fan-out alone (issue #18). The benchmark commits task changes at a fixed rate (each
 * its own transaction, as the worker does, round-robin over the facilities) and the real API process (started
 * as deployed, `apps/api/src/server.ts`) fans each one out over /live to every client of its facility; the
 * clients run in separate processes (live-clients.ts, the same as press-to-live's). Prints the API process's CPU time per 1,000 frames delivered (utime+stime
 * from /proc/<pid>/stat over the sending window, idle cost included) and commit → client receipt latency.
 *
 *   pnpm exec tsx scripts/bench/live-fanout.ts [--rate 500] [--duration 10] [--clients 1000] [--facilities 10]
 *     [--client-processes 4] [--live-bus pg|nats] [--profile <dir>]
 *
 * A fresh database, dropped at the end; loopback only; bounded in count and time. Figures on a shared machine
 * are relative: the load average is printed beside them.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { recordTaskChangePg, withTransaction } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase } from '@sage/db/testing';
import { startNatsServer } from '@sage/live-bus/testing';
import pg from 'pg';
import { testServer } from '../lib/database';
import { boundedFlag, exitWithCode, freePort, startAppProcess, stop, waitForHealth } from './lib';
import { type LiveClients, liveClientSpecs, startLiveClients } from './live-clients';
import { benchClock } from './live-frames';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '10' },
    clients: { type: 'string', default: '1000' },
    facilities: { type: 'string', default: '10' },
    'client-processes': { type: 'string', default: '4' },
    'live-bus': { type: 'string', default: 'pg' },
    profile: { type: 'string' },
  },
});
const bounded = (name: string, value: string | undefined, min: number, max: number) =>
  boundedFlag(name, value, min, max, { integer: true });
const RATE = bounded('rate', args.rate, 1, 2_000);
const DURATION_S = bounded('duration', args.duration, 1, 60);
const CLIENTS = bounded('clients', args.clients, 1, 5_000);
const FACILITIES = bounded('facilities', args.facilities, 1, 50);
const CLIENT_PROCESSES = bounded('client-processes', args['client-processes'], 1, 16);
const LIVE_BUS = args['live-bus'];
if (LIVE_BUS !== 'pg' && LIVE_BUS !== 'nats') throw new Error('--live-bus must be pg or nats');
const COUNT = RATE * DURATION_S;
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;
const now = benchClock;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100; // CLK_TCK on Linux
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** The write system calls (write, writev, send...) a process has made so far, from /proc/<pid>/io. */
function writeCalls(pid: number): number {
  const line = readFileSync(`/proc/${pid}/io`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('syscw:'));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN);
}

async function main(): Promise<void> {
  const server = await testServer(console.log);
  process.env.TEST_DATABASE_URL = server.url;
  const db = await createTestDatabase();
  const nats = LIVE_BUS === 'nats' ? await startNatsServer() : null;
  const children: ChildProcess[] = [];
  let clients: LiveClients | undefined;
  const pool = new pg.Pool({ connectionString: db.url, max: 8 });
  try {
    console.log(
      `live fan-out: ${RATE} changes/s for ${DURATION_S} s to ${CLIENTS} clients over ${FACILITIES} facilities ` +
        `(${CLIENT_PROCESSES} client processes), live bus ${LIVE_BUS}; ${os.cpus().length} CPUs, load average ${loadAverage()}`,
    );
    const facilities: TestFacility[] = [];
    for (let i = 0; i < FACILITIES; i++) facilities.push(await createTestFacility(db.prisma));

    const port = await freePort();
    const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
    const api = startAppProcess(
      'apps/api/src/server.ts',
      { DATABASE_URL: db.url, PORT: String(port), JWT_SECRET, LIVE_BUS_URL: nats?.url ?? '' },
      profile,
    );
    children.push(api);
    const apiUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(`${apiUrl}/healthz`, 60_000);

    const { specs, clientsOf } = await liveClientSpecs(db.prisma, facilities, {
      clients: CLIENTS,
      processes: CLIENT_PROCESSES,
      apiUrls: [apiUrl],
      jwtSecret: JWT_SECRET,
    });
    clients = startLiveClients(CLIENT_PROCESSES, { execArgv: profile, log: console.log });
    const connected = await clients.connect(specs);
    console.log(`${connected} clients ready; load average ${loadAverage()}; sending`);

    const committedAt = new Map<string, { at: number; facilityId: string }>(); // by task id
    const cpuBefore = cpuMs(api.pid!);
    const writesBefore = writeCalls(api.pid!);
    const start = now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < COUNT; i++) {
      const wait = start + (i * 1000) / RATE - now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const facilityId = facilities[i % FACILITIES]!.facilityId;
      inFlight.push(
        (async () => {
          const taskId = `bench-task-${i}`;
          await withTransaction(pool, (client) =>
            recordTaskChangePg(client, {
              facilityId,
              taskId,
              status: 'OPEN_UNCLAIMED',
              severity: 'STAFF_ASSIST',
            }),
          );
          committedAt.set(taskId, { at: now(), facilityId });
        })(),
      );
    }
    await Promise.all(inFlight);
    const expected = [...committedAt.values()].reduce((n, c) => n + (clientsOf.get(c.facilityId) ?? 0), 0);
    // Let the last frames arrive (bounded), then read the API's CPU time and stop the clients.
    await new Promise((r) => setTimeout(r, 2_000));
    const elapsedS = (now() - start) / 1000;
    const cpuUsed = cpuMs(api.pid!) - cpuBefore;
    const writes = writeCalls(api.pid!) - writesBefore;
    const { byTask, doubled, closed } = await clients.collect();

    let received = 0;
    const latencies = new Float64Array([...byTask.values()].reduce((n, times) => n + times.length, 0));
    for (const [taskId, times] of byTask) {
      const committed = committedAt.get(taskId);
      if (committed) for (const t of times) latencies[received++] = t - committed.at;
    }
    const sorted = latencies.subarray(0, received).sort();
    console.log(
      `live fan-out ${LIVE_BUS} (RELATIVE, shared machine): ${COUNT} changes at ${RATE}/s, ${received} of ${expected} frames ` +
        `delivered to ${CLIENTS} clients (${closed} sockets closed${doubled ? `, ${doubled} deliveries doubled` : ''}); API CPU ${cpuUsed.toFixed(0)} ms over ${elapsedS.toFixed(1)} s ` +
        `(${(cpuUsed / elapsedS / 10).toFixed(0)} % of one core) = ${((cpuUsed * 1000) / Math.max(1, received)).toFixed(1)} ms ` +
        `per 1,000 frames, ${((writes * 1000) / Math.max(1, received)).toFixed(0)} write system calls per 1,000 frames; commit → receipt p50 ${ms(percentile(sorted, 50))} p95 ${ms(percentile(sorted, 95))} ` +
        `p99 ${ms(percentile(sorted, 99))} max ${ms(sorted.at(-1) ?? Number.NaN)}; load average ${loadAverage()}`,
    );
    process.exitCode = received === expected && doubled === 0 && closed === 0 ? 0 : 1;
  } finally {
    await pool.end();
    for (const c of clients?.processes ?? []) await stop(c.child);
    for (const child of children.reverse()) await stop(child);
    await nats?.stop();
    await db.drop();
    await server.stop();
  }
}

await exitWithCode(main);
