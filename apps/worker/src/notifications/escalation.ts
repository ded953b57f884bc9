import {
  ADD_JOBS_SQL,
  JobName,
  notificationBlockJobKey,
  type Prisma,
  type PrismaClient,
  queryPrepared,
  type RunNotificationBlockPayload,
  type Severity,
} from '@sage/db';
import {
  type BlockFilter,
  blockRunAt,
  isRecurring,
  notificationJobPriority,
  type ScheduledBlock,
  selectGroupTaskRecipients,
  selectRecipients,
  shouldKeepNotifying,
} from '@sage/domain';
import { type Language, localizeTaskTitle, translate } from '@sage/i18n';
import { type NotifierDeps, type OutgoingMessage, type SentMessage, sendMessages } from '@sage/notify';
import type { JobHelpers } from 'graphile-worker';
import { z } from 'zod';
import { gatheringHelpers, type QueuedJob, queueJobs, settleLimited } from './escalation-jobs';
import { CONTEXTS_SQL, type ContextRow, readTasks, type TaskRow } from './escalation-reads';
import { type FacilityStaff, loadCandidates } from './escalation-staff';
import { DEFAULT_MISSED_PUSH_MS, hasFailedText, pushWatchJob, watchDeliveries } from './missed-alerts';
import type { UnreachedBlocks } from './unreached-blocks';

/**
 * The notification escalation of a task (docs/decisions/0060): when a task opens, the facility's ALERT policy
 * is copied into a NotificationContext and each block is queued at start + executionTimeAfterStartInMs; each
 * run re-reads the task and stops once it is claimed or resolved; recurring blocks queue their next run.
 */
export interface EscalationDeps {
  prisma: PrismaClient;
  notifier: NotifierDeps;
  /** How long a block's pushes have to be reported SHOWN before the next block runs (decision 0144). */
  missedPushMs?: number;
  /** Counts blocks that reached nobody, reported once a minute (not a line per task on the hot path). */
  unreached?: UnreachedBlocks;
}

/** A block as the context keeps it: the policy's block and filters as they were when the task opened. */
export interface BlockSnapshot extends ScheduledBlock {
  blockId: string;
  filters: BlockFilter[];
}

export interface ContextState {
  blocks: BlockSnapshot[];
  /** Why the escalation ended, once it has. */
  stoppedBecause?: string;
}

const ZBlockPayload = z.object({
  contextId: z.string().min(1),
  blockIndex: z.number().int().min(0),
  run: z.number().int().min(0),
});

export type BlockRunResult =
  | { kind: 'SENT'; messageRid: string | null; recipientIds: string[]; nextRun: number | null }
  | { kind: 'STOPPED'; status: string }
  | { kind: 'DONE' };

/** Block runs of one batch at once at most (each may send: database writes and push requests). */
const BLOCK_RUNS_AT_ONCE = 8;

/** A block run whose context and block exist and whose escalation has not ended, with its task as read. */
interface Run {
  /** Its place in the batch (its outcome's). */
  i: number;
  payload: z.infer<typeof ZBlockPayload>;
  context: ContextRow & { taskId: string };
  state: ContextState;
  block: BlockSnapshot;
  /** The task, scoped to the context's facility; none when it is gone. */
  task: TaskRow | undefined;
}

/** A run that goes on: its message (none when it reaches nobody) and its next run, if recurring. */
interface Planned {
  task: TaskRow;
  recipientIds: string[];
  outgoing: OutgoingMessage | null;
  nextRun: number | null;
  nextJob: QueuedJob | null;
}

/** A run whose message was sent, for its missed-alert watches (decision 0144). */
interface Sent {
  run: Run;
  task: TaskRow;
  sent: SentMessage;
}

type Outcomes = PromiseSettledResult<BlockRunResult>[];

