/**
 * Benchmark: press to live (issue #4). Facility gateways post button presses to the worker over loopback
 * HTTP at a fixed rate while hundreds of staff websocket clients are connected to /live; for every press
 * and every client of its facility it measures the time from sending the POST to that client receiving the
 * task.changed frame of the task the press created. Prints p50/p95/p99/max and the rates achieved.
 *
 *   pnpm bench:press-to-live [--rate 50] [--duration 20] [--clients 200] [--facilities 10] [--api-instances 1]
 *                            [--warmup 0] [--live-bus pg|nats]
 *
 * The API and the worker run as child processes (as deployed: one process each, one database), on a fresh
 * database dropped at the end. Loopback only; bounded in count and time.
 * Budget (issue #4): p99 under 200 ms at 50 presses/s with 200 clients, on one 2-core machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connectLive, type LiveClient, openSessionToken } from '@sage/api/live-client';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase } from '@sage/db/testing';
import { startNatsServer } from '@sage/live-bus/testing';
import { testServer } from '../lib/database';
import { addBenchButtons, type BenchButton, freePort, pressOrder, stop, waitForHealth } from './lib';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    clients: { type: 'string', default: '200' },
    facilities: { type: 'string', default: '10' },
    'api-instances': { type: 'string', default: '1' },
    warmup: { type: 'string', default: '0' },
    /** The live bus: Postgres LISTEN/NOTIFY, or NATS on a nats-server started for the run (decision 0400). */
    'live-bus': { type: 'string', default: 'pg' },
  },
});
const bounded = (name: string, value: string | undefined, min: number, max: number): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`--${name} must be between ${min} and ${max}`);
  return n;
};
const RATE = bounded('rate', args.rate, 1, 1_000);
const DURATION_S = bounded('duration', args.duration, 1, 120);
const CLIENTS = bounded('clients', args.clients, 1, 2_000);
const FACILITIES = bounded('facilities', args.facilities, 1, 50);
const API_INSTANCES = bounded('api-instances', args['api-instances'], 1, 4);
const PRESSES = Math.round(RATE * DURATION_S);
const LIVE_BUS = args['live-bus'];
if (LIVE_BUS !== 'pg' && LIVE_BUS !== 'nats') throw new Error('--live-bus must be pg or nats');
/**
 * Seconds at the start of the run whose presses are left out of the verdict (still sent at the rate, still
 * delivered and reported): the freshly started worker and API take a few seconds to reach their steady state.
 */
const WARMUP_S = bounded('warmup', args.warmup, 0, 60);
/** Every press raises a new task: one wall button per press, spread over the facilities' units. */
const BUTTONS_PER_FACILITY = Math.ceil(PRESSES / FACILITIES);
const DRAIN_MS = 5_000;
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;

const now = () => performance.timeOrigin + performance.now();
const log = (line: string) => console.log(line);

