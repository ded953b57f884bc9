import { randomUUID } from 'node:crypto';
import {
  ADD_JOBS_SQL,
  addJobsParams,
  JobName,
  type JobRow,
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
  type Candidate,
  isRecurring,
  notificationJobPriority,
  orderBlocks,
  type ScheduledBlock,
  selectGroupTaskRecipients,
  selectRecipients,
  shouldKeepNotifying,
  type UnitTags,
} from '@sage/domain';
import { type Language, localizeTaskTitle, translate } from '@sage/i18n';
import { type NotifierDeps, type OutgoingMessage, type SentMessage, sendMessages } from '@sage/notify';
import type { JobHelpers, TaskSpec } from 'graphile-worker';
import { z } from 'zod';
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

const ZStartPayload = z.object({ taskId: z.string().min(1), facilityId: z.string().min(1) });
const ZStartPayloads = z.union([ZStartPayload, z.array(ZStartPayload).min(1)]);
export type StartPayload = z.infer<typeof ZStartPayload>;
const ZBlockPayload = z.object({
  contextId: z.string().min(1),
  blockIndex: z.number().int().min(0),
  run: z.number().int().min(0),
});

export type StartResult = 'STARTED' | 'NOT_OPEN' | 'ALREADY_RUNNING' | 'NO_POLICY' | 'NO_TASK';

/** A facility's ALERT policy as the start copies it: its blocks with their filters. */
export interface StartPolicy {
  id: string;
  facilityId: string;
  version: number;
  blocks: (ScheduledBlock & { id: string; filters: BlockFilter[] })[];
}

/**
 * The facilities' ALERT policies with their blocks and filters, in one statement (decision 0478; three
 * statements one after another through Prisma's relations). The newest policy is the facility's policy: creating
 * one supersedes; editing an older one does not.
 */
export const START_POLICIES_SQL = `SELECT DISTINCT ON (p."facilityId") p.id, p."facilityId", p.version,
         coalesce((SELECT json_agg(json_build_object(
                            'id', b.id, 'executionTimeAfterStartInMs', b."executionTimeAfterStartInMs",
                            'recurringIntervalInMs', b."recurringIntervalInMs", 'isBreakGlass', b."isBreakGlass",
                            'priority', b.priority,
                            'filters', coalesce((SELECT json_agg(json_build_object(
                                                          'groupIds', f."groupIds", 'staffMemberIds', f."staffMemberIds",
                                                          'careZoneIds', f."careZoneIds", 'severities', f.severities,
                                                          'onCallOnly', f."onCallOnly") ORDER BY f.id)
                                                   FROM "NotificationFilter" f WHERE f."blockId" = b.id), '[]'::json))
                          ORDER BY b.id)
                     FROM "NotificationBlock" b WHERE b."policyId" = p.id), '[]'::json) AS blocks
    FROM "NotificationPolicy" p
   WHERE p."facilityId" = ANY((SELECT $1::text[])::text[]) AND p.type = 'ALERT'
   ORDER BY p."facilityId", p."createdAt" DESC, p.id ASC`;

/**
 * The escalation contexts of a start and their later blocks' jobs in ONE statement (decision 0478; a transaction of
 * four round trips before): the contexts inserted ($7-$13, one array each) beside ADD_JOBS_SQL ($1-$6). One
 * statement is one transaction: a context never lacks its later blocks, nor a block its context.
 */
const START_WRITE_SQL = `WITH c AS (
    INSERT INTO "NotificationContext" (id, "facilityId", "taskId", "policyId", "policyVersion", "startedAt", state)
    SELECT * FROM unnest($7::text[], $8::text[], $9::text[], $10::text[], $11::int[], $12::timestamptz[], $13::jsonb[])
    RETURNING 1)
  SELECT (SELECT count(*)::int FROM c) AS contexts, q.n FROM (${ADD_JOBS_SQL}) q`;