/**
 * Job 'run-notification-block', many at once (decision 0430): the runs of a batch (the jobs the job process
 * holds at one moment, or the blocks due at once of a batch of starts) read their contexts with their tasks (and
 * the tasks' units and allocations) in one statement (decision 0487) and the staff of all their facilities in one
 * (and care zones); each run then follows the rules of decision 0060 on its own (stop once the task is no
 * longer waiting, send, next run of a recurring block); the next runs are queued in one statement, then the
 * missed-alert watches (decision 0144) in another.
 * The outcome is per run: one that fails is rejected alone (its job alone is retried), the others stand.
 * `preloaded` passes contexts and tasks the caller has just read.
 */
export async function runNotificationBlocks(
  deps: EscalationDeps,
  rawPayloads: readonly unknown[],
  helpers: Pick<JobHelpers, 'addJob' | 'logger'>,
  preloaded?: {
    contexts: ContextRow[];
    tasksByContext: Map<string, TaskRow>;
    /** The runs' next runs are queued already (the start's write, decision 0650): not queued again here. */
    nextRunsQueued?: boolean;
  },
): Promise<Outcomes> {
  const outcomes: Outcomes = new Array(rawPayloads.length);
  const payloads = rawPayloads.map((raw, i) => {
    const parsed = ZBlockPayload.safeParse(raw);
    if (!parsed.success) outcomes[i] = { status: 'rejected', reason: parsed.error };
    return parsed.success ? parsed.data : null;
  });
  const runs = await readRuns(deps.prisma, payloads, outcomes, preloaded);

  // The staff of the open tasks' facilities (and the zones their blocks name), one read for the batch
  // (decision 0461). If it fails, the runs that need it fail (each job retried).
  const staffRead = loadCandidates(
    deps.prisma,
    runs
      .filter((r) => r.task && shouldKeepNotifying(r.task.status))
      .map((r) => ({ facilityId: r.context.facilityId, filters: r.block.filters })),
  );
  // Awaited by each run that needs it; a rejection is handled there, not left unhandled meanwhile.
  staffRead.catch(() => {});

  const planned = await settleLimited(runs, BLOCK_RUNS_AT_ONCE, (run) => planRun(deps, run, staffRead));
  const { sent, nextRuns } = await sendPlanned(deps, runs, planned, outcomes);
  await queueNextRunsAndWatches(deps, helpers, outcomes, preloaded?.nextRunsQueued ? [] : nextRuns, sent);
  await watchFailedTexts(deps, helpers, outcomes, sent);
  return outcomes;
}

/**
 * The runs' contexts with their tasks (one statement for those not preloaded; tasks the contexts did not bring
 * read in one more). A run whose context or block is gone, or whose escalation has ended, is DONE here.
 */
async function readRuns(
  prisma: PrismaClient,
  payloads: readonly (z.infer<typeof ZBlockPayload> | null)[],
  outcomes: Outcomes,
  preloaded?: { contexts: ContextRow[]; tasksByContext: Map<string, TaskRow> },
): Promise<Run[]> {
  const contexts = new Map((preloaded?.contexts ?? []).map((c) => [c.id, c]));
  // Scoped to each context's facility: a task id from elsewhere finds nothing.
  const tasks = new Map<string, TaskRow>();
  const taskKey = (facilityId: string, taskId: string) => `${facilityId}\u0000${taskId}`;
  const toRead = [
    ...new Set(payloads.flatMap((p) => (p && !contexts.has(p.contextId) ? [p.contextId] : []))),
  ];
  if (toRead.length) {
    // The contexts with their tasks, one statement.
    const read = await queryPrepared<ContextRow & { task: TaskRow | null }>(prisma, CONTEXTS_SQL, [toRead]);
    for (const { task, ...c } of read) {
      contexts.set(c.id, c);
      if (task && c.taskId) tasks.set(taskKey(c.facilityId, c.taskId), task);
    }
  }
  const live: Omit<Run, 'task'>[] = [];
  for (const [i, payload] of payloads.entries()) {
    if (!payload) continue;
    const context = contexts.get(payload.contextId);
    const state = context?.state as unknown as ContextState | undefined;
    const block = state?.blocks[payload.blockIndex];
    if (!context || context.completedAt || !context.taskId || !state || !block) {
      outcomes[i] = { status: 'fulfilled', value: { kind: 'DONE' } };
      continue;
    }
    live.push({ i, payload, context: context as ContextRow & { taskId: string }, state, block });
  }

  for (const l of live) {
    const given = preloaded?.tasksByContext.get(l.context.id);
    if (given) tasks.set(taskKey(l.context.facilityId, l.context.taskId), given);
  }
  // Preloaded contexts come with their tasks; any without are read here.
  const tasksToRead = live.filter((l) => !tasks.has(taskKey(l.context.facilityId, l.context.taskId)));
  if (tasksToRead.length) {
    const read = await readTasks(
      prisma,
      tasksToRead.map((l) => ({ facilityId: l.context.facilityId, taskId: l.context.taskId })),
    );
    for (const { facilityId, taskId, task } of read) tasks.set(taskKey(facilityId, taskId), task);
  }
  return live.map((l) => ({ ...l, task: tasks.get(taskKey(l.context.facilityId, l.context.taskId)) }));
}

