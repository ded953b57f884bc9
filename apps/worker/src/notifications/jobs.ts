import type https from 'node:https';
import { JobName, type PrismaClient } from '@sage/db';
import { createSmsTransportFromEnv, resolveVapidKeys, type SmsTransport } from '@sage/notify';
import type { JobHelpers, TaskList } from 'graphile-worker';
import type { WorkerConfig } from '../env';
import { type BlockRunResult, type EscalationDeps, runNotificationBlocks } from './escalation';
import {
  parseStartPayloads,
  type StartPayload,
  type StartResult,
  startTaskNotificationsBatch,
} from './escalation-start';
import { checkMissedAlert, DEFAULT_MISSED_PUSH_MS, textFailed } from './missed-alerts';
import { runUnconfirmedClaim } from './unconfirmed-claim';
import { UnreachedBlocks } from './unreached-blocks';

export interface NotificationJobOptions {
  /** HTTPS agent for push requests (tests: one trusting the local push service). */
  pushAgent?: https.Agent;
  log?: { warn(obj: object, msg: string): void };
  /** How often blocks that reached nobody are reported (default once a minute). */
  unreachedReportMs?: number;
  /** Text messages go here instead of the environment's transport (tests: a provider that refuses some). */
  sms?: SmsTransport;
  /** How long pushes have to be reported SHOWN (default PUSH_SHOWN_TIMEOUT_SECONDS, else 30 s). */
  missedPushMs?: number;
  /**
   * The timed jobs' own client (block runs, missed alerts, failed texts; decision 0458), so their statements
   * do not queue for a connection behind the escalation starts'. Default: the starts' client.
   */
  timerPrisma?: PrismaClient;
  /** Job slots of the escalation starts' pool: a start batch is at most that many jobs (default WORKER_CONCURRENCY). */
  startSlots?: number;
}

type BatchHelpers = Pick<JobHelpers, 'addJob' | 'logger'>;

