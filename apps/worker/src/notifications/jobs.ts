import type https from 'node:https';
import { JobName, type PrismaClient } from '@sage/db';
import { createSmsTransportFromEnv, resolveVapidKeys, type SmsTransport } from '@sage/notify';
import type { JobHelpers, TaskList } from 'graphile-worker';
import type { WorkerConfig } from '../env';
import {
  type BlockRunResult,
  type EscalationDeps,
  parseStartPayloads,
  runNotificationBlocks,
  startTaskNotificationsBatch,
} from './escalation';
import { checkMissedAlert, DEFAULT_MISSED_PUSH_MS, textFailed } from './missed-alerts';
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
}

/**
 * The block runs the job process holds at one moment, run as one batch (decision 0430): each job's handler
 * hands its payload here and waits for its own outcome; a batch goes once every job slot has handed one in, or
 * after `windowMs`. One run failing fails its own job only (the queue retries that one).
 */
export class BlockRunBatcher {
  private pending: {
    payload: unknown;
    helpers: Pick<JobHelpers, 'addJob' | 'logger'>;
    resolve: (result: BlockRunResult) => void;
    reject: (error: unknown) => void;
  }[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: EscalationDeps,
    private readonly maxBatch: number,
    private readonly windowMs = 1,
  ) {}

  run(payload: unknown, helpers: Pick<JobHelpers, 'addJob' | 'logger'>): Promise<BlockRunResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ payload, helpers, resolve, reject });
      if (this.pending.length >= this.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (!batch.length) return;
    runNotificationBlocks(
      this.deps,
      batch.map((b) => b.payload),
      batch[0]!.helpers,
    ).then(
      (outcomes) => {
        for (const [i, outcome] of outcomes.entries()) {
          if (outcome.status === 'fulfilled') batch[i]!.resolve(outcome.value);
          else batch[i]!.reject(outcome.reason);
        }
      },
      (error: unknown) => {
        for (const b of batch) b.reject(error);
      },
    );
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
  const blocks = new BlockRunBatcher(timerDeps, config.WORKER_TIMER_CONCURRENCY);
  return {
    [JobName.startTaskNotifications]: async (payload, helpers) => {
      // One task (queued by the API) or the new tasks of one ingest batch (decision 0413).
      const results = await startTaskNotificationsBatch(deps, parseStartPayloads(payload), helpers);
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
    [JobName.textFailed]: async (payload, helpers) => {
      const result = await textFailed(timerPrisma, payload, helpers);
      helpers.logger.info(`failed text: ${result.kind}`);
    },
  };
}