/**
 * One run by the rules of decision 0060: a task no longer waiting ends its escalation (STOPPED); else its
 * recipients (packages/domain), its message, and its next run when the block recurs.
 */
async function planRun(
  deps: EscalationDeps,
  run: Run,
  staffRead: Promise<Map<string, FacilityStaff>>,
): Promise<BlockRunResult | Planned> {
  const { context, state, block, payload, task } = run;
  if (!task || !shouldKeepNotifying(task.status)) {
    const status = task?.status ?? 'DELETED';
    await deps.prisma.notificationContext.updateMany({
      where: { id: context.id, completedAt: null },
      data: {
        completedAt: new Date(),
        state: { ...state, stoppedBecause: status } as unknown as Prisma.InputJsonValue,
      },
    });
    return { kind: 'STOPPED', status };
  }
  const { candidates: staff, zonesById } = (await staffRead).get(context.facilityId)!;
  // A task addressed to a group (an observation escalated to the nurses) reaches that group (decision 0241).
  const recipientIds = task.assigneeGroupId
    ? selectGroupTaskRecipients(task.assigneeGroupId, block, staff)
    : selectRecipients({ severity: task.severity, unit: task.unit }, block, staff, zonesById);
  const startedAtMs = context.startedAt.getTime();
  let outgoing: OutgoingMessage | null = null;
  if (recipientIds.length === 0) {
    deps.unreached?.record(context.facilityId, task.id);
  } else {
    const isCheckIn = task.deviceId ? task.isCheckIn : false;
    outgoing = messageOf(context.facilityId, task, block, payload.run, startedAtMs, recipientIds, isCheckIn, {
      contextId: context.id,
      blockIndex: payload.blockIndex,
    });
  }

  const next = nextRunJob(context.id, payload.blockIndex, block, startedAtMs, payload.run, task.severity);
  return { task, recipientIds, outgoing, nextRun: next?.run ?? null, nextJob: next?.job ?? null };
}

/**
 * A recurring block's next run after run `run`, due after now (runs missed while the queue was down are skipped,
 * not replayed), and its job (the block's key: a missed alert bringing the block forward replaces it); null for a
 * block that does not recur.
 */
export function nextRunJob(
  contextId: string,
  blockIndex: number,
  block: ScheduledBlock,
  startedAtMs: number,
  run: number,
  severity: Severity,
): { run: number; job: QueuedJob } | null {
  if (!isRecurring(block)) return null;
  const elapsed = Date.now() - startedAtMs - block.executionTimeAfterStartInMs;
  const nextRun = Math.max(run + 1, Math.floor(elapsed / block.recurringIntervalInMs) + 1);
  const runAt = blockRunAt(block, startedAtMs, nextRun);
  if (runAt === null) return null;
  return {
    run: nextRun,
    job: {
      identifier: JobName.runNotificationBlock,
      payload: { contextId, blockIndex, run: nextRun } satisfies RunNotificationBlockPayload,
      runAt: new Date(runAt),
      jobKey: notificationBlockJobKey(contextId, blockIndex),
      priority: notificationJobPriority(severity),
      maxAttempts: 3,
    },
  };
}

