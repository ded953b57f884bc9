/**
 * Benchmark: press to live (issues #4, #18). Facility gateways post button presses to the worker's ingest over
 * loopback HTTP while staff websocket clients are connected to /live; for every press and every client of its
 * facility it measures the time from sending the POST to that client receiving the task.changed frame of the
 * task the press created.
 *
 *   pnpm bench:press-to-live [--rate 50] [--duration 20] [--clients 200] [--facilities 10] [--warmup 0]
 *                            [--api-instances 1] [--workers 1] [--mode latency|ceiling|drain|check]
 *                            [--presses 10000] [--profile <dir>] [--live-bus pg|nats] [--timer-block-ms 0]
 *                            [--client-processes 2] [--gateway-sockets 0] [--analyze-every 10]
 *                            [--port-base 3400] [--floor-only]
 *
 * Modes:
 *   latency  (default) presses at --rate for --duration: press → client p50/p95/p99/max, whole run and after
 *            --warmup seconds, the worst delivery of each second, and the time spent in each stage; and the
 *            start delay (start − due) of the timed jobs that ran (escalation blocks, care-confirmation limits,
 *            and the escalation starts' queue wait); --timer-block-ms 2000 makes a block of every task due 2 s
 *            after its press. When the sender fell behind its schedule (a send more than 20 ms late at p99,
 *            or under 98 % of the asked rate) it gives no verdict and exits 1.
 *   ceiling  the sent rate rises every 2 s (100, 200, 400 … presses/s) until the path falls behind: prints the
 *            events processed each second and the ceiling (the best 2 s of processing).
 *   drain    --presses (10,000) presses posted at once (a backlog at the ingest's door): prints how long until
 *            every one was processed and delivered.
 *   check    the CI form (5 s, 20 presses/s, 20 clients unless given): asserts only that every press reached
 *            every client of its facility exactly once and that no event was processed twice. No timing.
 *   floor    the latency run of the product, then the same presses (rate, duration, clients, gateways, client
 *            processes) against the floor: the least this design can cost on this machine, a receiver of the
 *            same gateway posts that commits one transaction per batch inserting one row per press and NOTIFYing,
 *            and a LISTENing WebSocket server fanning each row out to the same clients, no product code
 *            (floor-ingest.ts, floor-live.ts; decision 0541). Prints both side by side with the product/floor
 *            ratios. `--floor-only` runs the floor alone.
 *
 * Every latency run prints the CPU model, the CPU milliseconds per press of each process (the API, the ingest,
 * the job process, PostgreSQL: the run database's backends by application_name, the benchmark's analyze, the
 * server's background processes) and in total, CPU per delivered frame, and a PASS/MISS line per goal of issue
 * #31 (decision 0540). Exit codes: 0 every judged goal met; 1 a press missing, doubled or failed, or no verdict
 * (the sender behind); 2 correct but a goal missed. `--mode check` judges correctness only (0 or 1).
 * `--port-base N` puts every server the run starts on ports N, N+1, … (else free ports).
 *
 * The API instance(s) and the worker process(es) (an ingest and a job process each, as deployed; `--workers 2`
 * for two of each on one database)
 * run as child processes on a fresh database dropped at the end. Loopback only; bounded in count and time.
 * The clients run in `--client-processes` processes of their own (live-clients.ts; 2 from 200 clients, else 1),
 * so that this process's event loop does nothing but send on schedule (decision 0435): it prints the rate it
 * reached and how late each send was against its schedule, and says so loudly when it could not keep up. Every
 * time is read from the machine's monotonic clock (live-frames.ts), comparable across the processes. At the end
 * it prints the CPU time each process used while pressing, so the figures show where the cores went.
 * Goals (issues #18, #31), on any 2-core machine: at 500 presses/s with 1,000 clients p99 < 100 ms after 3 s
 * and < 250 ms over the whole run, every delivery once, at most 1.2 ms of CPU per press across the product's
 * processes (PostgreSQL at most 0.5 ms of it), press → escalation start p99 < 150 ms; at 50 presses/s with 200
 * clients p99 < 50 ms over the whole run; a ceiling of at least 1,500 events/s.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { createPrisma, type PrismaClient } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase } from '@sage/db/testing';
import { startNatsServer } from '@sage/live-bus/testing';
import { testServer } from '../lib/database';
import {
  BENCH_ANALYZE_APPLICATION_NAME,
  BENCH_APPLICATION_NAME,
  cpuModel,
  cpuSeconds,
  machineBusySeconds,
  pgCpuBetween,
  pgProcesses,
  withApplicationName,
  writeSyscalls,
} from './cpu';
import {
  addBenchButtons,
  analyzeLikeAutovacuum,
  type BenchButton,
  boundedFlag,
  exitWithCode,
  freePort,
  post,
  pressOrder,
  startAppProcess,
  stop,
  waitForHealth,
} from './lib';
import { type LiveClients, liveClientSpecs, startLiveClients } from './live-clients';
import { benchClock } from './live-frames';
import { printStatements, resetStatements, statementsOfRun } from './statements';

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
    /** A folder for V8 CPU profiles of the worker and API processes (node --cpu-prof; a subfolder each). */
    profile: { type: 'string' },
    /**
     * Latency mode: the facilities' second (break-glass) escalation block after this many ms instead of 2 min,
     * so timed jobs fall due while the path is pressed (their start delay is printed; 0 keeps the policy).
     */
    'timer-block-ms': { type: 'string', default: '0' },
    /**
     * Connections each gateway may hold open to the ingest (0: as many as presses in flight, as `fetch` did).
     * With the ingest far behind, uncapped senders open thousands of connections (some were reset).
     */
    'gateway-sockets': { type: 'string', default: '0' },
    /**
     * On a server running with autovacuum off (the shared and CI servers), the run's tables are analyzed as
     * autovacuum would analyze them, every this many seconds (0: never; decision 0475).
     */
    'analyze-every': { type: 'string', default: '10' },
    /** Processes the clients run in, apart from the sender (default 2 from 200 clients, else 1). */
    'client-processes': { type: 'string' },
    /** The first port of the servers the run starts (ingest, job process's none, API, floor): N, N+1, … */
    'port-base': { type: 'string' },
    /** With `--mode floor`: the floor alone, no product run. */
    'floor-only': { type: 'boolean', default: false },
  },
});
const MODE = args.mode as 'latency' | 'ceiling' | 'drain' | 'check' | 'floor';
if (!['latency', 'ceiling', 'drain', 'check', 'floor'].includes(MODE))
  throw new Error('--mode must be latency, ceiling, drain, check or floor');
