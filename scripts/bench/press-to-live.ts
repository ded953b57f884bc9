/**
 * Benchmark: press to live (issues #4, #18). Facility gateways post button presses to the worker's ingest over
 * loopback HTTP while staff websocket clients are connected to /live; for every press and every client of its
 * facility it measures the time from sending the POST to that client receiving the task.changed frame of the
 * task the press created.
 *
 *   pnpm bench:press-to-live [--rate 50] [--duration 20] [--clients 200] [--facilities 10] [--warmup 0]
 *                            [--api-instances 1] [--workers 1] [--mode latency|ceiling|drain|check]
 *                            [--presses 10000] [--profile <dir>] [--live-bus pg|nats] [--timer-block-ms 0]
 *
 * Modes:
 *   latency  (default) presses at --rate for --duration: press → client p50/p95/p99/max, whole run and after
 *            --warmup seconds, the worst delivery of each second, and the time spent in each stage; and the
 *            start delay (start − due) of the timed jobs that ran (escalation blocks, care-confirmation limits,
 *            and the escalation starts' queue wait); --timer-block-ms 2000 makes a block of every task due 2 s
 *            after its press.
 *   ceiling  the sent rate rises every 2 s (100, 200, 400 … presses/s) until the path falls behind: prints the
 *            events processed each second and the ceiling (the best 2 s of processing).
 *   drain    --presses (10,000) presses posted at once (a backlog at the ingest's door): prints how long until
 *            every one was processed and delivered.
 *   check    the CI form (5 s, 20 presses/s, 20 clients unless given): asserts only that every press reached
 *            every client of its facility exactly once and that no event was processed twice. No timing.
 *
 * The API instance(s) and the worker process(es) (an ingest and a job process each, as deployed; `--workers 2`
 * for two of each on one database)
 * run as child processes on a fresh database dropped at the end. Loopback only; bounded in count and time.
 * Goals (issue #18), on one 2-core machine: at 500 presses/s with 1,000 clients p99 < 100 ms after a 3 s warm-up
 * and < 250 ms over the whole run; at 50 presses/s with 200 clients p99 < 50 ms over the whole run; a ceiling of
 * at least 1,500 events/s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openSessionToken } from '@sage/api/live-client';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH, LIVE_PATH } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase } from '@sage/db/testing';
import { startNatsServer } from '@sage/live-bus/testing';
import { testServer } from '../lib/database';
import { addBenchButtons, type BenchButton, freePort, pressOrder, stop, waitForHealth } from './lib';

const root = path.resolve(import.meta.dirname, '../..');
const fromApi = createRequire(path.join(root, 'apps/api/package.json'));
interface BenchSocket {
  readyState: number;
  on(event: 'message', listener: (data: Buffer) => void): void;
  once(event: 'open' | 'close', listener: () => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
}
// A bare socket: the benchmark's 1,000 clients receive tens of thousands of frames a second on the same two
// cores as the product, so they keep nothing but what is measured (the tests' live client keeps every frame).
const WebSocket = fromApi('ws') as new (url: string) => BenchSocket;

const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'latency' },
    rate: { type: 'string' },
    duration: { type: 'string' },
    clients: { type: 'string' },
    facilities: { type: 'string' },
    'api-instances': { type: 'string', default: '1' },
    workers: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '0' },
    /** The live bus: Postgres LISTEN/NOTIFY, or NATS on a nats-server started for the run (decision 0400). */
    'live-bus': { type: 'string', default: 'pg' },
    presses: { type: 'string', default: '10000' },
    /** A folder for V8 CPU profiles of the worker and API processes (node --cpu-prof). */
    profile: { type: 'string' },
    /**
     * Latency mode: the facilities' second (break-glass) escalation block after this many ms instead of 2 min,
     * so timed jobs fall due while the path is pressed (their start delay is printed; 0 keeps the policy).
     */
    'timer-block-ms': { type: 'string', default: '0' },
  },
});
const MODE = args.mode as 'latency' | 'ceiling' | 'drain' | 'check';
if (!['latency', 'ceiling', 'drain', 'check'].includes(MODE))
  throw new Error('--mode must be latency, ceiling, drain or check');