/**
 * The messages of the planned runs sent together (decision 0459): shared reads and one write, then each one's
 * sends. Each run's outcome: SENT (with its message, if any, and its next run), or its plan's or send's failure.
 */
async function sendPlanned(
  deps: EscalationDeps,
  runs: readonly Run[],
  planned: readonly PromiseSettledResult<BlockRunResult | Planned>[],
  outcomes: Outcomes,
): Promise<{ sent: Sent[]; nextRuns: { i: number; job: QueuedJob }[] }> {
  const sending = planned.flatMap((p, k) =>
    p.status === 'fulfilled' && 'outgoing' in p.value && p.value.outgoing
      ? [{ k, outgoing: p.value.outgoing }]
      : [],
  );
  const sends = await sendMessages(
    deps.notifier,
    sending.map((s) => s.outgoing),
  );
  const sentBy = new Map(sending.map((s, n) => [s.k, sends[n]!]));
  const sent: Sent[] = [];
  const nextRuns: { i: number; job: QueuedJob }[] = [];
  for (const [k, p] of planned.entries()) {
    const run = runs[k]!;
    if (p.status === 'rejected' || !('outgoing' in p.value)) {
      outcomes[run.i] = p as PromiseSettledResult<BlockRunResult>;
      continue;
    }
    const plan = p.value;
    const delivery = sentBy.get(k);
    if (delivery?.status === 'rejected') {
      outcomes[run.i] = { status: 'rejected', reason: delivery.reason };
      continue;
    }
    if (delivery) sent.push({ run, task: plan.task, sent: delivery.value });
    if (plan.nextJob) nextRuns.push({ i: run.i, job: plan.nextJob });
    outcomes[run.i] = {
      status: 'fulfilled',
      value: {
        kind: 'SENT',
        messageRid: delivery?.value.messageRid ?? null,
        recipientIds: plan.recipientIds,
        nextRun: plan.nextRun,
      },
    };
  }
  return { sent, nextRuns };
}

/**
 * The next runs of the runs that succeeded and the SHOWN checks of their pushes (decision 0144), in one statement
 * (decision 0461). If it fails, the runs with a next run fail (and are retried), as when the next runs had a
 * statement of their own; the checks of the others are then queued alone.
 */
async function queueNextRunsAndWatches(
  deps: EscalationDeps,
  helpers: Pick<JobHelpers, 'addJob' | 'logger'>,
  outcomes: Outcomes,
  nextRuns: readonly { i: number; job: QueuedJob }[],
  sent: readonly Sent[],
): Promise<void> {
  const missedPushMs = deps.missedPushMs ?? DEFAULT_MISSED_PUSH_MS;
  const queued = nextRuns.filter((n) => outcomes[n.i]?.status === 'fulfilled');
  const pushWatches = () =>
    sent.flatMap((s) => {
      if (outcomes[s.run.i]?.status !== 'fulfilled') return [];
      const watch = pushWatchJob(
        { missedPushMs },
        {
          contextId: s.run.context.id,
          blockIndex: s.run.payload.blockIndex,
          severity: s.task.severity,
          sent: s.sent,
        },
      );
      return watch ? [watch] : [];
    });
  try {
    await queueJobs(deps.prisma, [...queued.map((n) => n.job), ...pushWatches()]);
  } catch (error) {
    for (const n of queued) outcomes[n.i] = { status: 'rejected', reason: error };
    // After the sends and the next runs are settled: a failure here must not make the queue retry (and repeat)
    // a block's message.
    const watches = pushWatches();
    try {
      await queueJobs(deps.prisma, watches);
    } catch (watchError) {
      helpers.logger.error(
        `missed-alert watches of ${watches.length} block run(s) failed: ${String(watchError)}`,
      );
    }
  }
}