/** Job 'start-task-notifications': queued with the new task (scheduleTaskNotifications). */
export async function startTaskNotifications(
  deps: EscalationDeps,
  rawPayload: unknown,
  helpers: Pick<JobHelpers, 'addJob' | 'logger'>,
): Promise<StartResult> {
  const [result] = await startTaskNotificationsBatch(deps, [ZStartPayload.parse(rawPayload)], helpers);
  return result!;
}

/** The job's payload: one task (queued by the API) or the new tasks of one ingest batch (decision 0413). */
export const parseStartPayloads = (rawPayload: unknown): StartPayload[] => {
  const parsed = ZStartPayloads.parse(rawPayload);
  return Array.isArray(parsed) ? parsed : [parsed];
};

/**
 * The escalation start of many tasks at once (decision 0413): the tasks with their latest contexts, and their
 * facilities' policies, read in two statements (decision 0487), the contexts created and their later blocks
 * queued in one statement, and the blocks due now run here (the staff read once for the batch), each
 * as runNotificationBlocks runs them. Same rules as one task at a time: an open task with no running
 * escalation starts, counting from its creation (the press) the first time and from now when started again.
 */
export async function startTaskNotificationsBatch(
  deps: EscalationDeps,
  payloads: readonly StartPayload[],
  helpers: Pick<JobHelpers, 'addJob' | 'logger'>,
): Promise<StartResult[]> {
  const { prisma } = deps;
  const facilityIds = [...new Set(payloads.map((p) => p.facilityId))];
  const [tasks, policies] = await Promise.all([
    readTasks(prisma, payloads),
    queryPrepared<StartPolicy>(prisma, START_POLICIES_SQL, [facilityIds]),
  ]);
  const taskOf = new Map(tasks.map((t) => [`${t.facilityId}\u0000${t.taskId}`, t]));
  const policyOf = new Map(policies.map((p) => [p.facilityId, p]));

  const results: StartResult[] = [];
  const starting: { context: ContextRow; task: TaskRow; runAts: number[]; priority: number }[] = [];
  const seen = new Set<string>();
  for (const { taskId, facilityId } of payloads) {
    const key = `${facilityId}\u0000${taskId}`;
    const found = taskOf.get(key);
    if (!found) {
      results.push('NO_TASK');
      continue;
    }
    const { task, latest } = found;
    if (!shouldKeepNotifying(task.status)) {
      results.push('NOT_OPEN');
      continue;
    }
    if ((latest && !latest.completedAt) || seen.has(key)) {
      results.push('ALREADY_RUNNING');
      continue;
    }
    const policy = policyOf.get(facilityId);
    if (!policy || policy.blocks.length === 0) {
      results.push('NO_POLICY');
      continue;
    }
    seen.add(key);
    const blocks: BlockSnapshot[] = orderBlocks(policy.blocks).map(({ id, filters, ...block }) => ({
      blockId: id,
      ...block,
      filters,
    }));
    // The first escalation counts from the task's creation (the press); one started again (the task was given
    // back unclaimed, or restarted through POST /notificationContexts) counts from now.
    const startedAt = latest ? new Date() : found.creationTimestamp;
    const state: ContextState = { blocks };
    starting.push({
      context: { id: randomUUID(), facilityId, taskId, startedAt, completedAt: null, state: state as never },
      task,
      runAts: blocks.map((block) => blockRunAt(block, startedAt.getTime(), 0) ?? Date.now()),
      priority: notificationJobPriority(task.severity),
    });
    results.push('STARTED');
  }
  if (!starting.length) return results;

  const startedAtMs = Date.now();
  // Later blocks wait on the queue; blocks due now (the first block, usually at 0 ms) run here, saving a
  // queue hop on the press-to-push path. One that fails here is queued, so the queue retries it.
  const later = starting.flatMap((s) =>
    s.runAts.flatMap((runAt, blockIndex) => (runAt <= startedAtMs ? [] : [{ s, blockIndex, runAt }])),
  );
  // The contexts and the later blocks' jobs (decision 0433) in one statement: they commit together.
  const policyFor = (facilityId: string) => policyOf.get(facilityId)!;
  await queryPrepared(prisma, START_WRITE_SQL, [
    ...addJobsParams(
      later.map((l) => ({
        identifier: JobName.runNotificationBlock,
        payload: {
          contextId: l.s.context.id,
          blockIndex: l.blockIndex,
          run: 0,
        } satisfies RunNotificationBlockPayload,
        runAt: new Date(l.runAt),
        jobKey: notificationBlockJobKey(l.s.context.id, l.blockIndex),
        priority: l.s.priority,
        maxAttempts: 3,
      })),
    ),
    starting.map(({ context }) => context.id),
    starting.map(({ context }) => context.facilityId),
    starting.map(({ context }) => context.taskId),
    starting.map(({ context }) => policyFor(context.facilityId).id),
    starting.map(({ context }) => policyFor(context.facilityId).version),
    starting.map(({ context }) => context.startedAt.toISOString()),
    starting.map(({ context }) => JSON.stringify(context.state)),
  ]);
  // The blocks due now run here as one batch (runNotificationBlocks), with the context and task just read.
  const due = starting.flatMap(({ context, task, runAts, priority }) =>
    runAts.flatMap((runAt, blockIndex) =>
      runAt > startedAtMs ? [] : [{ context, task, blockIndex, priority }],
    ),
  );
  const outcomes = await runNotificationBlocks(
    deps,
    due.map((d) => ({ contextId: d.context.id, blockIndex: d.blockIndex, run: 0 })),
    helpers,
    {
      contexts: starting.map((s) => s.context),
      tasksByContext: new Map(starting.map((s) => [s.context.id, s.task])),
    },
  );
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.status === 'fulfilled') continue;
    const { context, blockIndex, priority } = due[i]!;
    helpers.logger.error(
      `notification block ${blockIndex} failed; queued for retry: ${String(outcome.reason)}`,
    );
    await helpers.addJob(
      JobName.runNotificationBlock,
      { contextId: context.id, blockIndex, run: 0 } satisfies RunNotificationBlockPayload,
      {
        runAt: new Date(),
        jobKey: notificationBlockJobKey(context.id, blockIndex),
        priority,
        maxAttempts: 3,
      },
    );
  }
  return results;
}