const bounded = (name: string, value: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(value ?? fallback);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`--${name} must be between ${min} and ${max}`);
  return n;
};
const CHECK = MODE === 'check';
const RATE = bounded('rate', args.rate, CHECK ? 20 : 50, 1, 5_000);
const DURATION_S = bounded('duration', args.duration, CHECK ? 5 : 20, 1, 120);
const CLIENTS = bounded(
  'clients',
  args.clients,
  CHECK || MODE === 'ceiling' || MODE === 'drain' ? 20 : 200,
  1,
  2_000,
);
/** Ceiling and drain modes: more gateways, so no gateway passes its own 100 events/s limit (decision 0103). */
const FACILITIES = bounded(
  'facilities',
  args.facilities,
  MODE === 'ceiling' || MODE === 'drain' ? 40 : 10,
  1,
  50,
);
const API_INSTANCES = bounded('api-instances', args['api-instances'], 1, 1, 4);
const WORKERS = bounded('workers', args.workers, 1, 1, 4);
const DRAIN_PRESSES = bounded('presses', args.presses, 10_000, 1, 50_000);
const LIVE_BUS = args['live-bus'];
if (LIVE_BUS !== 'pg' && LIVE_BUS !== 'nats') throw new Error('--live-bus must be pg or nats');
/**
 * Seconds at the start of the run whose presses are left out of the verdict (still sent at the rate, still
 * delivered and reported): the freshly started worker and API take a few seconds to reach their steady state.
 */
const WARMUP_S = bounded('warmup', args.warmup, 0, 0, 60);
/** Ceiling mode: the sent rate of each step (presses/s), each held for CEILING_STEP_S. */
const CEILING_RATES = [100, 200, 400, 700, 1_000, 1_300, 1_600, 2_000, 2_500, 3_000, 4_000];
const CEILING_STEP_S = 2;
/** How long the benchmark waits after the last press for the last deliveries. */
const TIMER_BLOCK_MS = bounded('timer-block-ms', args['timer-block-ms'], 0, 0, 600_000);
const SETTLE_MS = MODE === 'drain' ? 120_000 : 15_000;
/** Presses in flight at once in drain mode (gateways' connections). */
const DRAIN_IN_FLIGHT = 500;
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;

const now = () => performance.timeOrigin + performance.now();
const log = (line: string) => console.log(line);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function startProcess(name: string, script: string, env: Record<string, string>): ChildProcess {
  const profile = args.profile
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${path.resolve(args.profile)}`,
        `--cpu-prof-name=${name.replace(/\W+/g, '-')}.cpuprofile`,
      ]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, script)], {
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
const spread = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${label.padEnd(20)}p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? Number.NaN)}`;
};

/** The schedule of presses: the time (ms after the start) each is due. */
function schedule(): number[] {
  if (MODE === 'drain') return Array.from({ length: DRAIN_PRESSES }, () => 0);
  if (MODE === 'ceiling') {
    const due: number[] = [];
    CEILING_RATES.forEach((rate, step) => {
      const from = step * CEILING_STEP_S * 1000;
      for (let i = 0; i < rate * CEILING_STEP_S; i++) due.push(from + (i * 1000) / rate);
    });
    return due;
  }
  return Array.from({ length: Math.round(RATE * DURATION_S) }, (_, i) => (i * 1000) / RATE);
}