/** A job's payload handed to a JobBatcher, and its job's outcome. */
interface Handed<P, R> {
  payload: P;
  helpers: BatchHelpers;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * The jobs of one kind the job process holds at one moment, run as one batch (decisions 0430, 0478): each job's
 * handler hands its payload here and waits for its own outcome; a batch goes once `maxBatch` jobs have handed one
 * in (every job slot of the pool), or `windowMs` after the first. With `maxInFlight`, a batch waits while that many
 * run and goes as soon as one ends (the ingest's group commit, decision 0410): under load batches grow instead of
 * queueing for the database side by side. `runBatch` settles each payload on its own, so one failing fails its own
 * job only (the queue retries that one).
 */
export class JobBatcher<P, R> {
  private pending: Handed<P, R>[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = 0;

  constructor(
    private readonly runBatch: (
      payloads: readonly P[],
      helpers: BatchHelpers,
    ) => Promise<PromiseSettledResult<R>[]>,
    private readonly maxBatch: number,
    private readonly options: { windowMs?: number; maxInFlight?: number } = {},
  ) {}

  run(payload: P, helpers: BatchHelpers): Promise<R> {
    return new Promise((resolve, reject) => {
      this.pending.push({ payload, helpers, resolve, reject });
      if (this.pending.length >= this.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.options.windowMs ?? 1);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const maxInFlight = this.options.maxInFlight ?? Number.POSITIVE_INFINITY;
    while (this.pending.length && this.inFlight < maxInFlight)
      this.start(this.pending.splice(0, this.maxBatch));
  }

  private start(batch: Handed<P, R>[]): void {
    this.inFlight += 1;
    this.runBatch(
      batch.map((b) => b.payload),
      batch[0]!.helpers,
    )
      .then(
        (outcomes) => {
          for (const [i, outcome] of outcomes.entries()) {
            if (outcome.status === 'fulfilled') batch[i]!.resolve(outcome.value);
            else batch[i]!.reject(outcome.reason);
          }
        },
        (error: unknown) => {
          for (const b of batch) b.reject(error);
        },
      )
      .finally(() => {
        this.inFlight -= 1;
        if (this.pending.length) this.flush();
      });
  }
}

/**
 * The escalation starts of several jobs (each one ingest batch's new tasks, or one task from the API) as one
 * start (decision 0478): their tasks in one startTaskNotificationsBatch, each job getting its own tasks' results.
 * If the merged start throws, each job is started again on its own, one after another, so a job that fails (a
 * task the start cannot write) fails alone and the others' tasks are not held for its retries. A start that
 * failed wrote nothing (its contexts and later blocks commit together) or, past that commit, finds its tasks
 * ALREADY_RUNNING: no task starts twice.
 */
export async function startJobsTogether(
  deps: EscalationDeps,
  jobs: readonly StartPayload[][],
  helpers: BatchHelpers,
): Promise<PromiseSettledResult<StartResult[]>[]> {
  const split = (results: StartResult[]) => {
    let at = 0;
    return jobs.map((job) => {
      const mine = results.slice(at, at + job.length);
      at += job.length;
      return mine;
    });
  };
  try {
    const results = await startTaskNotificationsBatch(deps, jobs.flat(), helpers);
    return split(results).map((value) => ({ status: 'fulfilled', value }));
  } catch (error) {
    if (jobs.length === 1) return [{ status: 'rejected', reason: error }];
    helpers.logger.error(`a start of ${jobs.length} jobs failed; each started alone: ${String(error)}`);
    const outcomes: PromiseSettledResult<StartResult[]>[] = [];
    for (const job of jobs) {
      try {
        outcomes.push({ status: 'fulfilled', value: await startTaskNotificationsBatch(deps, job, helpers) });
      } catch (reason) {
        outcomes.push({ status: 'rejected', reason });
      }
    }
    return outcomes;
  }
}

/** The notification jobs of the queue (start a task's escalation; run one block), ready for the taskList. */
export async function createNotificationTasks(
  prisma: PrismaClient,
  config: WorkerConfig,
  options: NotificationJobOptions = {},
): Promise<TaskList> {
  const missedPushMs =
    options.missedPushMs ??
    (config.PUSH_SHOWN_TIMEOUT_SECONDS !== undefined
      ? config.PUSH_SHOWN_TIMEOUT_SECONDS * 1000
      : DEFAULT_MISSED_PUSH_MS);
  const log = options.log ?? { warn: (obj: object, msg: string) => console.warn(msg, obj) };
  const deps: EscalationDeps = {
    prisma,
    missedPushMs,
    unreached: new UnreachedBlocks(
      { warn: (line: string) => log.warn({ scope: 'notifications' }, line) },
      options.unreachedReportMs,
    ),
    notifier: {
      prisma,
      sms: options.sms ?? (await createSmsTransportFromEnv(prisma, config)),
      ...(config.SMS_STATUS_CALLBACK_URL ? { smsStatusCallbackUrl: config.SMS_STATUS_CALLBACK_URL } : {}),
      vapid: await resolveVapidKeys(prisma, config),
      ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
      ...(options.log ? { log: options.log } : {}),
    },
  };
  const timerPrisma = options.timerPrisma ?? prisma;
  const timerDeps: EscalationDeps = {
    ...deps,
    prisma: timerPrisma,
    notifier: { ...deps.notifier, prisma: timerPrisma },
  };
  // A batch of block runs is at most what the timed jobs' slots hold at once (decision 0458).
  const blocks = new JobBatcher<unknown, BlockRunResult>(
    (payloads, helpers) => runNotificationBlocks(timerDeps, payloads, helpers),
    config.WORKER_TIMER_CONCURRENCY,
  );
  // The starts the starts' pool holds, started together, two such batches at most at once (decision 0478).
  const starts = new JobBatcher<StartPayload[], StartResult[]>(
    (jobs, helpers) => startJobsTogether(deps, jobs, helpers),
    options.startSlots ?? config.WORKER_CONCURRENCY,
    { maxInFlight: 2 },
  );
  return {
    [JobName.startTaskNotifications]: async (payload, helpers) => {
      // One task (queued by the API) or the new tasks of one ingest batch (decision 0413); a payload that does
      // not parse fails its own job before it joins a batch.
      const results = await starts.run(parseStartPayloads(payload), helpers);
      const counts: Record<string, number> = {};
      for (const r of results) counts[r] = (counts[r] ?? 0) + 1;
      helpers.logger.info(`task notifications: ${JSON.stringify(counts)}`);
    },
    [JobName.runNotificationBlock]: async (payload, helpers) => {
      const result = await blocks.run(payload, helpers);
      helpers.logger.info(`notification block: ${result.kind}`);
    },
    [JobName.checkMissedAlert]: async (payload, helpers) => {
      const result = await checkMissedAlert(timerPrisma, payload, helpers, { missedPushMs });
      helpers.logger.info(`missed-alert check: ${result.kind}`);
    },
    [JobName.unconfirmedClaim]: async (payload, helpers) => {
      const result = await runUnconfirmedClaim(timerDeps, payload, helpers);
      helpers.logger.info(`unconfirmed claim: ${result.kind}`);
    },
    [JobName.textFailed]: async (payload, helpers) => {
      const result = await textFailed(timerPrisma, payload, helpers);
      helpers.logger.info(`failed text: ${result.kind}`);
    },
  };
}