export type BlockRunResult =
  | { kind: 'SENT'; messageRid: string | null; recipientIds: string[]; nextRun: number | null }
  | { kind: 'STOPPED'; status: string }
  | { kind: 'DONE' };

const taskSelect = {
  id: true,
  title: true,
  status: true,
  severity: true,
  deviceId: true,
  assigneeGroupId: true,
  unit: { select: { id: true, careType: true, ward: true, building: true, wing: true, floor: true } },
} as const satisfies Prisma.TaskSelect;
const contextSelect = {
  id: true,
  facilityId: true,
  taskId: true,
  startedAt: true,
  completedAt: true,
  state: true,
} as const satisfies Prisma.NotificationContextSelect;
/** A task as a block run reads it; `isCheckIn`: its device's active allocation is a check-in one (the message says). */
type TaskRow = Prisma.TaskGetPayload<{ select: typeof taskSelect }> & { isCheckIn: boolean };
type ContextRow = Prisma.NotificationContextGetPayload<{ select: typeof contextSelect }>;

/*
 * The job process's reads and writes per press run as named prepared statements (queryPrepared, decision 0487):
 * PostgreSQL parses and plans each once per connection instead of on every call, and one text serves every batch
 * size (Prisma's `IN ($1, $2, …)` was a statement of its own per size). Each statement keeps the shape the Prisma
 * calls it replaced returned.
 *
 * Their id arrays are read as `(SELECT $n::text[])`, not `$n`: PostgreSQL keeps a prepared statement's generic
 * plan only when it costs no more than the custom plans of the values given, and a custom plan sees the array's
 * length (one task costs a tenth of the ten a generic plan assumes), so with small or varying batches it planned
 * on every call. Behind a subquery neither sees the length: both plan for ten ids (index probes), cost the same,
 * and the generic plan stays, at 1 and at 200 tasks a batch alike. A generic plan lasts as long as the connection
 * (until the table is analyzed again), so tasks, contexts and allocations are looked up by the one id their
 * primary key (or the device's index) answers, behind OFFSET 0, and their facility checked on the row found: a
 * process started on a young database had planned a whole read of Task (its statistics said 308 rows), and, asked
 * for id and facility, a walk of the facility's tasks (`Task_facilityId_unitId_status_idx`, both estimated at one
 * row), 5,466 hits for 78 tasks.
 */