async function main(): Promise<void> {
  const server = await testServer(log);
  process.env.TEST_DATABASE_URL = server.url;
  const db = await createTestDatabase();
  const nats = LIVE_BUS === 'nats' ? await startNatsServer() : null;
  /** Given to the worker and every API instance alike ('' is unset: LISTEN/NOTIFY). */
  const liveBusEnv = { LIVE_BUS_URL: nats?.url ?? '' };
  const children: ChildProcess[] = [];
  const sockets: BenchSocket[] = [];
  try {
    const dueAt = schedule();
    const PRESSES = dueAt.length;
    log(
      `press-to-live (${MODE}): ${MODE === 'latency' || CHECK ? `${RATE} presses/s for ${DURATION_S} s, ` : ''}${PRESSES} presses, ` +
        `${CLIENTS} clients, ${FACILITIES} facilities/gateways, ${API_INSTANCES} API instance(s), ${WORKERS} worker process(es), live bus ${LIVE_BUS}; ` +
        `${os.cpus().length} CPUs, load average ${loadAverage()} (1/5/15 min) at the start`,
    );

    // Tenants: facilities with a gateway each, and a wall button for every press (each press opens a task).
    const facilities: TestFacility[] = [];
    for (let i = 0; i < FACILITIES; i++) facilities.push(await createTestFacility(db.prisma));
    const buttons: BenchButton[] = [];
    for (const facility of facilities) {
      buttons.push(...(await addBenchButtons(db.prisma, facility, Math.ceil(PRESSES / FACILITIES))));
    }
    const presses = pressOrder(facilities, buttons, PRESSES);
    if (TIMER_BLOCK_MS > 0) {
      await db.prisma.notificationBlock.updateMany({
        where: {
          facilityId: { in: facilities.map((f) => f.facilityId) },
          executionTimeAfterStartInMs: { gt: 0 },
        },
        data: { executionTimeAfterStartInMs: TIMER_BLOCK_MS },
      });
    }
    // Each job's start as the queue takes it (locked_at) beside its due time (run_at): graphile-worker deletes
    // a job once done, so a trigger of the benchmark's own database keeps the pair.
    await db.prisma.$executeRawUnsafe(
      `CREATE TABLE bench_job_start (identifier text, run_at timestamptz, locked_at timestamptz, attempts int)`,
    );
    await db.prisma.$executeRawUnsafe(
      `CREATE FUNCTION bench_job_started() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO bench_job_start
           SELECT t.identifier, NEW.run_at, NEW.locked_at, NEW.attempts
             FROM graphile_worker._private_tasks t WHERE t.id = NEW.task_id;
         RETURN NEW;
       END $$`,
    );
    await db.prisma.$executeRawUnsafe(
      `CREATE TRIGGER bench_job_started AFTER UPDATE OF locked_at ON graphile_worker._private_jobs
         FOR EACH ROW WHEN (OLD.locked_at IS NULL AND NEW.locked_at IS NOT NULL) EXECUTE FUNCTION bench_job_started()`,
    );
    const facilityIndex = new Map(facilities.map((f, i) => [f.facilityId, i]));

    // The worker process(es) and the API instance(s), on the one database.
    const workerUrls: string[] = [];
    for (let i = 0; i < WORKERS; i++) {
      const port = await freePort();
      // As deployed (decision 0111): the ingest (which now applies the events) and the job queue apart.
      const n = WORKERS > 1 ? ` ${i + 1}` : '';
      children.push(
        startProcess(`ingest${n}`, 'apps/worker/src/ingest-main.ts', {
          DATABASE_URL: db.url,
          INGEST_PORT: String(port),
          ...liveBusEnv,
        }),
        startProcess(`jobs${n}`, 'apps/worker/src/jobs-main.ts', { DATABASE_URL: db.url, ...liveBusEnv }),
      );
      workerUrls.push(`http://127.0.0.1:${port}`);
    }
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
    for (const url of [...workerUrls, ...apiUrls]) await waitForHealth(`${url}/healthz`, 60_000);

    // Staff who see every task of their facility, several sockets each (phones, tablets, nurse stations).
    const receipts = new Map<string, number[]>(); // taskId → receipt times, one per client
    let doubled = 0; // a client receiving the OPEN_UNCLAIMED frame of one task twice
    const clientsOf = new Map<string, number>(); // facilityId → clients connected
    const connect = async (i: number) => {
      const facility = facilities[i % FACILITIES]!;
      const viewers = [
        facility.staff.caregiver,
        facility.staff.manager,
        facility.staff.nurse,
        facility.staff.careAdmin,
      ];
      const viewer = viewers[Math.floor(i / FACILITIES) % viewers.length]!;
      const { token } = await openSessionToken(db.prisma, viewer.id, JWT_SECRET, 3_600);
      const socket = new WebSocket(`${apiUrls[i % apiUrls.length]!.replace(/^http/, 'ws')}${LIVE_PATH}`);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const seen = new Set<string>();
      const ready = new Promise<void>((resolve) => {
        socket.on('message', (data) => {
          const receivedAt = now();
          const message = JSON.parse(data.toString()) as { type: string; taskId?: string; status?: string };
          if (message.type === 'ready') return resolve();
          if (message.type !== 'task.changed' || message.status !== 'OPEN_UNCLAIMED' || !message.taskId)
            return;
          if (seen.has(message.taskId)) {
            doubled += 1;
            return;
          }
          seen.add(message.taskId);
          const list = receipts.get(message.taskId);
          if (list) list.push(receivedAt);
          else receipts.set(message.taskId, [receivedAt]);
        });
      });
      socket.send(JSON.stringify({ type: 'auth', accessToken: token, staffMemberId: viewer.id }));
      await Promise.race([
        ready,
        new Promise((_, reject) => setTimeout(() => reject(new Error('no ready frame within 30 s')), 30_000)),
      ]);
      sockets.push(socket);
      clientsOf.set(facility.facilityId, (clientsOf.get(facility.facilityId) ?? 0) + 1);
    };
    for (let i = 0; i < CLIENTS; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) => connect(i + j)));
    }
    log(`${sockets.length} clients ready; load average ${loadAverage()}; pressing`);

    // Processed events, sampled every second (ceiling and drain modes read their rate from it).
    const processedCount = async () =>
      Number(
        (
          await db.prisma.$queryRawUnsafe<{ n: bigint }[]>(
            `SELECT count(*) AS n FROM "DeviceEvent" WHERE "processedAt" IS NOT NULL`,
          )
        )[0]!.n,
      );
    const samples: { at: number; processed: number; sent: number }[] = [];

    // Open loop: each press is sent at its scheduled time whether or not earlier ones were answered (drain
    // mode: all at once, DRAIN_IN_FLIGHT at a time, as many gateways would after an outage).
    const sentAt = new Map<string, number>(); // deviceId → send time
    const ackAt = new Map<string, number>(); // deviceId → 202 time
    const failures: string[] = [];
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    const start = now();
    const sampler = setInterval(() => {
      processedCount().then(
        (processed) => samples.push({ at: now() - start, processed, sent }),
        (error: Error) => log(`sampling the processed events failed: ${error.message}`),
      );
    }, 1_000);
    let behind = false;
    for (let i = 0; i < PRESSES; i++) {
      if (MODE === 'drain') {
        while (inFlight.size >= DRAIN_IN_FLIGHT) await Promise.race(inFlight);
      } else {
        const wait = start + dueAt[i]! - now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        // Behind schedule the loop would send everything without yielding: let answers and samples in.
        else if (i % 20 === 0) await new Promise((r) => setImmediate(r));
      }
      if (MODE === 'ceiling' && samples.length >= 3) {
        // Stop raising once the path is more than 3 s of its own processing behind what was sent.
        const last = samples.at(-1)!;
        const rate = (last.processed - samples.at(-3)!.processed) / ((last.at - samples.at(-3)!.at) / 1000);
        if (last.sent - last.processed > Math.max(3 * rate, 1_000)) {
          behind = true;
          break;
        }
      }
      const button = presses[i]!;
      const body = JSON.stringify({
        eventId: randomUUID(),
        hardwareId: button.hardwareId,
        type: 'BUTTON_PRESS',
        timestamp: new Date().toISOString(),
      });
      const t0 = now();
      sentAt.set(button.deviceId, t0);
      sent += 1;
      const workerUrl = workerUrls[facilityIndex.get(button.facility.facilityId)! % WORKERS]!;
      const request: Promise<void> = fetch(`${workerUrl}${INGEST_EVENTS_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [GATEWAY_KEY_HEADER]: button.facility.gateway.key },
        body,
      }).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status === 202) ackAt.set(button.deviceId, now());
          else failures.push(`HTTP ${res.status}`);
        },
        (error: Error) => void failures.push(error.message),
      );
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
    const sendSeconds = (now() - start) / 1000;
    const processedRates = () =>
      samples.slice(1).map((s, i) => ({
        at: s.at,
        sent: s.sent,
        rate: (s.processed - samples[i]!.processed) / ((s.at - samples[i]!.at) / 1000),
      }));
    if (MODE === 'ceiling') {
      // Printed before waiting for the backlog the last steps left at the ingest.
      const rates = processedRates();
      const best = rates
        .slice(1)
        .map((r, i) => (r.rate + rates[i]!.rate) / 2)
        .reduce((a, b) => Math.max(a, b), 0);
      log(
        `processed per s     ${rates.map((r) => `${(r.at / 1000).toFixed(0)}s ${r.rate.toFixed(0)}`).join(' ')} (events/s; sent ${rates.map((r) => r.sent).join(' ')})`,
      );
      log(
        `ceiling             ${best.toFixed(0)} events/s processed (best 2 s)${behind ? '; sending stopped once the path was more than 3 s behind' : '; the path kept up with every step'}; load average ${loadAverage()}`,
      );
    }
    // Every request answered, but bounded: a path far behind its backlog is reported, not waited for.
    const answerBound = now() + (MODE === 'drain' ? 300_000 : 60_000);
    while (inFlight.size && now() < answerBound) {
      await Promise.race([Promise.race(inFlight), new Promise((r) => setTimeout(r, 1_000))]);
    }
    if (inFlight.size)
      failures.push(`${inFlight.size} requests unanswered when the benchmark stopped waiting`);

    // Settle: wait until every client got every task of its facility, or SETTLE_MS passed.
    const sentButtons = presses.slice(0, sent);
    const tasks = async () =>
      db.prisma.$queryRawUnsafe<{ id: string; deviceId: string | null; facilityId: string }[]>(
        `SELECT id, "deviceId", "facilityId" FROM "Task" WHERE "deviceId" = ANY($1::text[])`,
        sentButtons.map((b) => b.deviceId),
      );
    let created = await tasks();
    const expectedFor = (task: { facilityId: string }) => clientsOf.get(task.facilityId) ?? 0;
    const settleUntil = now() + SETTLE_MS;
    while (now() < settleUntil) {
      created = await tasks();
      const complete =
        created.length === sent && created.every((t) => (receipts.get(t.id)?.length ?? 0) >= expectedFor(t));
      if (complete) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    clearInterval(sampler);
    const wallSeconds = (now() - start) / 1000;

    // Press → client latency for every delivery of a created task; every press should reach every client.
    const latencies: number[] = [];
    const lastClient: number[] = [];
    const ackMs: number[] = [];
    const fanOutMs: number[] = []; // 202 → client: the commit's NOTIFY through the API to the socket
    let lastReceipt = start;
    const pressIndex = new Map(presses.map((b, i) => [b.deviceId, i]));
    const byPress: { press: number; latencies: number[] }[] = [];
    const expectedDeliveries = sentButtons.reduce(
      (n, b) => n + (clientsOf.get(b.facility.facilityId) ?? 0),
      0,
    );
    for (const task of created) {
      const t0 = task.deviceId ? sentAt.get(task.deviceId) : undefined;
      if (t0 === undefined) continue;
      const ack = ackAt.get(task.deviceId!);
      if (ack !== undefined) ackMs.push(ack - t0);
      const times = receipts.get(task.id) ?? [];
      for (const t of times) {
        latencies.push(t - t0);
        if (ack !== undefined) fanOutMs.push(t - ack);
        lastReceipt = Math.max(lastReceipt, t);
      }
      if (times.length) lastClient.push(Math.max(...times) - t0);
      byPress.push({
        press: pressIndex.get(task.deviceId as string) ?? -1,
        latencies: times.map((t) => t - t0),
      });
    }
    const after = (seconds: number) =>
      byPress
        .filter((p) => dueAt[p.press]! >= seconds * 1000)
        .flatMap((p) => p.latencies)
        .sort((a, b) => a - b);
    latencies.sort((a, b) => a - b);

    // Processed once: one activity per event, one CREATED update per task (nothing applied twice).
    const [twice] = await db.prisma.$queryRawUnsafe<{ events: number; tasks: number }[]>(
      `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM "DeviceActivity" GROUP BY "deviceEventId" HAVING count(*) > 1) d) AS events,
              (SELECT count(*)::int FROM (SELECT 1 FROM "TaskUpdate" WHERE type = 'CREATED' GROUP BY "taskId" HAVING count(*) > 1) u) AS tasks`,
    );
    const processed = await processedCount();
    const allDelivered = latencies.length === expectedDeliveries && created.length === sent;

    log('');
    log(
      `machine             ${os.cpus().length} CPUs, load average ${loadAverage()} (1/5/15 min) at the end`,
    );
    log(
      `presses sent        ${sent} in ${sendSeconds.toFixed(1)} s = ${(sent / sendSeconds).toFixed(1)} presses/s, failures ${failures.length}`,
    );
    log(
      `events processed    ${processed} of ${sent}, tasks created ${created.length}, processed twice: ${twice!.events} events, ${twice!.tasks} tasks`,
    );
    log(
      `deliveries          ${latencies.length} of ${expectedDeliveries} expected, ${doubled} doubled (${(latencies.length / wallSeconds).toFixed(0)} frames/s)`,
    );
    if (failures.length) log(`first failures      ${failures.slice(0, 5).join('; ')}`);

    if (MODE === 'drain') {
      const rates = processedRates();
      log(
        `processed per s     ${rates.map((r) => `${(r.at / 1000).toFixed(0)}s ${r.rate.toFixed(0)}`).join(' ')} (events/s)`,
      );
      {
        const drainS = (lastReceipt - start) / 1000;
        const lastProcessed = samples.findLast((s) => s.processed < DRAIN_PRESSES)?.at ?? 0;
        log(
          `drain               ${DRAIN_PRESSES} presses posted at once: all processed and delivered ${drainS.toFixed(2)} s after the first send ` +
            `(${(DRAIN_PRESSES / drainS).toFixed(0)} events/s; processing still under way at ${(lastProcessed / 1000).toFixed(0)} s)`,
        );
      }
    }
    log(spread('ingest 202', ackMs));
    log(spread('202 → client', fanOutMs));
    log(spread('press → client', latencies));
    log(spread('press → last client', lastClient));
    if (MODE === 'latency') {
      // Timer lateness (issue #18: timed jobs start within 50 ms of due at p99): first attempts only.
      const starts = await db.prisma.$queryRawUnsafe<{ identifier: string; delays: number[] }[]>(
        `SELECT identifier, array_agg(extract(epoch FROM locked_at - run_at) * 1000 ORDER BY 1)::float8[] AS delays
           FROM bench_job_start WHERE attempts = 1 GROUP BY identifier ORDER BY identifier`,
      );
      for (const { identifier, delays } of starts) {
        log(`${spread(`start − due`, delays)}  ${identifier} (${delays.length} jobs)`);
      }
      const worstBySecond = new Map<number, number>();
      for (const p of byPress) {
        const second = Math.floor(dueAt[p.press]! / 1000);
        worstBySecond.set(second, Math.max(worstBySecond.get(second) ?? 0, ...p.latencies));
      }
      log(
        `worst per second    ${[...worstBySecond.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([second, worst]) => `${second}s ${worst.toFixed(0)}`)
          .join(' ')} (ms)`,
      );
      const judged = after(WARMUP_S);
      if (WARMUP_S > 0) log(spread(`after ${WARMUP_S} s warm-up`, judged));
      // The issue's goals: at 500/s and above p99 < 100 ms after the warm-up and < 250 ms whole run; below, < 50 ms.
      const high = RATE >= 500;
      const goal = high
        ? percentile(judged, 99) < 100 && percentile(latencies, 99) < 250
        : percentile(latencies, 99) < 50;
      const ok = allDelivered && failures.length === 0 && doubled === 0 && goal;
      log(
        ok
          ? `within goal (every delivery made once, ${high ? `p99 < 100 ms after ${WARMUP_S} s warm-up and < 250 ms whole run` : 'p99 < 50 ms whole run'})`
          : `NOT within goal (${high ? `p99 < 100 ms after ${WARMUP_S} s warm-up and < 250 ms whole run` : 'p99 < 50 ms whole run'}, every delivery made once)`,
      );
      process.exitCode = ok ? 0 : 1;
    } else if (MODE === 'check') {
      const ok =
        allDelivered &&
        failures.length === 0 &&
        doubled === 0 &&
        twice!.events === 0 &&
        twice!.tasks === 0 &&
        processed === sent;
      log(
        ok
          ? 'check passed: every press reached every client of its facility once; nothing processed twice'
          : 'check FAILED: a press missing, doubled or processed twice (see above)',
      );
      process.exitCode = ok ? 0 : 1;
    } else {
      process.exitCode = failures.length === 0 && doubled === 0 && twice!.events === 0 ? 0 : 1;
    }
  } finally {
    for (const s of sockets) s.close();
    await Promise.all(children.map(stop));
    await nats?.stop();
    await db.drop();
    await server.stop();
  }
}

await main();