/** Latency and floor modes time the presses at a steady rate and judge the goals. */
const TIMED = MODE === 'latency' || MODE === 'floor';
if (args['floor-only'] && MODE !== 'floor') throw new Error('--floor-only goes with --mode floor');
const PORT_BASE = args['port-base'] ? boundedFlag('port-base', args['port-base'], 1024, 65_000) : 0;
let portsTaken = 0;
/** The next port for a server of the run: from --port-base, else a free one. */
const nextPort = async (): Promise<number> => (PORT_BASE ? PORT_BASE + portsTaken++ : freePort());
const bounded = (name: string, value: string | undefined, fallback: number, min: number, max: number) =>
  boundedFlag(name, value ?? String(fallback), min, max);
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
/**
 * Ceiling and drain modes: more gateways, so no gateway passes its own 100 events/s limit (decision 0103): the
 * ceiling's top step (4,000/s) is 67 a second per gateway, room for the sender's catching up after a late turn.
 */
const FACILITIES = bounded(
  'facilities',
  args.facilities,
  MODE === 'ceiling' || MODE === 'drain' ? 60 : 10,
  1,
  100,
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
const GATEWAY_SOCKETS = bounded('gateway-sockets', args['gateway-sockets'], 0, 0, 1_000);
const ANALYZE_EVERY_S = bounded('analyze-every', args['analyze-every'], 10, 0, 600);
const CLIENT_PROCESSES = Math.min(
  CLIENTS,
  bounded('client-processes', args['client-processes'], CLIENTS >= 200 ? 2 : 1, 1, 8),
);
/**
 * The sender fell behind its schedule when it reached less than this share of the asked rate or a send left
 * more than SEND_LAG_LIMIT_MS after its scheduled time at p99: then the figures measure the benchmark too.
 */
const SENT_RATE_SHARE = 0.98;
const SEND_LAG_LIMIT_MS = 20;
/** Presses in flight at once in drain mode (gateways' connections). */
const DRAIN_IN_FLIGHT = 500;
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;

const now = benchClock;
const log = (line: string) => console.log(line);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Every child process by name, for the CPU time each used. */
const processNames = new Map<ChildProcess, string>();
function startProcess(name: string, script: string, env: Record<string, string>): ChildProcess {
  // A folder per process, node's own file names (pid, thread): with `--import tsx` the module hooks run on a
  // thread of their own that writes a profile too, and one fixed name kept whichever thread wrote last.
  const profile = args.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(path.resolve(args.profile), name.replace(/\W+/g, '-'))}`]
    : [];
  const child = startAppProcess(script, env, profile);
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') log(`${name} exited (${code ?? signal})`);
  });
  processNames.set(child, name);
  return child;
}

/**
 * A gateway's connections: kept alive; by default not capped (as `fetch` before), so a press waits at the
 * ingest's door, never in a queue of the benchmark's own; `--gateway-sockets N` caps each gateway at N.
 */
const gatewayAgent = () =>
  new http.Agent({ keepAlive: true, maxSockets: GATEWAY_SOCKETS || Number.POSITIVE_INFINITY });
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

/** What a run (the product's or the floor's) measured, for the verdicts and the side-by-side of floor mode. */
interface PassResult {
  target: 'product' | 'floor';
  /** 0 correct (and, latency mode, every judged goal met), 1 a correctness failure or no verdict, 2 a goal missed. */
  code: number;
  presses: number;
  p50: number;
  p99: number;
  p99After3: number;
  max: number;
  deliveredOnce: boolean;
  /** CPU ms per press by process (server side only: no client process, no sender), PostgreSQL's included. */
  perPress: Map<string, number>;
  serverPerPress: number;
  postgresPerPress: number;
  /** CPU µs per delivered frame: the fan-out process(es), and the server side in all. */
  fanOutPerFrame: number;
  serverPerFrame: number;
  escalationP99: number;
}

async function main(): Promise<void> {
  const server = await testServer(log);
  process.env.TEST_DATABASE_URL = server.url;
  try {
    const targets: PassResult['target'][] =
      MODE === 'floor' ? (args['floor-only'] ? ['floor'] : ['product', 'floor']) : ['product'];
    const results: PassResult[] = [];
    for (const target of targets) results.push(await runPass(target));
    if (results.length === 2) compareWithFloor(results[0]!, results[1]!);
    process.exitCode = Math.max(...results.map((r) => r.code));
  } finally {
    await server.stop();
  }
}

/** Floor mode: the product's figures beside the floor's, and their ratios. */
function compareWithFloor(product: PassResult, floor: PassResult): void {
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
  const row = (label: string, a: number, b: number, unit: string, digits = 2) =>
    log(
      `${label.padEnd(28)}${`${a.toFixed(digits)} ${unit}`.padStart(14)}${`${b.toFixed(digits)} ${unit}`.padStart(14)}${ratio(a, b).padStart(10)}`,
    );
  log('');
  log(`product against the floor (${RATE} presses/s, ${DURATION_S} s, ${CLIENTS} clients; ${cpuModel()})`);
  log(`${''.padEnd(28)}${'product'.padStart(14)}${'floor'.padStart(14)}${'ratio'.padStart(10)}`);
  row('CPU per press (server side)', product.serverPerPress, floor.serverPerPress, 'ms', 3);
  row('  PostgreSQL', product.postgresPerPress, floor.postgresPerPress, 'ms', 3);
  row(
    '  outside PostgreSQL',
    product.serverPerPress - product.postgresPerPress,
    floor.serverPerPress - floor.postgresPerPress,
    'ms',
    3,
  );
  row('CPU per delivered frame', product.serverPerFrame, floor.serverPerFrame, 'µs', 1);
  row('  fan-out process', product.fanOutPerFrame, floor.fanOutPerFrame, 'µs', 1);
  row('press → client p50', product.p50, floor.p50, 'ms', 1);
  row('press → client p99', product.p99, floor.p99, 'ms', 1);
  row('p99 after 3 s', product.p99After3, floor.p99After3, 'ms', 1);
  row('max', product.max, floor.max, 'ms', 1);
  log(
    `delivered once        product ${product.deliveredOnce ? 'yes' : 'NO'}, floor ${floor.deliveredOnce ? 'yes' : 'NO'}`,
  );
}

async function runPass(target: PassResult['target']): Promise<PassResult> {
  const FLOOR = target === 'floor';
  processNames.clear();
  const db = await createTestDatabase();
  // The benchmark's own reads while pressing, and the analyze standing for autovacuum, on connections named so
  // that their backends are told apart from the product's (decision 0540).
  const own: PrismaClient = createPrisma(withApplicationName(db.url, BENCH_APPLICATION_NAME), { max: 2 });
  const analyzePrisma: PrismaClient = createPrisma(
    withApplicationName(db.url, BENCH_ANALYZE_APPLICATION_NAME),
    { max: 1 },
  );
  const nats = !FLOOR && LIVE_BUS === 'nats' ? await startNatsServer() : null;
  /** Given to the worker and every API instance alike ('' is unset: LISTEN/NOTIFY). */
  const liveBusEnv = { LIVE_BUS_URL: nats?.url ?? '' };
  const children: ChildProcess[] = [];
  let clients: LiveClients | undefined;
  const agents: http.Agent[] = []; // one per gateway
  try {
    const dueAt = schedule();
    const PRESSES = dueAt.length;
    log(
      `press-to-live (${MODE}${FLOOR ? ': THE FLOOR, no product code' : MODE === 'floor' ? ': the product' : ''}): ${TIMED || CHECK ? `${RATE} presses/s for ${DURATION_S} s, ` : ''}${PRESSES} presses, ` +
        `${CLIENTS} clients in ${CLIENT_PROCESSES} process(es), ${FACILITIES} facilities/gateways, ` +
        (FLOOR
          ? 'floor receiver + floor live server; '
          : `${API_INSTANCES} API instance(s), ${WORKERS} worker process(es), live bus ${LIVE_BUS}; `) +
        `${cpuModel()}, load average ${loadAverage()} (1/5/15 min) at the start`,
    );

    // Tenants: facilities with a gateway each, and a wall button for every press (each press opens a task).
    const facilities: TestFacility[] = [];
    for (let i = 0; i < FACILITIES; i++) facilities.push(await createTestFacility(db.prisma));
    const buttons: BenchButton[] = [];
    for (const facility of facilities) {
      buttons.push(...(await addBenchButtons(db.prisma, facility, Math.ceil(PRESSES / FACILITIES))));
    }
    const presses = pressOrder(facilities, buttons, PRESSES);
    if (TIMER_BLOCK_MS > 0 && !FLOOR) {
      await db.prisma.notificationBlock.updateMany({
        where: {
          facilityId: { in: facilities.map((f) => f.facilityId) },
          executionTimeAfterStartInMs: { gt: 0 },
        },
        data: { executionTimeAfterStartInMs: TIMER_BLOCK_MS },
      });
    }
    if (FLOOR) {
      // The floor's own table: one row per press (decision 0541).
      await db.prisma.$executeRawUnsafe(
        `CREATE TABLE bench_floor_press (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), facility_id text NOT NULL,
                                         hardware_id text NOT NULL, event_id text NOT NULL,
                                         received_at timestamptz NOT NULL DEFAULT now())`,
      );
    } else {
      // Each job's start as the queue takes it (locked_at) beside its due time (run_at), and when it was done (its
      // row deleted): graphile-worker deletes a job once done, so triggers of the benchmark's own database keep them.
      // A pool with a local queue locks a job when it fetches it, before a slot runs it: locked_at is then the
      // earliest the job can have started, the delete the latest (decision 0480).
      await db.prisma.$executeRawUnsafe(
        `CREATE TABLE bench_job_start (job_id bigint PRIMARY KEY, identifier text, run_at timestamptz,
                                       locked_at timestamptz, attempts int, done_at timestamptz)`,
      );
      await db.prisma.$executeRawUnsafe(
        `CREATE FUNCTION bench_job_started() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           INSERT INTO bench_job_start (job_id, identifier, run_at, locked_at, attempts)
             SELECT NEW.id, t.identifier, NEW.run_at, NEW.locked_at, NEW.attempts
               FROM graphile_worker._private_tasks t WHERE t.id = NEW.task_id
           ON CONFLICT (job_id) DO NOTHING;
           RETURN NEW;
         END $$`,
      );
      await db.prisma.$executeRawUnsafe(
        `CREATE TRIGGER bench_job_started AFTER UPDATE OF locked_at ON graphile_worker._private_jobs
           FOR EACH ROW WHEN (OLD.locked_at IS NULL AND NEW.locked_at IS NOT NULL) EXECUTE FUNCTION bench_job_started()`,
      );
      await db.prisma.$executeRawUnsafe(
        `CREATE FUNCTION bench_job_done() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           UPDATE bench_job_start SET done_at = clock_timestamp() WHERE job_id = OLD.id AND done_at IS NULL;
           RETURN OLD;
         END $$`,
      );
      await db.prisma.$executeRawUnsafe(
        `CREATE TRIGGER bench_job_done AFTER DELETE ON graphile_worker._private_jobs
           FOR EACH ROW WHEN (OLD.locked_at IS NOT NULL) EXECUTE FUNCTION bench_job_done()`,
      );
    }
    const facilityIndex = new Map(facilities.map((f, i) => [f.facilityId, i]));
    // Autovacuum's analyze, where the server has it off (decision 0475): the tables just filled, then every
    // ANALYZE_EVERY_S while pressing, so that plans follow the tables' growth as they would in production.
    let analyzing: Promise<unknown> = Promise.resolve();
    let serverAnalyzes = true;
    const analyze = () => {
      analyzing = analyzing.then(() =>
        analyzeLikeAutovacuum(analyzePrisma).then(
          (tables) => {
            serverAnalyzes = tables === null;
          },
          (error: Error) => log(`analyze failed: ${error.message}`),
        ),
      );
    };
    if (ANALYZE_EVERY_S > 0) {
      analyze();
      await analyzing;
      if (!serverAnalyzes)
        log(
          `autovacuum is off on this server: the run's tables are analyzed as it would, every ${ANALYZE_EVERY_S} s`,
        );
    }

    // The worker process(es) and the API instance(s), on the one database; or the floor's two servers.
    const workerUrls: string[] = [];
    const apiUrls: string[] = [];
    if (FLOOR) {
      const [ingestPort, livePort] = [await nextPort(), await nextPort()];
      const gateways = Object.fromEntries(facilities.map((f) => [f.gateway.key, f.facilityId]));
      const staff: Record<string, string[]> = {};
      for (const f of facilities)
        for (const member of Object.values(f.staff))
          staff[member.id] = [...(staff[member.id] ?? []), f.facilityId];
      children.push(
        startProcess('floor ingest', 'scripts/bench/floor-ingest.ts', {
          DATABASE_URL: db.url,
          PORT: String(ingestPort),
          FLOOR_GATEWAYS: JSON.stringify(gateways),
        }),
        startProcess('floor live', 'scripts/bench/floor-live.ts', {
          DATABASE_URL: db.url,
          PORT: String(livePort),
          FLOOR_STAFF: JSON.stringify(staff),
        }),
      );
      workerUrls.push(`http://127.0.0.1:${ingestPort}`);
      apiUrls.push(`http://127.0.0.1:${livePort}`);
    } else {
      for (let i = 0; i < WORKERS; i++) {
        const port = await nextPort();
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
      for (let i = 0; i < API_INSTANCES; i++) {
        const port = await nextPort();
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
    }
    for (const url of [...workerUrls, ...apiUrls]) await waitForHealth(`${url}/healthz`, 60_000);

    const { specs, clientsOf } = await liveClientSpecs(db.prisma, facilities, {
      clients: CLIENTS,
      processes: CLIENT_PROCESSES,
      apiUrls,
      jwtSecret: JWT_SECRET,
    });
    clients = startLiveClients(CLIENT_PROCESSES, { log });
    for (const c of clients.processes) processNames.set(c.child, c.name);
    const connected = await clients.connect(specs);
    const offsets = await clients.clockOffsets();
    log(
      `${connected} clients ready in ${CLIENT_PROCESSES} process(es) ` +
        `(clock offset ${offsets.join(', ')}); load average ${loadAverage()}; pressing`,
    );
    type CpuSnapshot = Awaited<ReturnType<typeof cpuSnapshot>>;
    // CPU seconds used so far by each child process, this process, the run database's PostgreSQL backends
    // and the whole machine: read when pressing starts and when the last delivery is in.
    const cpuSnapshot = async () => {
      const postgres = await pgProcesses(own);
      const self = process.cpuUsage();
      return {
        at: now(),
        children: new Map([...processNames].map(([child, name]) => [name, cpuSeconds(child.pid)])),
        writes: new Map([...processNames].map(([child, name]) => [name, writeSyscalls(child.pid)])),
        sender: (self.user + self.system) / 1e6,
        postgres,
        machine: machineBusySeconds(),
      };
    };
    // Processed events, sampled every second (ceiling and drain modes read their rate from it).
    const processedCount = async () =>
      Number(
        (
          await own.$queryRawUnsafe<{ n: bigint }[]>(
            FLOOR
              ? 'SELECT count(*) AS n FROM bench_floor_press'
              : `SELECT count(*) AS n FROM "DeviceEvent" WHERE "processedAt" IS NOT NULL`,
          )
        )[0]!.n,
      );
    const samples: { at: number; processed: number; sent: number }[] = [];

    // Open loop: each press is sent at its scheduled time whether or not earlier ones were answered (drain
    // mode: all at once, DRAIN_IN_FLIGHT at a time, as many gateways would after an outage).
    const sentAt = new Map<string, number>(); // deviceId → send time
    const ackAt = new Map<string, number>(); // deviceId → 202 time
    const failures: string[] = [];
    // Requests not yet answered. A count and one waiter, not Promise.race over every pending request: that
    // attached a handler to each pending request per answer (quadratic, and kept), the sender's own load.
    let inFlight = 0;
    let onAnswer: (() => void) | null = null;
    const answered = () =>
      new Promise<void>((resolve) => {
        onAnswer = resolve;
      });
    const ingestUrls = workerUrls.map((url) => new URL(`${url}${INGEST_EVENTS_PATH}`));
    for (const _ of facilities) agents.push(gatewayAgent());
    /** How late each send left against its scheduled time (ms). */
    const sendLag = new Float64Array(PRESSES);
    const senderLoop = monitorEventLoopDelay({ resolution: 5 });
    let sent = 0;
    // With pg_stat_statements loaded on the server (a private one: it is not on the shared server), the
    // statements of the pressing window are counted per press at the end (`statementsPerPress`).
    const statements = FLOOR ? false : await resetStatements(own);
    const cpuAtStart = await cpuSnapshot();
    senderLoop.enable();
    const start = now();
    const analyzer =
      ANALYZE_EVERY_S > 0 && !serverAnalyzes ? setInterval(analyze, ANALYZE_EVERY_S * 1000) : null;
    const sampler = setInterval(() => {
      processedCount().then(
        (processed) => samples.push({ at: now() - start, processed, sent }),
        (error: Error) => log(`sampling the processed events failed: ${error.message}`),
      );
    }, 1_000);
    let behind = false;
    for (let i = 0; i < PRESSES; i++) {
      const button = presses[i]!;
      const body = JSON.stringify({
        eventId: randomUUID(),
        hardwareId: button.hardwareId,
        type: 'BUTTON_PRESS',
        timestamp: new Date().toISOString(),
      });
      if (MODE === 'drain') {
        while (inFlight >= DRAIN_IN_FLIGHT) await answered();
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
      const t0 = now();
      sendLag[i] = t0 - (start + dueAt[i]!);
      sentAt.set(button.deviceId, t0);
      sent += 1;
      inFlight += 1;
      void post(
        agents[facilityIndex.get(button.facility.facilityId)!]!,
        ingestUrls[facilityIndex.get(button.facility.facilityId)! % WORKERS]!,
        { 'content-type': 'application/json', [GATEWAY_KEY_HEADER]: button.facility.gateway.key },
        body,
      )
        .then(
          (status) => {
            if (status === 202) ackAt.set(button.deviceId, now());
            else failures.push(`HTTP ${status}`);
          },
          (error: Error) => void failures.push(error.message),
        )
        .finally(() => {
          inFlight -= 1;
          onAnswer?.();
          onAnswer = null;
        });
    }
    const sendSeconds = (now() - start) / 1000;
    senderLoop.disable();
    const cpuAtLastSend = await cpuSnapshot();
    // The sender against its schedule (not in drain mode, where every press is due at once).
    const lags = [...sendLag.subarray(0, sent)].sort((a, b) => a - b);
    const sentRate = sent / sendSeconds;
    const senderBehind =
      MODE !== 'drain' &&
      (percentile(lags, 99) > SEND_LAG_LIMIT_MS || (MODE !== 'ceiling' && sentRate < SENT_RATE_SHARE * RATE));
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
    while (inFlight && now() < answerBound) {
      await Promise.race([answered(), new Promise((r) => setTimeout(r, 1_000))]);
    }
    if (inFlight) failures.push(`${inFlight} requests unanswered when the benchmark stopped waiting`);

    // Settle: wait until every client got every task of its facility, or SETTLE_MS passed.
    const sentButtons = presses.slice(0, sent);
    const deviceOf = new Map(sentButtons.map((b) => [b.hardwareId, b.deviceId]));
    const tasks = async (): Promise<{ id: string; deviceId: string | null; facilityId: string }[]> =>
      FLOOR
        ? (
            await own.$queryRawUnsafe<{ id: string; hardwareId: string; facilityId: string }[]>(
              `SELECT id::text AS id, hardware_id AS "hardwareId", facility_id AS "facilityId" FROM bench_floor_press`,
            )
          ).map((r) => ({ id: r.id, deviceId: deviceOf.get(r.hardwareId) ?? null, facilityId: r.facilityId }))
        : own.$queryRawUnsafe(
            `SELECT id, "deviceId", "facilityId" FROM "Task" WHERE "deviceId" = ANY($1::text[])`,
            sentButtons.map((b) => b.deviceId),
          );
    const expectedDeliveries = sentButtons.reduce(
      (n, b) => n + (clientsOf.get(b.facility.facilityId) ?? 0),
      0,
    );
    // Counted by the client processes as frames arrive (a doubled one too: the exactly-once check is made on
    // the results); the database is read once at the end, not polled while the product drains its backlog.
    const settleUntil = now() + SETTLE_MS;
    while (now() < settleUntil && (await clients.delivered()) < expectedDeliveries) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const created = await tasks();
    clearInterval(sampler);
    if (analyzer) clearInterval(analyzer);
    await analyzing;
    const wallSeconds = (now() - start) / 1000;
    const cpuAtEnd = await cpuSnapshot();
    const statementRows = statements ? await statementsOfRun(own) : [];

    // The client processes' receipts: taskId → receipt times, one per client (a client's first receipt).
    const { byTask: receipts, doubled, frames } = await clients.collect();

    // Press → client latency for every delivery of a created task; every press should reach every client.
    const latencies: number[] = [];
    const lastClient: number[] = [];
    const ackMs: number[] = [];
    const fanOutMs: number[] = []; // 202 → client: the commit's NOTIFY through the API to the socket
    let lastReceipt = start;
    const pressIndex = new Map(presses.map((b, i) => [b.deviceId, i]));
    const byPress: { press: number; latencies: number[] }[] = [];
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

    // Processed once: one activity per event, one CREATED update per task (nothing applied twice). And the
    // transactions that applied the events (their processedAt is the transaction's now()): the ingest's batch size,
    // which says which regime a run was in (3.0 events a batch in a fast run of 2026-11-25, 4.5 in a slower one).
    const [twice] = await own.$queryRawUnsafe<{ events: number; tasks: number; transactions: number }[]>(
      FLOOR
        ? `SELECT (count(*) - count(DISTINCT event_id))::int AS events, 0 AS tasks,
                  count(DISTINCT received_at)::int AS transactions FROM bench_floor_press`
        : `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM "DeviceActivity" GROUP BY "deviceEventId" HAVING count(*) > 1) d) AS events,
              (SELECT count(*)::int FROM (SELECT 1 FROM "TaskUpdate" WHERE type = 'CREATED' GROUP BY "taskId" HAVING count(*) > 1) u) AS tasks,
              (SELECT count(DISTINCT "processedAt")::int FROM "DeviceEvent") AS transactions`,
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
    if (MODE !== 'drain') {
      const delay = (n: number) => `${(n / 1e6).toFixed(1)} ms`;
      log(
        `${spread('send − schedule', lags)}  (the sender: how late each press left; its event loop's delay p99 ` +
          `${delay(senderLoop.percentile(99))}, max ${delay(senderLoop.max)})`,
      );
      if (senderBehind)
        log(
          `!!! THE BENCHMARK COULD NOT SEND AT THE ASKED RATE: ${MODE === 'ceiling' ? '' : `${sentRate.toFixed(1)} of ${RATE} presses/s, `}` +
            `p99 ${ms(percentile(lags, 99))} behind schedule (limit ${SEND_LAG_LIMIT_MS} ms). Its figures measure the benchmark as well as the product. !!!`,
        );
    }
    // Where the cores went (CPU seconds from /proc; in brackets a process's share of one core).
    const cpuLine = (label: string, from: CpuSnapshot, to: CpuSnapshot) => {
      const window = (to.at - from.at) / 1000;
      const used = (name: string, before: number | null | undefined, after: number | null | undefined) =>
        before == null || after == null
          ? `${name} ?`
          : `${name} ${(after - before).toFixed(1)} s (${(((after - before) / window) * 100).toFixed(0)} %)`;
      const parts = [...to.children].map(([name, after]) => used(name, from.children.get(name), after));
      parts.push(used('benchmark (sender)', from.sender, to.sender));
      // A backend that connected within the window counts from its start; one that left within it is missed.
      const pgUsed = pgCpuBetween(from.postgres, to.postgres);
      parts.push(
        used(`postgres: the product's backends`, 0, pgUsed.byRole.product),
        used('analyze (for autovacuum)', 0, pgUsed.byRole.analyze),
        used('server background', 0, pgUsed.byRole.background),
        used("benchmark's own queries", 0, pgUsed.byRole.bench),
      );
      log(
        `${label.padEnd(20)}${window.toFixed(1)} s × ${os.cpus().length} cores, ${used('machine busy', from.machine, to.machine)}: ${parts.join(', ')}`,
      );
    };
    // CPU per press (decision 0540): every server-side process from the first send until the last delivery, over
    // the presses sent. Server side: the product's processes (or the floor's) and PostgreSQL (the run database's
    // backends opened by them, the analyze standing for autovacuum, the server's background processes); the
    // client processes, the sender and the benchmark's own queries are not counted.
    const isServer = (name: string) => !name.startsWith('clients');
    const isFanOut = (name: string) => name.startsWith('api') || name === 'floor live';
    const perPress = new Map<string, number>();
    let fanOutSeconds = 0;
    for (const [name, after] of cpuAtEnd.children) {
      const before = cpuAtStart.children.get(name);
      if (!isServer(name) || after == null || before == null) continue;
      perPress.set(name, ((after - before) * 1000) / Math.max(sent, 1));
      if (isFanOut(name)) fanOutSeconds += after - before;
    }
    const pgUse = pgCpuBetween(cpuAtStart.postgres, cpuAtEnd.postgres);
    const perPressMs = (seconds: number) => (seconds * 1000) / Math.max(sent, 1);
    const backendsPerPress = perPressMs(pgUse.byRole.product);
    const postgresPerPress = perPressMs(
      pgUse.byRole.product + pgUse.byRole.analyze + pgUse.byRole.background,
    );
    const outsidePerPress = [...perPress.values()].reduce((a, b) => a + b, 0);
    const serverPerPress = outsidePerPress + postgresPerPress;
    const serverSeconds = (serverPerPress * Math.max(sent, 1)) / 1000;
    // What the escalation start promises: the first block of every alert run soon after its press. Its context is
    // written in the start's transaction, just before the blocks due at once run (decision 0480).
    const escalationStarts = async (): Promise<{ delays: number[]; tasks: number }> => {
      if (FLOOR) return { delays: [], tasks: 0 };
      const [row] = await own.$queryRawUnsafe<{ delays: number[]; tasks: number }[]>(
        `SELECT coalesce(array_agg(extract(epoch FROM c.at - t."creationTimestamp") * 1000)
                           FILTER (WHERE c.at IS NOT NULL), '{}')::float8[] AS delays, count(*)::int AS tasks
           FROM "Task" t
           LEFT JOIN LATERAL (SELECT min(n."createdAt") AS at FROM "NotificationContext" n
                               WHERE n."facilityId" = t."facilityId" AND n."taskId" = t.id) c ON true`,
      );
      // Sorted here, where the verdict's `percentile` needs it (`spread` sorts its own copy). Until 2026-11-29 the
      // aggregate's `ORDER BY 1` was trusted to sort, and it orders by the constant 1: the verdict read an unsorted
      // array.
      row!.delays.sort((a, b) => a - b);
      return row!;
    };
    cpuLine('CPU while sending', cpuAtStart, cpuAtLastSend);
    cpuLine('CPU until delivered', cpuAtStart, cpuAtEnd);
    const f3 = (n: number) => n.toFixed(3);
    log(
      `CPU per press       ${f3(serverPerPress)} ms server side = ${[...perPress].map(([n, v]) => `${n} ${f3(v)}`).join(' + ')} + PostgreSQL ${f3(postgresPerPress)} ` +
        `(its backends ${f3(backendsPerPress)}: ${[...pgUse.byLabel].map(([n, v]) => `${n} ${f3(perPressMs(v))}`).join(', ')}; ` +
        `analyze for autovacuum ${f3(perPressMs(pgUse.byRole.analyze))}; server background ${f3(perPressMs(pgUse.byRole.background))}) ms; ${sent} presses`,
    );
    // The fan-out's write system calls (write, writev: /proc/<pid>/io's syscw) per 1,000 frames: how many frames
    // each socket's write carried, which the fan-out's CPU follows (decisions 0453, 0690, 0800).
    let fanOutWrites = 0;
    for (const [name, after] of cpuAtEnd.writes) {
      const before = cpuAtStart.writes.get(name);
      if (isFanOut(name) && after != null && before != null) fanOutWrites += after - before;
    }
    log(
      `CPU per frame       ${((fanOutSeconds * 1e6) / Math.max(latencies.length, 1)).toFixed(1)} µs in the fan-out process(es), ` +
        `${((serverSeconds * 1e6) / Math.max(latencies.length, 1)).toFixed(1)} µs server side, per delivered frame (${latencies.length} frames); ` +
        `the fan-out's write system calls ${((fanOutWrites * 1000) / Math.max(latencies.length, 1)).toFixed(0)} per 1,000 frames`,
    );
    if (statementRows.length) printStatements(statementRows, Math.max(sent, 1));
    log(
      `events processed    ${processed} of ${sent}, tasks created ${created.length}, processed twice: ${twice!.events} events, ${twice!.tasks} tasks; ` +
        `applied in ${twice!.transactions} transactions (${(processed / Math.max(twice!.transactions, 1)).toFixed(1)} events each)`,
    );
    log(
      `deliveries          ${latencies.length} of ${expectedDeliveries} expected, ${doubled} doubled (${(latencies.length / wallSeconds).toFixed(0)} frames/s; ${frames} frames received in all)`,
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
      // The job process's side of the backlog (it yields the cores to the ingest and the API, decision 0495): every
      // task's escalation started, waited for up to 60 s.
      let escalation = await escalationStarts();
      for (let waited = 0; escalation.delays.length < escalation.tasks && waited < 60_000; waited += 250) {
        await new Promise((r) => setTimeout(r, 250));
        escalation = await escalationStarts();
      }
      log(
        `${spread('press → escalation', escalation.delays)}  (${escalation.delays.length} of ${escalation.tasks} tasks started)`,
      );
    }
    log(spread('ingest 202', ackMs));
    log(spread('202 → client', fanOutMs));
    log(spread('press → client', latencies));
    log(spread('press → last client', lastClient));
    let code = 1;
    if (TIMED) {
      // Timer lateness (issue #18: timed jobs start within 50 ms of due at p99): first attempts only.
      const starts = FLOOR
        ? []
        : await own.$queryRawUnsafe<{ identifier: string; delays: number[]; done: number[] }[]>(
            `SELECT identifier, array_agg(extract(epoch FROM locked_at - run_at) * 1000)::float8[] AS delays,
                coalesce(array_agg(extract(epoch FROM done_at - run_at) * 1000)
                           FILTER (WHERE done_at IS NOT NULL), '{}')::float8[] AS done
           FROM bench_job_start WHERE attempts = 1 GROUP BY identifier ORDER BY identifier`,
          );
      for (const { identifier, delays, done } of starts) {
        log(`${spread(`start − due`, delays)}  ${identifier} (${delays.length} jobs)`);
        if (done.length) log(`${spread(`  done − due`, done)}  ${identifier} (${done.length} jobs)`);
      }
      const escalation = await escalationStarts();
      if (!FLOOR)
        log(
          `${spread('press → escalation', escalation.delays)}  (${escalation.delays.length} of ${escalation.tasks} tasks started when the run ended)`,
        );
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
      if (WARMUP_S > 0) log(spread(`after ${WARMUP_S} s warm-up`, after(WARMUP_S)));
      const after3 = after(3);
      const deliveredOnce = allDelivered && failures.length === 0 && doubled === 0;
      const escalationP99 = percentile(escalation.delays, 99);
      if (FLOOR) {
        log(
          `the floor: no goals of its own${args['floor-only'] ? '' : ' (the product against the floor below)'}`,
        );
        code = deliveredOnce && !senderBehind ? 0 : 1;
      } else {
        // Issue #31's goals, judged at the goal command's load (500 presses/s, 1,000 clients, 60 s); a lighter
        // run is judged against issue #18's (p99 < 50 ms whole run) and every delivery once (decision 0540).
        const goalLoad = RATE >= 500 && CLIENTS >= 1_000 && DURATION_S >= 60;
        const verdicts: { goal: string; met: boolean; figure: string; judged: boolean }[] = [
          {
            goal: 'every delivery once',
            met: deliveredOnce,
            judged: true,
            figure: `${latencies.length} of ${expectedDeliveries}, ${doubled} doubled, ${failures.length} failures`,
          },
          {
            goal: 'p99 after 3 s < 100 ms',
            met: percentile(after3, 99) < 100,
            judged: goalLoad,
            figure: ms(percentile(after3, 99)),
          },
          {
            goal: 'p99 whole run < 250 ms',
            met: percentile(latencies, 99) < 250,
            judged: goalLoad,
            figure: ms(percentile(latencies, 99)),
          },
          {
            goal: 'CPU per press ≤ 1.2 ms',
            met: serverPerPress <= 1.2,
            judged: goalLoad,
            figure: `${f3(serverPerPress)} ms`,
          },
          {
            goal: 'PostgreSQL per press ≤ 0.5 ms',
            met: postgresPerPress <= 0.5,
            judged: goalLoad,
            figure: `${f3(postgresPerPress)} ms`,
          },
          {
            goal: 'press → escalation start p99 < 150 ms',
            met: escalationP99 < 150 && escalation.delays.length === escalation.tasks,
            judged: goalLoad,
            figure: `${ms(escalationP99)}, ${escalation.delays.length} of ${escalation.tasks} started`,
          },
        ];
        if (!goalLoad)
          verdicts.push({
            goal: 'p99 whole run < 50 ms (issue #18, below 500 presses/s)',
            judged: RATE < 500,
            met: percentile(latencies, 99) < 50,
            figure: ms(percentile(latencies, 99)),
          });
        for (const v of verdicts)
          log(
            `${(senderBehind ? 'NO VERDICT' : !v.judged ? '(not judged)' : v.met ? 'PASS' : 'MISS').padEnd(13)}${v.goal.padEnd(56)}${v.figure}` +
              (v.judged ? '' : ` (judged at the goal command's load: 500 presses/s, 1,000 clients, 60 s)`),
          );
        const missed = verdicts.some((v) => v.judged && !v.met);
        log(
          senderBehind
            ? 'NO VERDICT: the benchmark could not send at the asked rate'
            : !deliveredOnce
              ? 'NOT within goal: a delivery missing, doubled or failed (exit 1)'
              : missed
                ? `NOT within goal: ${verdicts
                    .filter((v) => v.judged && !v.met)
                    .map((v) => v.goal)
                    .join('; ')} (exit 2)`
                : 'within every judged goal (exit 0)',
        );
        code = senderBehind || !deliveredOnce ? 1 : missed ? 2 : 0;
      }
      return {
        target,
        code,
        presses: sent,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        p99After3: percentile(after3, 99),
        max: latencies.at(-1) ?? Number.NaN,
        deliveredOnce,
        perPress,
        serverPerPress,
        postgresPerPress,
        fanOutPerFrame: (fanOutSeconds * 1e6) / Math.max(latencies.length, 1),
        serverPerFrame: (serverSeconds * 1e6) / Math.max(latencies.length, 1),
        escalationP99,
      };
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
      code = ok ? 0 : 1;
    } else {
      code = failures.length === 0 && doubled === 0 && twice!.events === 0 ? 0 : 1;
    }
    return {
      target,
      code,
      presses: sent,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      p99After3: percentile(after(3), 99),
      max: latencies.at(-1) ?? Number.NaN,
      deliveredOnce: allDelivered && failures.length === 0 && doubled === 0,
      perPress,
      serverPerPress,
      postgresPerPress,
      fanOutPerFrame: (fanOutSeconds * 1e6) / Math.max(latencies.length, 1),
      serverPerFrame: (serverSeconds * 1e6) / Math.max(latencies.length, 1),
      escalationP99: Number.NaN,
    };
  } finally {
    await Promise.all([...(clients?.processes.map((c) => c.child) ?? []), ...children].map(stop));
    for (const agent of agents) agent.destroy();
    await nats?.stop();
    await own.$disconnect();
    await analyzePrisma.$disconnect();
    await db.drop();
  }
}

await exitWithCode(main);