/**
 * A task as TaskRow, as JSON (`t` is the task): its unit by primary key, and whether its device's active allocation
 * is a check-in one (before, a statement of its own per batch), each a one-row subquery.
 */
const TASK_JSON = `json_build_object(
    'id', t.id, 'title', t.title, 'status', t.status, 'severity', t.severity, 'deviceId', t."deviceId",
    'assigneeGroupId', t."assigneeGroupId",
    'unit', (SELECT json_build_object('id', u.id, 'careType', u."careType", 'ward', u.ward, 'building', u.building,
                                      'wing', u.wing, 'floor', u.floor)
               FROM "Unit" u WHERE u.id = t."unitId"),
    'isCheckIn', coalesce((SELECT a."isCheckIn"
                             FROM (SELECT * FROM "DeviceAllocation" a WHERE a."deviceId" = t."deviceId" OFFSET 0) a
                            WHERE a."isActive" AND a."facilityId" = t."facilityId" LIMIT 1), false))`;

/**
 * Tasks by (facility, task) pairs, each with its latest escalation context (none: `hasContext` null): the start's
 * read, one statement for what were three (the tasks, their units, the contexts). By pairs, each an index probe:
 * the contexts were asked for every facility of the batch times every task (`IN` × `IN`), one probe per
 * combination.
 */
const TASKS_BY_KEY_SQL = `SELECT k.f AS "facilityId", k.t AS "taskId", t."creationTimestamp", ${TASK_JSON} AS task,
         latest.found AS "hasContext", latest."completedAt" AS "latestCompletedAt"
    FROM unnest((SELECT $1::text[]), (SELECT $2::text[])) AS k(f, t)
    CROSS JOIN LATERAL (SELECT * FROM "Task" t WHERE t.id = k.t OFFSET 0) t
    LEFT JOIN LATERAL (SELECT true AS found, c."completedAt" FROM "NotificationContext" c
                        WHERE c."facilityId" = k.f AND c."taskId" = k.t
                        ORDER BY c."startedAt" DESC LIMIT 1) latest ON true
   WHERE t."facilityId" = k.f`;

interface TaskByKey {
  facilityId: string;
  taskId: string;
  creationTimestamp: Date;
  task: TaskRow;
  /** The task's latest escalation context, if it has had one. */
  latest: { completedAt: Date | null } | null;
}

/** The tasks of these (facility, task) pairs that exist, each with its latest context (TASKS_BY_KEY_SQL). */
async function readTasks(
  prisma: PrismaClient,
  keys: readonly { facilityId: string; taskId: string }[],
): Promise<TaskByKey[]> {
  const unique = [...new Map(keys.map((k) => [`${k.facilityId}\u0000${k.taskId}`, k])).values()];
  const rows = await queryPrepared<
    Omit<TaskByKey, 'latest'> & { hasContext: boolean | null; latestCompletedAt: Date | null }
  >(prisma, TASKS_BY_KEY_SQL, [unique.map((k) => k.facilityId), unique.map((k) => k.taskId)]);
  return rows.map(({ hasContext, latestCompletedAt, ...row }) => ({
    ...row,
    latest: hasContext ? { completedAt: latestCompletedAt } : null,
  }));
}

/** Contexts by id, each with its task (scoped to the context's facility) as TaskRow, or null. */
const CONTEXTS_SQL = `SELECT c.id, c."facilityId", c."taskId", c."startedAt", c."completedAt", c.state,
         (SELECT ${TASK_JSON} FROM (SELECT * FROM "Task" t WHERE t.id = c."taskId" OFFSET 0) t
           WHERE t."facilityId" = c."facilityId") AS task
    FROM unnest((SELECT $1::text[])) AS k(id)
    CROSS JOIN LATERAL (SELECT * FROM "NotificationContext" c WHERE c.id = k.id OFFSET 0) c`;

