import { randomUUID } from 'node:crypto';
import {
  ADD_JOBS_SQL,
  addJobsParams,
  JobName,
  notificationBlockJobKey,
  queryPrepared,
  type RunNotificationBlockPayload,
} from '@sage/db';
import {
  type BlockFilter,
  blockRunAt,
  notificationJobPriority,
  orderBlocks,
  type ScheduledBlock,
  shouldKeepNotifying,
} from '@sage/domain';
import type { JobHelpers } from 'graphile-worker';
import { z } from 'zod';
import {
  type BlockSnapshot,
  type ContextState,
  type EscalationDeps,
  nextRunJob,
  runNotificationBlocks,
} from './escalation';
import { type ContextRow, readTasks, type TaskRow } from './escalation-reads';

/*
 * The start of a task's notification escalation (decisions 0060, 0413, 0478): the facility's ALERT policy copied
 * into a NotificationContext, its later blocks queued, the blocks due now run at once (escalation.ts).
 */

const ZStartPayload = z.object({ taskId: z.string().min(1), facilityId: z.string().min(1) });
const ZStartPayloads = z.union([ZStartPayload, z.array(ZStartPayload).min(1)]);
export type StartPayload = z.infer<typeof ZStartPayload>;

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
  // The next runs of the recurring blocks due now (decision 0650): queued here, with the later blocks, rather than
  // in a statement of their own after the runs below. A run below that fails is queued again under its block's
  // key, which replaces its next run (the retried run queues it again); one that finds the task no longer waiting
  // leaves a next run that ends at once (its context completed).
  const nextRuns = starting.flatMap((s) =>
    s.runAts.flatMap((runAt, blockIndex) => {
      if (runAt > startedAtMs) return [];
      const block = (s.context.state as unknown as ContextState).blocks[blockIndex]!;
      const next = nextRunJob(
        s.context.id,
        blockIndex,
        block,
        s.context.startedAt.getTime(),
        0,
        s.task.severity,
      );
      return next ? [next.job] : [];
    }),
  );
  // The contexts, the later blocks' jobs (decision 0433) and those next runs in one statement: they commit together.
  const policyFor = (facilityId: string) => policyOf.get(facilityId)!;
  await queryPrepared(prisma, START_WRITE_SQL, [
    ...addJobsParams([
      ...later.map((l) => ({
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
      ...nextRuns,
    ]),
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
      nextRunsQueued: true,
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
