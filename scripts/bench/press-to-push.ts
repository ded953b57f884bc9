/**
 * Benchmark: press to push (issue #6). Facility gateways post button presses to the worker over loopback HTTP
 * at a fixed rate; every press opens a task whose ALERT policy's first block (at 0 ms) pushes to the on-shift
 * care staff of the facility. For every push it measures the time from sending the POST to the push request
 * arriving at a local push service (HTTPS on 127.0.0.1: the request has left the server). Prints p50/p95/p99.
 *
 *   pnpm exec tsx scripts/bench/press-to-push.ts [--rate 20] [--duration 15] [--facilities 10] [--subscribers 3]
 *
 * The worker runs as a child process on a fresh database (dropped at the end), trusting the push service's
 * self-signed certificate through NODE_EXTRA_CA_CERTS. Loopback only; bounded in count and time.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase } from '@sage/db/testing';
import { startLocalPushService } from '@sage/notify/push-service-testing';
import { testServer } from '../lib/database';
import {
  addBenchButtons,
  type BenchButton,
  boundedFlag,
  exitWithCode,
  freePort,
  pressOrder,
  startAppProcess,
  stop,
  waitForHealth,
} from './lib';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '20' },
    duration: { type: 'string', default: '15' },
    facilities: { type: 'string', default: '10' },
    subscribers: { type: 'string', default: '3' },
  },
});
const bounded = boundedFlag;
const RATE = bounded('rate', args.rate, 0.05, 500);
const DURATION_S = bounded('duration', args.duration, 1, 300);
const FACILITIES = bounded('facilities', args.facilities, 1, 50);
const SUBSCRIBERS = bounded('subscribers', args.subscribers, 1, 3);
const PRESSES = Math.round(RATE * DURATION_S);
const BUTTONS_PER_FACILITY = Math.ceil(PRESSES / FACILITIES);
const DRAIN_MS = 10_000;

const now = () => performance.timeOrigin + performance.now();
const log = (line: string) => console.log(line);
const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  const server = await testServer(log);
  process.env.TEST_DATABASE_URL = server.url;
  const db = await createTestDatabase();
  // Modelled as a push service that keeps an idle connection for 60 s (a Node server's default is 5 s), so a
  // quiet facility's run (--rate below 0.2) shows whether the sender keeps its connection (decision 0080).
  const push = await startLocalPushService({ keepAliveTimeoutMs: 60_000 });
  const certDir = mkdtempSync(path.join(os.tmpdir(), 'press-to-push-'));
  let worker: ChildProcess | undefined;
  try {
    log(
      `press-to-push: ${RATE} presses/s for ${DURATION_S} s (${PRESSES} presses), ${FACILITIES} facilities, ` +
        `${SUBSCRIBERS} on-shift subscriber(s) each; ${os.cpus().length} CPUs`,
    );
    const facilities: TestFacility[] = [];
    for (let i = 0; i < FACILITIES; i++) facilities.push(await createTestFacility(db.prisma));
    const buttons: BenchButton[] = [];
    const subscribersOf = new Map<string, number>();
    for (const facility of facilities) {
      // On-shift care staff with a browser subscription each (the factory's default policy: care staff and
      // nurses on shift at once, every minute).
      const staff = [facility.staff.caregiver, facility.staff.nurse, facility.staff.careAdmin].slice(
        0,
        SUBSCRIBERS,
      );
      await db.prisma.onCallState.createMany({
        data: staff.map((s) => ({ facilityId: facility.facilityId, staffMemberId: s.id, isOnCall: true })),
      });
      await db.prisma.webPushSubscription.createMany({
        data: staff.map((s) => {
          const sub = push.subscribe(`${facility.tag}-${s.id}`);
          return {
            recipientId: s.id,
            facilityId: facility.facilityId,
            endpoint: sub.endpoint,
            p256dh: sub.keys.p256dh,
            auth: sub.keys.auth,
          };
        }),
      });
      subscribersOf.set(facility.facilityId, staff.length);
      buttons.push(...(await addBenchButtons(db.prisma, facility, BUTTONS_PER_FACILITY)));
    }
    const presses = pressOrder(facilities, buttons, PRESSES);

    const caFile = path.join(certDir, 'push-service.pem');
    writeFileSync(caFile, push.ca);
    const port = await freePort();
    worker = startAppProcess('apps/worker/src/main.ts', {
      DATABASE_URL: db.url,
      INGEST_PORT: String(port),
      NODE_EXTRA_CA_CERTS: caFile,
    });
    const workerUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(`${workerUrl}/healthz`);
    log('worker ready; pressing');

    const sentAt = new Map<string, number>(); // deviceId → send time
    const failures: string[] = [];
    const inFlight: Promise<void>[] = [];
    const start = now();
    for (let i = 0; i < PRESSES; i++) {
      const wait = start + (i * 1000) / RATE - now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const button = presses[i]!;
      const t0 = now();
      sentAt.set(button.deviceId, t0);
      inFlight.push(
        fetch(`${workerUrl}${INGEST_EVENTS_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [GATEWAY_KEY_HEADER]: button.facility.gateway.key },
          body: JSON.stringify({
            eventId: randomUUID(),
            hardwareId: button.hardwareId,
            type: 'BUTTON_PRESS',
            timestamp: new Date().toISOString(),
          }),
        }).then(
          async (res) => {
            await res.arrayBuffer();
            if (res.status !== 202) failures.push(`HTTP ${res.status}`);
          },
          (error: Error) => void failures.push(error.message),
        ),
      );
    }
    await Promise.all(inFlight);
    const expected = presses.reduce((n, b) => n + (subscribersOf.get(b.facility.facilityId) ?? 0), 0);
    // Wait for the last pushes (a long run's re-notifications do not count: see below).
    const drainUntil = now() + DRAIN_MS;
    const firstPushesReceived = () =>
      new Set(
        push.received.map((r) => `${(r.payload as { data: { taskId: string } }).data.taskId} ${r.path}`),
      ).size;
    while (now() < drainUntil && (push.received.length < expected || firstPushesReceived() < expected))
      await new Promise((r) => setTimeout(r, 100));

    // Match each push to its press through the task (decrypting after the run, not during it). Only the first
    // push of a task to each phone counts: a run longer than the policy's recurring interval also receives the
    // "still unclaimed" re-notifications, which are escalation, not latency.
    const tasks = await db.prisma.task.findMany({
      where: { deviceId: { in: buttons.map((b) => b.deviceId) } },
      select: { id: true, deviceId: true },
    });
    const deviceOf = new Map(tasks.map((t) => [t.id, t.deviceId]));
    const pressIndex = new Map(presses.map((b, i) => [b.deviceId, i]));
    const firstPushes = new Map<string, { deviceId: string; receivedAt: number }>();
    for (const r of push.received) {
      const taskId = (r.payload as { data: { taskId: string } }).data.taskId;
      const deviceId = deviceOf.get(taskId);
      if (!deviceId) continue;
      const key = `${taskId} ${r.path}`;
      const seen = firstPushes.get(key);
      if (!seen || r.receivedAt < seen.receivedAt)
        firstPushes.set(key, { deviceId, receivedAt: r.receivedAt });
    }
    const timed = [...firstPushes.values()]
      .map(({ deviceId, receivedAt }) => ({
        press: pressIndex.get(deviceId) ?? -1,
        latency: receivedAt - (sentAt.get(deviceId) ?? receivedAt),
      }))
      .sort((a, b) => a.latency - b.latency);
    const latencies = timed.map((t) => t.latency);

    // Where the time goes (per stage, from the rows' own timestamps; one clock, one machine).
    const rows = await db.prisma.$queryRawUnsafe<
      { deviceId: string; received: number; created: number; context: number; message: number }[]
    >(
      `SELECT t."deviceId",
              (extract(epoch FROM e."receivedAt") * 1000)::float8 AS received,
              (extract(epoch FROM t."creationTimestamp") * 1000)::float8 AS created,
              (extract(epoch FROM c."createdAt") * 1000)::float8 AS context,
              (extract(epoch FROM m."createdAt") * 1000)::float8 AS message
         FROM "Task" t
         JOIN "DeviceEvent" e ON e."deviceId" = t."deviceId"
         JOIN "NotificationContext" c ON c."taskId" = t.id
         JOIN LATERAL (SELECT min("createdAt") AS "createdAt" FROM "Message" WHERE "taskId" = t.id) m ON true
        WHERE t."deviceId" = ANY($1::text[])`,
      buttons.map((b) => b.deviceId),
    );
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    const firstPush = new Map<string, number>();
    for (const { deviceId, receivedAt } of firstPushes.values())
      firstPush.set(deviceId, Math.min(firstPush.get(deviceId) ?? Infinity, receivedAt));
    const stages = {
      'press → event stored': rows.map((r) => r.received - (sentAt.get(r.deviceId) ?? r.received)),
      // (the task's creationTimestamp is the event's receipt time, so this stage holds the ingest job too)
      'event → escalation started': rows.map((r) => r.context - r.created),
      'escalation → message recorded': rows.map((r) => r.message - r.context),
      'message → first push out': rows.map((r) => (firstPush.get(r.deviceId) ?? r.message) - r.message),
    };
    log('');
    for (const [name, values] of Object.entries(stages)) {
      const sorted = [...values].sort((a, b) => a - b);
      log(
        `  ${name.padEnd(32)} p50 ${ms(median(values))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(percentile(sorted, 99))}`,
      );
    }
    log('');
    log(
      `machine           load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (1/5/15 min) at the end`,
    );
    log(`presses           ${PRESSES}, failures ${failures.length}, tasks created ${tasks.length}`);
    log(
      `pushes received   ${latencies.length} of ${expected} expected (first push of each task to each phone)`,
    );
    log(
      `press → push out  p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  ` +
        `p99 ${ms(percentile(latencies, 99))}  max ${ms(latencies.at(-1) ?? Number.NaN)}`,
    );
    // The first second meets a freshly started worker (connections' first statements, the JIT, the query
    // compiler's first plans): shown apart so the steady state can be read on its own.
    const settled = timed.filter((t) => t.press >= RATE).map((t) => t.latency);
    if (settled.length && settled.length < latencies.length)
      log(
        `  after the 1st s p50 ${ms(percentile(settled, 50))}  p95 ${ms(percentile(settled, 95))}  ` +
          `p99 ${ms(percentile(settled, 99))}  max ${ms(settled.at(-1) ?? Number.NaN)}`,
      );
    // Which presses make the tail (press 0 is the first; the first of each facility meets cold caches).
    log(
      `slowest pushes    ${timed
        .slice(-6)
        .reverse()
        .map((t) => `press #${t.press} ${ms(t.latency)}`)
        .join(', ')}`,
    );
    process.exitCode = latencies.length === expected && failures.length === 0 ? 0 : 1;
  } finally {
    if (worker) await stop(worker);
    await push.close();
    rmSync(certDir, { recursive: true, force: true });
    await db.drop();
    await server.stop();
  }
}

await exitWithCode(main);