/** A text that failed escalates at once (decision 0144), after the run is settled; rare, so run by run. */
async function watchFailedTexts(
  deps: EscalationDeps,
  helpers: Pick<JobHelpers, 'addJob' | 'logger'>,
  outcomes: Outcomes,
  sent: readonly Sent[],
): Promise<void> {
  const missedPushMs = deps.missedPushMs ?? DEFAULT_MISSED_PUSH_MS;
  const watches: QueuedJob[] = [];
  const watchHelpers = gatheringHelpers(helpers, watches);
  await settleLimited(
    sent.filter((s) => outcomes[s.run.i]?.status === 'fulfilled' && hasFailedText(s.sent)),
    BLOCK_RUNS_AT_ONCE,
    async ({ run, task, sent: delivery }) => {
      try {
        await watchDeliveries(
          deps.prisma,
          watchHelpers,
          { missedPushMs },
          {
            contextId: run.context.id,
            blockIndex: run.payload.blockIndex,
            severity: task.severity,
            sent: delivery,
          },
        );
      } catch (error) {
        helpers.logger.error(`missed-alert watch of task ${task.id} failed: ${String(error)}`);
      }
    },
  );
  try {
    await queueJobs(deps.prisma, watches);
  } catch (error) {
    helpers.logger.error(`missed-alert watches of ${watches.length} block run(s) failed: ${String(error)}`);
  }
}

/**
 * The block runs' statements run once for ids that do not exist (the job process's warm-up, decision 0432):
 * the context and task reads and the staff read, prepared on the connection that runs them (decision 0487), and
 * the job queueing planned with EXPLAIN.
 */
export async function warmUpBlockRuns(prisma: PrismaClient): Promise<void> {
  const none = ['warm-up'];
  await queryPrepared(prisma, CONTEXTS_SQL, [none]);
  await readTasks(prisma, [{ facilityId: 'warm-up', taskId: 'warm-up' }]);
  await loadCandidates(prisma, [{ facilityId: 'warm-up', filters: [] }]);
  await prisma.$queryRawUnsafe(`EXPLAIN ${ADD_JOBS_SQL}`, [], [], [], [], [], []);
}

/** The message of a block run (sent with the batch's others by sendMessages). */
function messageOf(
  facilityId: string,
  task: TaskRow,
  block: BlockSnapshot,
  run: number,
  startedAtMs: number,
  recipientIds: string[],
  isCheckIn: boolean,
  escalation: { contextId: string; blockIndex: number },
): OutgoingMessage {
  return {
    facilityId,
    // Tasks for a group come from the tasks number, alerts from the alerts number (decision 0241).
    topic: task.assigneeGroupId ? 'TASKS' : 'ALERTS',
    title: task.title,
    body: messageBody(task.severity, block, run, startedAtMs),
    // Each recipient's push and text in their language (decision 0553); the minutes as counted now.
    localized: (language) => ({
      title: localizeTaskTitle(task.title, language),
      body: messageBody(task.severity, block, run, startedAtMs, language),
    }),
    recipientIds,
    taskId: task.id,
    taskSeverity: task.severity,
    isCheckIn,
    escalation,
  };
}

function messageBody(
  severity: Severity,
  block: ScheduledBlock,
  run: number,
  startedAtMs: number,
  language: Language = 'en',
): string {
  const label = translate(language, 'severity', severity);
  if (run === 0 && !block.isBreakGlass)
    return translate(language, 'notify', 'unclaimedFirst', { severity: label });
  const minutes = Math.max(1, Math.round((Date.now() - startedAtMs) / 60_000));
  return translate(language, 'notify', 'unclaimedAfter', { severity: label, minutes });
}