/** A job the block runs of a batch queue, gathered and queued together in one statement (queueJobs). */
type QueuedJob = JobRow;

/**
 * Jobs queued in one add_jobs call (decision 0433; same key mode as helpers.addJob, replace). graphile-worker
 * 0.17.3's `add_jobs` sends its `jobs:insert` NOTIFY for every call, a key replacing a pending job included, so the
 * waker (runtime/due-job-waker.ts) sees a run brought forward with no NOTIFY of ours (decision 0484).
 */
async function queueJobs(prisma: PrismaClient, jobs: readonly QueuedJob[]): Promise<void> {
  if (!jobs.length) return;
  await queryPrepared(prisma, ADD_JOBS_SQL, addJobsParams(jobs));
}

/** Helpers whose addJob gathers the jobs into `into` (queued later by queueJobs) instead of queueing each. */
function gatheringHelpers(
  helpers: Pick<JobHelpers, 'addJob' | 'logger'>,
  into: QueuedJob[],
): Pick<JobHelpers, 'addJob' | 'logger'> {
  return {
    logger: helpers.logger,
    addJob: ((identifier: string, payload: unknown, spec?: TaskSpec) => {
      into.push({
        identifier,
        payload,
        runAt: spec?.runAt ?? new Date(),
        jobKey: spec?.jobKey ?? null,
        priority: spec?.priority ?? 0,
        maxAttempts: spec?.maxAttempts ?? 25,
      });
      return Promise.resolve(null as never);
    }) as JobHelpers['addJob'],
  };
}

