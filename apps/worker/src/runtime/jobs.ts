import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import {
  createPgPool,
  createPrisma,
  GENERIC_PLANS_SESSION_OPTIONS,
  JobName,
  type PrismaClient,
  reportsDatabaseUrl,
  setTaskChangeNotify,
} from '@sage/db';
import { type LiveRelay, startLiveRelay } from '@sage/live-bus';
import { readDatabaseUrl } from '@sage/service-kit/env';
import type { FastifyBaseLogger } from 'fastify';
import {
  parseCronItems,
  type Runner,
  run,
  runMigrations,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import type pg from 'pg';
import pino from 'pino';
import { failCareConfirmation } from '../alerts/fail-care-confirmation';
import { alertTasks } from '../alerts/jobs';
import { dailyCheckInCronItems, dailyCheckInTasks } from '../check-ins/jobs';
import { deviceEventTasks } from '../device-events/jobs';
import type { WorkerConfig } from '../env';
import { insightCronItems, insightTasks } from '../insights/jobs';
import { warmUpBlockRuns } from '../notifications/escalation';
import { createNotificationTasks, type NotificationJobOptions } from '../notifications/jobs';
import { DEFAULT_TAKEOVER_TIMINGS, Takeover, type TakeoverTimings } from '../recovery/takeover';
import { responseTimeCronItems, responseTimeTasks } from '../response-times/jobs';
import { retentionCronItems, retentionTasks } from '../retention/jobs';
import { supervisionCronItems, supervisionTasks } from '../supervision/jobs';
import { tabularRecordCronItems, tabularRecordTasks } from '../tabular-records/jobs';
import { taskScheduleCronItems, taskScheduleTasks } from '../task-schedules/jobs';
import { DueJobWaker } from './due-job-waker';
import { queueLogger } from './ingest';
import { logPoolErrors } from './pools';

/**
 * A restarting PostgreSQL answers "the database system is starting up" (57P03) for a moment, and
 * graphile-worker 0.17 then waits 3 s, growing to 2 min, before asking for a job again: a minute-long stall
 * after a database restart. Its table of retryable codes is a plain object of its own module (no public
 * option): ask again within 0.25-2 s instead (decision 0112).
 */
const { RETRYABLE_ERROR_CODES } = createRequire(import.meta.url)('graphile-worker/dist/lib') as {
  RETRYABLE_ERROR_CODES: Record<string, { minDelay: number; maxDelay: number }>;
};
RETRYABLE_ERROR_CODES['57P03'] = { minDelay: 250, maxDelay: 2_000 };

/** The queue pool: each of the three worker pools' LISTEN connection, fetches and completions (batched). */
const QUEUE_CONNECTIONS = 12;

/** Connections the jobs' Prisma client keeps open (the job pool keeps one per job slot; decision 0080). */
const PRISMA_STANDING = 3;
/**
 * The timed jobs' pool fetches this many due jobs per query and completes them in batches (decision 0460): at
 * 500 presses/s every task's block falls due, and one fetch and one completion per job were the pool's largest
 * cost. Jobs it holds are locked; the takeover knows them (recovery/takeover.ts).
 */
const TIMER_LOCAL_QUEUE_PER_SLOT = 2;
/** The timed jobs' own Prisma client (decision 0458): its connections, and those kept open. */
const TIMER_PRISMA_MAX = 4;
const TIMER_PRISMA_STANDING = 2;

/**
 * The escalation starts' own pool (decision 0478): a start is the first push and text of an alert, due at the
 * press. Its slots wait in the starts' batcher (notifications/jobs.ts) holding no connection, so there can be many;
 * it fetches several at once and completes them in batches, as the timed jobs' pool does (decision 0460).
 */
const START_SLOTS = 16;
const START_LOCAL_QUEUE_PER_SLOT = 2;
const START_JOBS: ReadonlySet<string> = new Set([JobName.startTaskNotifications]);

/**
 * Jobs that fall due at a time promised to someone: an escalation block (recurring runs, the break-glass, a block
 * brought forward by a missed alert or a failed text) and the care-confirmation limit. They run on job slots of
 * their own (decision 0458), so a backlog of escalation starts (or any other job) never holds them; the starts
 * keep the other slots, so neither kind can starve the other.
 */
const TIMED_JOBS: ReadonlySet<string> = new Set([
  JobName.runNotificationBlock,
  JobName.careConfirmationTimeout,
  JobName.checkMissedAlert,
  JobName.textFailed,
  JobName.unconfirmedClaim,
]);

/**
 * graphile-worker does not await a finished job's completion, so `runner.stop()` may resolve with the last
 * completions still on their way: wait (briefly) until the pool is idle, or ending it would strand them.
 */
async function settle(pool: pg.Pool): Promise<void> {
  const deadline = Date.now() + 5_000;
  await new Promise((r) => setTimeout(r, 50));
  while (Date.now() < deadline && (pool.waitingCount > 0 || pool.idleCount < pool.totalCount)) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Hands back the jobs the local queues hold before the pools stop (decision 0481). graphile-worker 0.17.3, releasing
 * a local queue that holds jobs with nothing else in flight, marks it released and then refuses to track the hand-back
 * ("Cannot background something when the queue is already released"): the stop fails with errors, our close ends
 * early and the jobs wait for a takeover. Expiring the held jobs' time to live first takes graphile-worker's own path
 * (the jobs go back to the queue with their attempt given back, and the release waits for that). `setModeTtlExpired`
 * is private in its types; it is what the queue's own timer calls, and it is called only in the mode it expects.
 */
function handBackHeldJobs(localQueues: ReadonlySet<{ readonly mode: string }>): void {
  for (const queue of localQueues) {
    const expire = (queue as unknown as { setModeTtlExpired?: () => void }).setModeTtlExpired;
    if (queue.mode === 'WAITING' && typeof expire === 'function') expire.call(queue);
  }
}

/**
 * The timed jobs' hot statements planned and run once on the standing connections before the first is due
 * (decision 0432, as the ingest does in decision 0415): the block runs' reads and queueing, and the
 * care-confirmation limit's update, for ids that do not exist. Nothing is written. Best effort.
 */
async function warmUp(
  pool: pg.Pool,
  prisma: PrismaClient,
  timerPrisma: PrismaClient,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const since = new Date(0).toISOString();
    await Promise.all([
      // The starts run their blocks due at once on the first client, the timed blocks on the second.
      ...Array.from({ length: PRISMA_STANDING }, () => warmUpBlockRuns(prisma)),
      ...Array.from({ length: TIMER_PRISMA_STANDING }, () => warmUpBlockRuns(timerPrisma)),
      ...Array.from({ length: pool.options.min ?? 1 }, () =>
        failCareConfirmation(pool, { taskId: 'warm-up', confirmingSince: since }),
      ),
    ]);
  } catch (error) {
    log.warn({ err: error }, 'job process warm-up failed; running cold');
  }
}

export interface JobProcess {
  /** The worker pools (the timed jobs', the escalation starts' and the rest) as one runner: stop() stops all. */
  runner: Runner;
  /** The jobs' own pool (the takeover's too). */
  pool: pg.Pool;
  /** The job queue's pool: graphile-worker's and the due-job waker's sessions, generic plans (decision 0492). */
  queuePool: pg.Pool;
  prisma: PrismaClient;
  takeover: Takeover;
  log: FastifyBaseLogger;
  close(): Promise<void>;
}

export interface StartJobsOptions {
  /** A pino logger (default: one at LOG_LEVEL), or false for none. */
  logger?: FastifyBaseLogger | false;
  /** Options of the notification jobs (tests: the local push service's TLS agent). */
  notifications?: NotificationJobOptions;
  /** Takeover timings (tests shorten them). */
  takeover?: Partial<TakeoverTimings>;
  /** Touched after each heartbeat (the container's health check). */
  healthFile?: string;
  /** How often idle workers look for jobs that have fallen due (default 1 s; the waker runs them on time). */
  pollInterval?: number;
}

/**
 * The job process (decision 0111): graphile-worker running every timed job, and the takeover of dead
 * processes' work (decision 0110). Several may run side by side on one database.
 */
export async function startJobs(config: WorkerConfig, options: StartJobsOptions = {}): Promise<JobProcess> {
  const log =
    options.logger === false
      ? pino({ enabled: false })
      : (options.logger ?? pino({ level: config.LOG_LEVEL }));
  const pool = createPgPool(config.DATABASE_URL, {
    // The jobs' own statements: the other jobs (one per slot at most), the care-confirmation limits of the timed
    // jobs' pool (a few), the takeover's sweeps.
    max: config.WORKER_CONCURRENCY + Math.min(config.WORKER_TIMER_CONCURRENCY, 8) + 4,
    min: config.WORKER_CONCURRENCY,
    connectionTimeoutMillis: 10_000,
    application_name: 'sage-jobs',
  });
  const queuePool = createPgPool(config.DATABASE_URL, {
    max: QUEUE_CONNECTIONS,
    min: 3,
    connectionTimeoutMillis: 10_000,
    application_name: 'sage-jobs-queue',
    // The job queue's own sessions (decision 0492): graphile-worker's fetch, completions and `add_jobs`, and the
    // due-job waker's read, all prepared statements with parameters, planned once per connection and kept generic.
    // With PostgreSQL's default the fetch was planned afresh on most calls (its custom plans looked cheaper than
    // the generic one): 3.5 s of planning in a 60 s run at 500 presses/s, against 1.3 s of running it. Their
    // generic plans read `sage_jobs_due_index` (due-index.int.test.ts). The jobs' own statements keep the default
    // on `pool`.
    options: GENERIC_PLANS_SESSION_OPTIONS,
  });
  logPoolErrors(pool, log);
  logPoolErrors(queuePool, log);
  const prisma = createPrisma(config.DATABASE_URL, {
    max: 5,
    min: PRISMA_STANDING,
    applicationName: 'sage-jobs-prisma',
  });
  const timerPrisma = createPrisma(config.DATABASE_URL, {
    max: TIMER_PRISMA_MAX,
    min: TIMER_PRISMA_STANDING,
    applicationName: 'sage-jobs-prisma',
  });
  const logger = queueLogger(log);
  await runMigrations({ pgPool: queuePool, logger });

  const notificationTasks = await createNotificationTasks(prisma, config, {
    log,
    ...options.notifications,
    timerPrisma,
    startSlots: START_SLOTS,
  });
  const taskList: TaskList = {
    ...supervisionTasks(pool),
    ...notificationTasks,
    ...taskScheduleTasks(pool),
    ...insightTasks(pool),
    ...deviceEventTasks(pool),
    ...alertTasks(pool),
    ...retentionTasks(pool, config.RECORDS_RETENTION_YEARS),
    ...dailyCheckInTasks(pool),
    ...responseTimeTasks(pool),
    ...tabularRecordTasks(pool, reportsDatabaseUrl(config, readDatabaseUrl(config))),
  };
  const takeover = new Takeover(
    pool,
    log,
    { ...DEFAULT_TAKEOVER_TIMINGS, ...options.takeover },
    options.healthFile,
  );
  // With the NATS live bus, task changes are not NOTIFY'd: a relay (here, or in another process) publishes
  // the committed TaskChange rows (decision 0400).
  let relay: LiveRelay | null = null;
  if (config.LIVE_BUS_URL) {
    setTaskChangeNotify(false);
    relay = await startLiveRelay({
      natsUrl: config.LIVE_BUS_URL,
      connectionString: config.DATABASE_URL,
      logger: log,
    });
  }

  const events = new EventEmitter() as WorkerEvents;
  takeover.attach(events);
  const localQueues = new Set<{ readonly mode: string }>();
  events.on('localQueue:init', ({ localQueue }) => localQueues.add(localQueue));
  // Jobs queued for later start when due, not at the next poll (decision 0431).
  const waker = new DueJobWaker(queuePool, log);
  waker.attach(events);
  const timedTasks: TaskList = {};
  const startTasks: TaskList = {};
  const otherTasks: TaskList = {};
  for (const [name, task] of Object.entries(taskList)) {
    if (TIMED_JOBS.has(name)) timedTasks[name] = task;
    else if (START_JOBS.has(name)) startTasks[name] = task;
    else otherTasks[name] = task;
  }
  // Three worker pools on one database pool and one event emitter: graphile-worker's fetch asks only for the
  // pool's own task identifiers, so the timed jobs wait only for each other (decision 0458) and the escalation
  // starts likewise (decision 0478). The takeover and the waker follow all three through the one emitter.
  const shared = {
    pgPool: queuePool,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 1000,
    events,
    logger,
  };
  const timerRunner = await run({
    ...shared,
    concurrency: config.WORKER_TIMER_CONCURRENCY,
    taskList: timedTasks,
    parsedCronItems: [],
    preset: {
      worker: {
        localQueue: { size: TIMER_LOCAL_QUEUE_PER_SLOT * config.WORKER_TIMER_CONCURRENCY },
        // Completions and failures of one event-loop turn in one statement each.
        completeJobBatchDelay: 0,
        failJobBatchDelay: 0,
      },
    },
  });
  const startRunner = await run({
    ...shared,
    concurrency: START_SLOTS,
    taskList: startTasks,
    parsedCronItems: [],
    preset: {
      worker: {
        localQueue: { size: START_LOCAL_QUEUE_PER_SLOT * START_SLOTS },
        completeJobBatchDelay: 0,
        failJobBatchDelay: 0,
      },
    },
  });
  const mainRunner = await run({
    ...shared,
    concurrency: config.WORKER_CONCURRENCY,
    taskList: otherTasks,
    // One fetch per wake (decision 0483); after a fetch that found nothing, the wakes of the next 50-150 ms share
    // one fetch at its end: every queued job wakes this pool too (graphile-worker's NOTIFY does not say for
    // whom), and its jobs (cron, fallbacks, the API's simulated press) are neither timers nor many.
    preset: {
      worker: {
        localQueue: {
          size: config.WORKER_CONCURRENCY,
          refetchDelay: { durationMs: 100, threshold: 0, maxAbortThreshold: Number.POSITIVE_INFINITY },
        },
      },
    },
    // Each area's cron items (`<area>/jobs.ts`), on the queue's own cron.
    parsedCronItems: parseCronItems([
      ...retentionCronItems,
      ...supervisionCronItems,
      ...dailyCheckInCronItems,
      ...taskScheduleCronItems,
      ...responseTimeCronItems,
      ...(config.INSIGHTS_ENGINE === 'on' ? insightCronItems : []),
      ...tabularRecordCronItems,
    ]),
  });
  const runners = [mainRunner, timerRunner, startRunner];
  const runner: Runner = {
    ...mainRunner,
    async stop(reason?: string) {
      await Promise.all(runners.map((r) => r.stop(reason)));
    },
    async kill(reason?: string) {
      await Promise.all(runners.map((r) => r.kill(reason)));
    },
    promise: Promise.all(runners.map((r) => r.promise)).then(() => {}),
  };
  takeover.start();

  // Standing connections opened before work arrives (decision 0080). Best effort, as the warm-up: a connection cut
  // while they open (a failover, pg_terminate_backend) leaves the pool to open another later, and must not end a
  // process whose runners have already started (the takeover test caught that under load).
  const clients = await Promise.allSettled([
    ...Array.from({ length: pool.options.min ?? 0 }, () => pool.connect()),
    ...Array.from({ length: queuePool.options.min ?? 0 }, () => queuePool.connect()),
  ]);
  for (const client of clients) if (client.status === 'fulfilled') client.value.release();
  const standing = await Promise.allSettled([
    ...Array.from({ length: PRISMA_STANDING }, () => prisma.$queryRaw`SELECT 1`),
    ...Array.from({ length: TIMER_PRISMA_STANDING }, () => timerPrisma.$queryRaw`SELECT 1`),
  ]);
  const refused = [...clients, ...standing].filter((r) => r.status === 'rejected');
  if (refused.length) {
    log.warn(
      { err: (refused[0] as PromiseRejectedResult).reason },
      `${refused.length} standing connections could not be opened; the pools open them when needed`,
    );
  }
  await warmUp(pool, prisma, timerPrisma, log);

  let closed = false;
  return {
    runner,
    pool,
    queuePool,
    prisma,
    takeover,
    log,
    async close() {
      if (closed) return;
      closed = true;
      // Let running jobs finish, then say goodbye (a clean stop leaves nothing to take over).
      waker.stop();
      handBackHeldJobs(localQueues);
      await runner.stop();
      await Promise.all([settle(pool), settle(queuePool)]);
      await takeover.stop(true);
      if (relay) {
        await relay.close();
        setTaskChangeNotify(true);
      }
      await Promise.all([prisma.$disconnect(), timerPrisma.$disconnect()]);
      await Promise.all([pool.end(), queuePool.end()]);
    },
  };
}