function startProcess(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') log(`${name} exited (${code ?? signal})`);
  });
  return child;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  const server = await testServer(log);
  process.env.TEST_DATABASE_URL = server.url;
  const db = await createTestDatabase();
  const nats = LIVE_BUS === 'nats' ? await startNatsServer() : null;
  /** Given to the worker and every API instance alike ('' is unset: LISTEN/NOTIFY). */
  const liveBusEnv = { LIVE_BUS_URL: nats?.url ?? '' };
  const children: ChildProcess[] = [];
  const clients: LiveClient[] = [];
  try {
    log(
      `press-to-live: ${RATE} presses/s for ${DURATION_S} s (${PRESSES} presses), ${CLIENTS} clients, ` +
        `${FACILITIES} facilities/gateways, ${API_INSTANCES} API instance(s), live bus ${LIVE_BUS}; ${os.cpus().length} CPUs`,
    );

    // Tenants: facilities with a gateway each, and a wall button for every press.
    const facilities: TestFacility[] = [];
    for (let i = 0; i < FACILITIES; i++) facilities.push(await createTestFacility(db.prisma));
    const buttons: BenchButton[] = [];
    for (const facility of facilities) {
      buttons.push(...(await addBenchButtons(db.prisma, facility, BUTTONS_PER_FACILITY)));
    }
    // Presses alternate between facilities (gateways), each press on a button of its own.
    const presses = pressOrder(facilities, buttons, PRESSES);

    // The worker and the API instance(s), as separate processes on the one database.
    const workerPort = await freePort();
    children.push(
      startProcess('worker', 'apps/worker/src/main.ts', {
        DATABASE_URL: db.url,
        INGEST_PORT: String(workerPort),
        ...liveBusEnv,
      }),
    );
    const apiUrls: string[] = [];
    for (let i = 0; i < API_INSTANCES; i++) {
      const port = await freePort();
      children.push(
        startProcess(`api ${i + 1}`, 'apps/api/src/server.ts', {
          DATABASE_URL: db.url,
          PORT: String(port),
          JWT_SECRET,
          ...liveBusEnv,
        }),
      );
      apiUrls.push(`http://127.0.0.1:${port}`);
    }
    const workerUrl = `http://127.0.0.1:${workerPort}`;
    await waitForHealth(`${workerUrl}/healthz`);
    for (const url of apiUrls) await waitForHealth(`${url}/healthz`);

    // Staff who see every task of their facility, several sockets each (phones, tablets, nurse stations).
    const receipts = new Map<string, number[]>(); // taskId → receipt times, one per client
    const clientsOf = new Map<string, number>(); // facilityId → clients connected
    for (let i = 0; i < CLIENTS; i++) {
      const facility = facilities[i % FACILITIES]!;
      const viewers = [
        facility.staff.caregiver,
        facility.staff.manager,
        facility.staff.nurse,
        facility.staff.careAdmin,
      ];
      const viewer = viewers[Math.floor(i / FACILITIES) % viewers.length]!;
      const { token } = await openSessionToken(db.prisma, viewer.id, JWT_SECRET, 3_600);
      const client = await connectLive(apiUrls[i % apiUrls.length]!, {
        auth: { accessToken: token, staffMemberId: viewer.id },
      });
      await client.waitFor((m) => m.type === 'ready', 10_000);
      client.onMessage = (message, receivedAt) => {
        if (message.type !== 'task.changed' || message.status !== 'OPEN_UNCLAIMED') return;
        const list = receipts.get(message.taskId);
        if (list) list.push(receivedAt);
        else receipts.set(message.taskId, [receivedAt]);
      };
      clients.push(client);
      clientsOf.set(facility.facilityId, (clientsOf.get(facility.facilityId) ?? 0) + 1);
    }
    log(`${clients.length} clients ready; pressing`);

    // Open loop: each press is sent at its scheduled time whether or not earlier ones were answered.
    const sentAt = new Map<string, number>(); // deviceId → send time
    const ackMs: number[] = [];
    const failures: string[] = [];
    const inFlight: Promise<void>[] = [];
    const start = now();
    for (let i = 0; i < PRESSES; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const button = presses[i]!;
      const body = JSON.stringify({
        eventId: randomUUID(),
        hardwareId: button.hardwareId,
        type: 'BUTTON_PRESS',
        timestamp: new Date().toISOString(),
      });
      const t0 = now();
      sentAt.set(button.deviceId, t0);
      inFlight.push(
        fetch(`${workerUrl}${INGEST_EVENTS_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [GATEWAY_KEY_HEADER]: button.facility.gateway.key },
          body,
        }).then(
          async (res) => {
            await res.arrayBuffer();
            if (res.status === 202) ackMs.push(now() - t0);
            else failures.push(`HTTP ${res.status}`);
          },
          (error: Error) => void failures.push(error.message),
        ),
      );
    }
    const sendSeconds = (now() - start) / 1000;
    await Promise.all(inFlight);

    // Drain: wait until every client got every task of its facility, or DRAIN_MS passed.
    const tasks = async () =>
      db.prisma.task.findMany({
        where: { deviceId: { in: buttons.map((b) => b.deviceId) } },
        select: { id: true, deviceId: true, facilityId: true },
      });
    let created = await tasks();
    const expectedFor = (task: { facilityId: string }) => clientsOf.get(task.facilityId) ?? 0;
    const drainUntil = now() + DRAIN_MS;
    while (now() < drainUntil) {
      created = await tasks();
      const complete =
        created.length === PRESSES &&
        created.every((t) => (receipts.get(t.id)?.length ?? 0) >= expectedFor(t));
      if (complete) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const wallSeconds = (now() - start) / 1000;

    // Press → client latency for every delivery of a created task; every press should reach every client.
    const latencies: number[] = [];
    const lastClient: number[] = [];
    // By press (its index: the second it was sent in is index / RATE), to tell a slow start from a slow path.
    const pressIndex = new Map(presses.map((b, i) => [b.deviceId, i]));
    const byPress: { press: number; latencies: number[] }[] = [];
    const expectedDeliveries = presses.reduce((n, b) => n + (clientsOf.get(b.facility.facilityId) ?? 0), 0);
    for (const task of created) {
      const t0 = task.deviceId ? sentAt.get(task.deviceId) : undefined;
      if (t0 === undefined) continue;
      const times = receipts.get(task.id) ?? [];
      for (const t of times) latencies.push(t - t0);
      if (times.length) lastClient.push(Math.max(...times) - t0);
      byPress.push({
        press: pressIndex.get(task.deviceId as string) ?? -1,
        latencies: times.map((t) => t - t0),
      });
    }
    const after = (seconds: number) =>
      byPress
        .filter((p) => p.press >= RATE * seconds)
        .flatMap((p) => p.latencies)
        .sort((a, b) => a - b);
    const settled = after(1);
    const judged = after(WARMUP_S);
    const slowest = byPress
      .map((p) => ({ press: p.press, worst: Math.max(...p.latencies) }))
      .sort((a, b) => b.worst - a.worst)
      .slice(0, 6);
    // The worst delivery of each second of the run.
    const worstBySecond = new Map<number, number>();
    for (const p of byPress) {
      const second = Math.floor(p.press / RATE);
      worstBySecond.set(second, Math.max(worstBySecond.get(second) ?? 0, ...p.latencies));
    }
    latencies.sort((a, b) => a - b);
    lastClient.sort((a, b) => a - b);
    ackMs.sort((a, b) => a - b);
    const processed = await db.prisma.deviceEvent.aggregate({
      _count: { processedAt: true },
      _max: { processedAt: true },
    });
    const processingSeconds = ((processed._max.processedAt?.getTime() ?? start) - start) / 1000;

    log('');
    log(
      `machine             load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (1/5/15 min) at the end`,
    );
    log(
      `presses sent        ${PRESSES} in ${sendSeconds.toFixed(1)} s = ${(PRESSES / sendSeconds).toFixed(1)} presses/s (target ${RATE}/s), failures ${failures.length}`,
    );
    log(
      `events processed    ${processed._count.processedAt} of ${PRESSES}, tasks created ${created.length} ` +
        `(${(processed._count.processedAt / Math.max(0.001, processingSeconds)).toFixed(1)} events/s, first send to last processed)`,
    );
    log(
      `deliveries          ${latencies.length} of ${expectedDeliveries} expected (${(latencies.length / wallSeconds).toFixed(0)} frames/s)`,
    );
    log(
      `ingest 202          p50 ${ms(percentile(ackMs, 50))}  p95 ${ms(percentile(ackMs, 95))}  p99 ${ms(percentile(ackMs, 99))}`,
    );
    log(
      `press → client      p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}  max ${ms(latencies.at(-1) ?? Number.NaN)}`,
    );
    log(
      `press → last client p50 ${ms(percentile(lastClient, 50))}  p95 ${ms(percentile(lastClient, 95))}  p99 ${ms(percentile(lastClient, 99))}`,
    );
    if (settled.length && settled.length < latencies.length)
      log(
        `  after the 1st s   p50 ${ms(percentile(settled, 50))}  p95 ${ms(percentile(settled, 95))}  p99 ${ms(percentile(settled, 99))}  max ${ms(settled.at(-1) ?? Number.NaN)}`,
      );
    log(`slowest presses     ${slowest.map((p) => `#${p.press} ${ms(p.worst)}`).join(', ')}`);
    log(
      `worst per second    ${[...worstBySecond.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([second, worst]) => `${second}s ${worst.toFixed(0)}`)
        .join(' ')} (ms)`,
    );
    if (failures.length) log(`first failures: ${failures.slice(0, 5).join('; ')}`);
    if (WARMUP_S > 0)
      log(
        `after ${WARMUP_S} s warm-up  p50 ${ms(percentile(judged, 50))}  p95 ${ms(percentile(judged, 95))}  p99 ${ms(percentile(judged, 99))}  max ${ms(judged.at(-1) ?? Number.NaN)}  (the verdict's figure)`,
      );
    const p99 = percentile(judged, 99);
    const ok = latencies.length === expectedDeliveries && failures.length === 0 && p99 < 200;
    const judgedOn = WARMUP_S > 0 ? `after ${WARMUP_S} s warm-up` : 'whole run';
    log(
      ok
        ? `within budget (every delivery made, p99 < 200 ms, ${judgedOn})`
        : `NOT within budget (p99 >= 200 ms or deliveries missing, ${judgedOn})`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    for (const c of clients) c.close();
    await Promise.all(children.map(stop));
    await nats?.stop();
    await db.drop();
    await server.stop();
  }
}

await main();
