/**
 * Benchmark: the API's live fan-out alone (issue #18). The benchmark commits task changes at a fixed rate (each
 * its own transaction, as the worker does, round-robin over the facilities) and the real API process (started
 * as deployed, `apps/api/src/server.ts`) fans each one out over /live to every client of its facility; the
 * clients run in separate processes. Prints the API process's CPU time per 1,000 frames delivered (utime+stime
 * from /proc/<pid>/stat over the sending window, idle cost included) and commit → client receipt latency.
 *
 *   pnpm exec tsx scripts/bench/live-fanout.ts [--rate 500] [--duration 10] [--clients 1000] [--facilities 10]
 *     [--client-processes 4] [--live-bus pg|nats] [--profile <dir>]
 *
 * A fresh database, dropped at the end; loopback only; bounded in count and time. Figures on a shared machine
 * are relative: the load average is printed beside them.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openSessionToken } from '@sage/api/live-client';
import { recordTaskChangePg } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase } from '@sage/db/testing';
import { startNatsServer } from '@sage/live-bus/testing';
import pg from 'pg';
import { testServer } from '../lib/database';
import { boundedFlag, exitWithCode, freePort, stop, waitForHealth } from './lib';
import type { ClientsReply, ClientsStart } from './live-fanout-clients';

const root = path.resolve(import.meta.dirname, '../..');
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
const now = () => performance.timeOrigin + performance.now();
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
    const api = spawn(
      process.execPath,
      [...profile, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          DATABASE_URL: db.url,
          PORT: String(port),
          JWT_SECRET,
          LIVE_BUS_URL: nats?.url ?? '',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    children.push(api);
    const apiUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(`${apiUrl}/healthz`, 60_000);

    // Staff who see every task of their facility (the goal's clients), several sockets each.
    const auths: ClientsStart['auths'][] = Array.from({ length: CLIENT_PROCESSES }, () => []);
    const clientsOf = new Map<string, number>();
    for (let i = 0; i < CLIENTS; i++) {
      const facility = facilities[i % FACILITIES]!;
      const staff = [
        facility.staff.caregiver,
        facility.staff.manager,
        facility.staff.nurse,
        facility.staff.careAdmin,
      ];
      const viewer = staff[Math.floor(i / FACILITIES) % staff.length]!;
      const { token } = await openSessionToken(db.prisma, viewer.id, JWT_SECRET, 3_600);
      auths[i % CLIENT_PROCESSES]!.push({ accessToken: token, staffMemberId: viewer.id });
      clientsOf.set(facility.facilityId, (clientsOf.get(facility.facilityId) ?? 0) + 1);
    }
    const replies: ((reply: ClientsReply) => void)[] = [];
    const clientProcesses = auths.map((list) => {
      const child = fork(path.join(import.meta.dirname, 'live-fanout-clients.ts'), [], {
        execArgv: [...profile, '--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      child.on('message', (reply: ClientsReply) => {
        for (const handle of replies) handle(reply);
      });
      child.send({ type: 'start', url: apiUrl, auths: list } satisfies ClientsStart);
      return child;
    });
    const expect = <T extends ClientsReply['type']>(type: T) =>
      new Promise<Extract<ClientsReply, { type: T }>[]>((resolve) => {
        const got: Extract<ClientsReply, { type: T }>[] = [];
        replies.push((reply) => {
          if (reply.type === type) got.push(reply as Extract<ClientsReply, { type: T }>);
          if (got.length === clientProcesses.length) resolve(got);
        });
      });
    const ready = await expect('ready');
    console.log(
      `${ready.reduce((n, r) => n + r.connected, 0)} clients ready; load average ${loadAverage()}; sending`,
    );

    const committedAt = new Map<number, { at: number; facilityId: string }>();
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
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            const version = await recordTaskChangePg(client, {
              facilityId,
              taskId: `bench-task-${i}`,
              status: 'OPEN_UNCLAIMED',
              severity: 'STAFF_ASSIST',
            });
            await client.query('COMMIT');
            committedAt.set(version, { at: now(), facilityId });
          } finally {
            client.release();
          }
        })(),
      );
    }
    await Promise.all(inFlight);
    const expected = [...committedAt.values()].reduce((n, c) => n + (clientsOf.get(c.facilityId) ?? 0), 0);
    // Let the last frames arrive (bounded), then stop the clients and read the API's CPU time.
    const receiptsPromise = expect('receipts');
    await new Promise((r) => setTimeout(r, 2_000));
    const elapsedS = (now() - start) / 1000;
    const cpuUsed = cpuMs(api.pid!) - cpuBefore;
    const writes = writeCalls(api.pid!) - writesBefore;
    for (const child of clientProcesses) child.send({ type: 'stop' });
    const receipts = await Promise.race([
      receiptsPromise,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the client processes sent no receipts within 60 s')), 60_000),
      ),
    ]);

    let received = 0;
    const latencies = new Float64Array(receipts.reduce((n, r) => n + r.versions.length, 0));
    for (const r of receipts) {
      for (let i = 0; i < r.versions.length; i++) {
        const committed = committedAt.get(r.versions[i]!);
        if (committed) latencies[received++] = r.times[i]! - committed.at;
      }
    }
    const sorted = latencies.subarray(0, received).sort();
    const closed = receipts.reduce((n, r) => n + r.closed, 0);
    console.log(
      `live fan-out ${LIVE_BUS} (RELATIVE, shared machine): ${COUNT} changes at ${RATE}/s, ${received} of ${expected} frames ` +
        `delivered to ${CLIENTS} clients (${closed} sockets closed); API CPU ${cpuUsed.toFixed(0)} ms over ${elapsedS.toFixed(1)} s ` +
        `(${(cpuUsed / elapsedS / 10).toFixed(0)} % of one core) = ${((cpuUsed * 1000) / Math.max(1, received)).toFixed(1)} ms ` +
        `per 1,000 frames, ${((writes * 1000) / Math.max(1, received)).toFixed(0)} write system calls per 1,000 frames; commit → receipt p50 ${ms(percentile(sorted, 50))} p95 ${ms(percentile(sorted, 95))} ` +
        `p99 ${ms(percentile(sorted, 99))} max ${ms(sorted.at(-1) ?? Number.NaN)}; load average ${loadAverage()}`,
    );
    process.exitCode = received === expected && closed === 0 ? 0 : 1;
  } finally {
    await pool.end();
    for (const child of children.reverse()) await stop(child);
    await nats?.stop();
    await db.drop();
    await server.stop();
  }
}

await exitWithCode(main);