/** Block runs of one batch at once at most (each may send: database writes and push requests). */
const BLOCK_RUNS_AT_ONCE = 8;

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
  preloaded?: { contexts: ContextRow[]; tasksByContext: Map<string, TaskRow> },
): Promise<PromiseSettledResult<BlockRunResult>[]> {
  const { prisma } = deps;
  const outcomes: PromiseSettledResult<BlockRunResult>[] = new Array(rawPayloads.length);
  const payloads = rawPayloads.map((raw, i) => {
    const parsed = ZBlockPayload.safeParse(raw);
    if (!parsed.success) outcomes[i] = { status: 'rejected', reason: parsed.error };
    return parsed.success ? parsed.data : null;
  });

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
  interface Live {
    i: number;
    payload: z.infer<typeof ZBlockPayload>;
    context: ContextRow & { taskId: string };
    state: ContextState;
    block: BlockSnapshot;
  }
  const live: Live[] = [];
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
  // The staff of the open tasks' facilities (and the zones their blocks name), one read for the batch
  // (decision 0461). If it fails, the runs that need it fail (each job retried).
  const openRuns = live.filter((l) => {
    const task = tasks.get(taskKey(l.context.facilityId, l.context.taskId));
    return task && shouldKeepNotifying(task.status);
  });
  const staffRead = loadCandidates(
    prisma,
    openRuns.map((l) => ({ facilityId: l.context.facilityId, filters: l.block.filters })),
  );
  // Awaited by each run that needs it; a rejection is handled there, not left unhandled meanwhile.
  staffRead.catch(() => {});

  const nextRuns: { i: number; job: QueuedJob }[] = [];
  const sentOf: { i: number; l: Live; task: TaskRow; sent: SentMessage }[] = [];
  /** A run that goes on: its message (none when it reaches nobody) and its next run, if recurring. */
  interface Planned {
    task: TaskRow;
    recipientIds: string[];
    outgoing: OutgoingMessage | null;
    nextRun: number | null;
    nextJob: QueuedJob | null;
  }
  const planOne = async (l: Live): Promise<BlockRunResult | Planned> => {
    const { context, state, block, payload } = l;
    const task = tasks.get(taskKey(context.facilityId, context.taskId));
    if (!task || !shouldKeepNotifying(task.status)) {
      const status = task?.status ?? 'DELETED';
      await prisma.notificationContext.updateMany({
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
      outgoing = messageOf(
        context.facilityId,
        task,
        block,
        payload.run,
        startedAtMs,
        recipientIds,
        isCheckIn,
        {
          contextId: context.id,
          blockIndex: payload.blockIndex,
        },
      );
    }

    // Recurring: the next run due after now (runs missed while the queue was down are skipped, not replayed).
    let nextRun: number | null = null;
    let nextJob: QueuedJob | null = null;
    if (isRecurring(block)) {
      const elapsed = Date.now() - startedAtMs - block.executionTimeAfterStartInMs;
      nextRun = Math.max(payload.run + 1, Math.floor(elapsed / block.recurringIntervalInMs) + 1);
      const runAt = blockRunAt(block, startedAtMs, nextRun);
      if (runAt !== null) {
        nextJob = {
          identifier: JobName.runNotificationBlock,
          payload: {
            contextId: context.id,
            blockIndex: payload.blockIndex,
            run: nextRun,
          } satisfies RunNotificationBlockPayload,
          runAt: new Date(runAt),
          jobKey: notificationBlockJobKey(context.id, payload.blockIndex),
          priority: notificationJobPriority(task.severity),
          maxAttempts: 3,
        };
      }
    }
    return { task, recipientIds, outgoing, nextRun, nextJob };
  };
  const planned = await settleLimited(live, BLOCK_RUNS_AT_ONCE, planOne);
  // The messages of the batch sent together (decision 0459): shared reads and one write, then each one's sends.
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
  for (const [k, p] of planned.entries()) {
    const l = live[k]!;
    if (p.status === 'rejected' || !('outgoing' in p.value)) {
      outcomes[l.i] = p as PromiseSettledResult<BlockRunResult>;
      continue;
    }
    const run = p.value;
    const sent = sentBy.get(k);
    if (sent?.status === 'rejected') {
      outcomes[l.i] = { status: 'rejected', reason: sent.reason };
      continue;
    }
    if (sent) sentOf.push({ i: l.i, l, task: run.task, sent: sent.value });
    if (run.nextJob) nextRuns.push({ i: l.i, job: run.nextJob });
    outcomes[l.i] = {
      status: 'fulfilled',
      value: {
        kind: 'SENT',
        messageRid: sent?.value.messageRid ?? null,
        recipientIds: run.recipientIds,
        nextRun: run.nextRun,
      },
    };
  }

  // The next runs of the runs that succeeded and the SHOWN checks of their pushes (decision 0144), in one
  // statement (decision 0461). If it fails, the runs with a next run fail (and are retried), as when the next runs
  // had a statement of their own; the checks of the others are then queued alone.
  const missedPushMs = deps.missedPushMs ?? DEFAULT_MISSED_PUSH_MS;
  const queued = nextRuns.filter((n) => outcomes[n.i]?.status === 'fulfilled');
  const pushWatches = () =>
    sentOf.flatMap((s) => {
      if (outcomes[s.i]?.status !== 'fulfilled') return [];
      const watch = pushWatchJob(
        { missedPushMs },
        {
          contextId: s.l.context.id,
          blockIndex: s.l.payload.blockIndex,
          severity: s.task.severity,
          sent: s.sent,
        },
      );
      return watch ? [watch] : [];
    });
  try {
    await queueJobs(prisma, [...queued.map((n) => n.job), ...pushWatches()]);
  } catch (error) {
    for (const n of queued) outcomes[n.i] = { status: 'rejected', reason: error };
    // After the sends and the next runs are settled: a failure here must not make the queue retry (and repeat)
    // a block's message.
    const watches = pushWatches();
    try {
      await queueJobs(prisma, watches);
    } catch (watchError) {
      helpers.logger.error(
        `missed-alert watches of ${watches.length} block run(s) failed: ${String(watchError)}`,
      );
    }
  }

  // A text that failed escalates at once (decision 0144), after the run is settled; rare, so run by run.
  const watches: QueuedJob[] = [];
  const watchHelpers = gatheringHelpers(helpers, watches);
  await settleLimited(
    sentOf.filter((s) => outcomes[s.i]?.status === 'fulfilled' && hasFailedText(s.sent)),
    BLOCK_RUNS_AT_ONCE,
    async ({ l, task, sent }) => {
      try {
        await watchDeliveries(
          prisma,
          watchHelpers,
          { missedPushMs },
          { contextId: l.context.id, blockIndex: l.payload.blockIndex, severity: task.severity, sent },
        );
      } catch (error) {
        helpers.logger.error(`missed-alert watch of task ${task.id} failed: ${String(error)}`);
      }
    },
  );
  try {
    await queueJobs(prisma, watches);
  } catch (error) {
    helpers.logger.error(`missed-alert watches of ${watches.length} block run(s) failed: ${String(error)}`);
  }
  return outcomes;
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

/** `fn` over `items`, at most `limit` at a time, each outcome settled on its own. */
async function settleLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const outcomes: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const k = next++;
      try {
        outcomes[k] = { status: 'fulfilled', value: await fn(items[k]!) };
      } catch (reason) {
        outcomes[k] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return outcomes;
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

/** The staff and care zones the recipient rule reads, for one facility. */
interface FacilityStaff {
  candidates: Candidate[];
  zonesById: Map<string, UnitTags>;
}

/**
 * The staff of the facilities $1 (memberships, on-shift state, care zones), one row per member of a facility's
 * groups. Kept per facility only while the facility's staff version is the one read before it (decision 0494):
 * a caregiver who goes off shift stops receiving from the next batch on, as when it was read on every batch.
 */
const STAFF_SQL = `SELECT f.id AS "facilityId", s.id AS "staffMemberId", m."groupIds",
          coalesce((SELECT o."isOnCall" FROM "OnCallState" o
                     WHERE o."staffMemberId" = s.id AND o."facilityId" = f.id), false) AS "isOnCall",
          coalesce(c."shouldReceiveAllCareAlerts", false) AS "shouldReceiveAllCareAlerts",
          -- The member's zones through their links (by the links' primary key), then each zone by its own, in that
          -- order (OFFSET 0 keeps the links the outer loop): left free, the planner drove from the facility's zones
          -- and scanned the links once per zone and member when the small zone tables had no statistics
          -- (decision 0487). A zone of another facility counts for nothing, as before.
          coalesce((SELECT json_agg(x.zone ORDER BY x.id) FILTER (WHERE x.zone IS NOT NULL)
                      FROM (SELECT l."careZoneId" AS id,
                                   (SELECT json_build_object('id', z.id, 'unitRids', z."unitRids", 'wards', z.wards,
                                                             'careTypes', z."careTypes", 'buildings', z.buildings,
                                                             'wings', z.wings, 'floors', z.floors)
                                      FROM "CareZone" z WHERE z.id = l."careZoneId" AND z."facilityId" = f.id) AS zone
                              FROM "StaffMemberFacilityConfigCareZone" l
                             WHERE l."staffMemberFacilityConfigId" = c.id
                            OFFSET 0) x), '[]'::json) AS "careZones"
     FROM unnest((SELECT $1::text[])) AS f(id)
     -- The members of the facility's groups, read from its groups (not a probe per staff member of every
     -- facility: decision 0486).
     CROSS JOIN LATERAL (SELECT gm."staffMemberId", array_agg(gm."groupId") AS "groupIds"
                           FROM "Group" g JOIN "GroupMembership" gm ON gm."groupId" = g.id
                          WHERE g."facilityId" = f.id
                          GROUP BY gm."staffMemberId") m
     JOIN "StaffMember" s ON s.id = m."staffMemberId" AND NOT s."isArchived"
     LEFT JOIN "StaffMemberFacilityConfig" c ON c."staffMemberId" = s.id AND c."facilityId" = f.id
    ORDER BY f.id, s.id`;

/** The care zones $2 of the facilities $1 (a zone counts only for its own facility's blocks). */
const CARE_ZONES_SQL = `SELECT z.id, z."facilityId", z."unitRids", z.wards, z."careTypes"::text[] AS "careTypes",
         z.buildings, z.wings, z.floors
    FROM "CareZone" z
   WHERE z."facilityId" = ANY((SELECT $1::text[])::text[]) AND z.id = ANY((SELECT $2::text[])::text[])`;

/**
 * The staff of every facility of a batch (memberships, on-shift state, care zones) in one statement, and the care
 * zones its blocks' filters name in one more (decision 0461). Each row carries its facility: every membership,
 * on-call state and zone is matched to that facility, as the read of one facility did.
 */
export async function loadCandidates(
  prisma: PrismaClient,
  wanted: readonly { facilityId: string; filters: readonly BlockFilter[] }[],
): Promise<Map<string, FacilityStaff>> {
  const facilityIds = [...new Set(wanted.map((w) => w.facilityId))];
  const byFacility = new Map<string, FacilityStaff>(
    facilityIds.map((id) => [id, { candidates: [], zonesById: new Map() }]),
  );
  if (!facilityIds.length) return byFacility;
  const zoneIds = [...new Set(wanted.flatMap((w) => w.filters.flatMap((f) => f.careZoneIds)))];
  const [staff, zones] = await Promise.all([
    facilityStaff(prisma, facilityIds),
    zoneIds.length
      ? queryPrepared<UnitTags & { id: string; facilityId: string }>(prisma, CARE_ZONES_SQL, [
          facilityIds,
          zoneIds,
        ])
      : [],
  ]);
  for (const [facilityId, candidates] of staff) byFacility.get(facilityId)!.candidates = candidates;
  // A zone counts only for its own facility's blocks.
  for (const { facilityId, ...zone } of zones) byFacility.get(facilityId)!.zonesById.set(zone.id, zone);
  return byFacility;
}

/** The versions of the facilities $1 that have one (decision 0494). */
const STAFF_VERSIONS_SQL = `SELECT "facilityId", version::text AS version FROM "FacilityStaffVersion"
   WHERE "facilityId" = ANY((SELECT $1::text[])::text[])`;

/** Each facility's staff as last read, with the version it was read under; one map per database (client). */
type KeptStaff = Map<string, { version: string; candidates: Candidate[] }>;
const keptStaff = new WeakMap<PrismaClient, KeptStaff>();

/**
 * The staff of each facility: kept from an earlier batch while the facility's version is unchanged, else read
 * (STAFF_SQL, for the changed facilities only) and kept under the version read before it. A change committed
 * between the two reads is in the staff read but not in the version kept, so the next batch reads it again; a
 * facility without a version is read every time.
 */
export async function facilityStaff(
  prisma: PrismaClient,
  facilityIds: string[],
): Promise<Map<string, Candidate[]>> {
  const kept: KeptStaff = keptStaff.get(prisma) ?? new Map();
  keptStaff.set(prisma, kept);
  const versions = new Map(
    (
      await queryPrepared<{ facilityId: string; version: string }>(prisma, STAFF_VERSIONS_SQL, [facilityIds])
    ).map((r) => [r.facilityId, r.version]),
  );
  const staff = new Map<string, Candidate[]>();
  const toRead: string[] = [];
  for (const id of facilityIds) {
    const entry = kept.get(id);
    if (entry && entry.version === versions.get(id)) staff.set(id, entry.candidates);
    else toRead.push(id);
  }
  if (!toRead.length) return staff;
  const read = new Map<string, Candidate[]>(toRead.map((id) => [id, []]));
  for (const { facilityId, ...candidate } of await queryPrepared<Candidate & { facilityId: string }>(
    prisma,
    STAFF_SQL,
    [toRead],
  )) {
    read.get(facilityId)!.push(candidate);
  }
  for (const [id, candidates] of read) {
    staff.set(id, candidates);
    const version = versions.get(id);
    if (version === undefined) kept.delete(id);
    // Batches overlap: keep the newest version's read (versions come from one sequence, so they compare).
    else if (!(BigInt(kept.get(id)?.version ?? 0) > BigInt(version))) kept.set(id, { version, candidates });
  }
  return staff;
}
