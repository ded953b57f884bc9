import { randomUUID } from 'node:crypto';
import { SEVERITY_LABELS } from '@sage/contract';
import {
  JobName,
  notificationBlockJobKey,
  type Prisma,
  type PrismaClient,
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
import { type NotifierDeps, type SentMessage, sendMessage } from '@sage/notify';
import type { JobHelpers, TaskSpec } from 'graphile-worker';
import { z } from 'zod';
import { DEFAULT_MISSED_PUSH_MS, watchDeliveries } from './missed-alerts';
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
interface BlockSnapshot extends ScheduledBlock {
  blockId: string;
  filters: BlockFilter[];
}

interface ContextState {
  blocks: BlockSnapshot[];
  /** Why the escalation ended, once it has. */
  stoppedBecause?: string;
}

const ZStartPayload = z.object({ taskId: z.string().min(1), facilityId: z.string().min(1) });
const ZStartPayloads = z.union([ZStartPayload, z.array(ZStartPayload).min(1)]);
export type StartPayload = z.infer<typeof ZStartPayload>;
/** The staff of a facility as loadCandidates read them, kept for the blocks of one batch of starts. */
type CandidateCache = Map<string, ReturnType<typeof loadCandidates>>;
const ZBlockPayload = z.object({
  contextId: z.string().min(1),
  blockIndex: z.number().int().min(0),
  run: z.number().int().min(0),
});

export type StartResult = 'STARTED' | 'NOT_OPEN' | 'ALREADY_RUNNING' | 'NO_POLICY' | 'NO_TASK';

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

/** The later blocks of the started escalations, queued in one statement (notificationBlockJobKey's keys). */
const QUEUE_BLOCKS_SQL = `SELECT count(*)::int AS n
  FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::int[], $7::int[])
         AS b("contextId", "blockIndex", "runAt", key, priority, run),
       LATERAL graphile_worker.add_job($1, json_build_object('contextId', b."contextId", 'blockIndex', b."blockIndex", 'run', b.run),
                                       run_at := b."runAt"::timestamptz, job_key := b.key, priority := b.priority,
                                       max_attempts := 3) AS job`;

/**
 * The escalation start of many tasks at once (decision 0413): the tasks, their latest contexts and their
 * facilities' policies read in three statements, the contexts created and their later blocks queued in one
 * transaction of two statements, and the blocks due now run here (the staff read once per facility), each
 * as runNotificationBlock runs it. Same rules as one task at a time: an open task with no running
 * escalation starts, counting from its creation (the press) the first time and from now when started again.
 */
export async function startTaskNotificationsBatch(
  deps: EscalationDeps,
  payloads: readonly StartPayload[],
  helpers: Pick<JobHelpers, 'addJob' | 'logger'>,
): Promise<StartResult[]> {
  const { prisma } = deps;
  const taskIds = [...new Set(payloads.map((p) => p.taskId))];
  const facilityIds = [...new Set(payloads.map((p) => p.facilityId))];
  const [tasks, contexts, policies] = await Promise.all([
    prisma.task.findMany({
      where: { id: { in: taskIds }, facilityId: { in: facilityIds } },
      select: { ...taskSelect, facilityId: true, creationTimestamp: true },
    }),
    prisma.notificationContext.findMany({
      where: { facilityId: { in: facilityIds }, taskId: { in: taskIds } },
      orderBy: { startedAt: 'desc' },
      select: { facilityId: true, taskId: true, completedAt: true },
    }),
    prisma.notificationPolicy.findMany({
      where: { facilityId: { in: facilityIds }, type: 'ALERT' },
      // The newest policy is the facility's policy: creating one supersedes; editing an older one does not.
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      select: {
        id: true,
        facilityId: true,
        version: true,
        blocks: {
          select: {
            id: true,
            executionTimeAfterStartInMs: true,
            recurringIntervalInMs: true,
            isBreakGlass: true,
            priority: true,
            filters: {
              select: {
                groupIds: true,
                staffMemberIds: true,
                careZoneIds: true,
                severities: true,
                onCallOnly: true,
              },
            },
          },
        },
      },
    }),
  ]);
  const taskOf = new Map(tasks.map((t) => [`${t.facilityId}\u0000${t.id}`, t]));
  const latestOf = new Map<string, { completedAt: Date | null }>();
  for (const c of contexts) {
    const key = `${c.facilityId}\u0000${c.taskId}`;
    if (!latestOf.has(key)) latestOf.set(key, c);
  }
  const policyOf = new Map<string, (typeof policies)[number]>();
  for (const p of policies) if (!policyOf.has(p.facilityId)) policyOf.set(p.facilityId, p);

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
    if (!shouldKeepNotifying(found.status)) {
      results.push('NOT_OPEN');
      continue;
    }
    const latest = latestOf.get(key);
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
    const { facilityId: _facility, creationTimestamp: _created, ...task } = found;
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
  await prisma.$transaction([
    prisma.notificationContext.createMany({
      data: starting.map(({ context }) => {
        const policy = policyOf.get(context.facilityId)!;
        return {
          id: context.id,
          facilityId: context.facilityId,
          taskId: context.taskId,
          policyId: policy.id,
          policyVersion: policy.version,
          startedAt: context.startedAt,
          state: context.state as Prisma.InputJsonValue,
        };
      }),
    }),
    prisma.$queryRawUnsafe(
      QUEUE_BLOCKS_SQL,
      JobName.runNotificationBlock,
      later.map((l) => l.s.context.id),
      later.map((l) => l.blockIndex),
      later.map((l) => new Date(l.runAt).toISOString()),
      later.map((l) => notificationBlockJobKey(l.s.context.id, l.blockIndex)),
      later.map((l) => l.s.priority),
      later.map(() => 0),
    ),
  ]);
  const candidates: CandidateCache = new Map();
  // The next runs of recurring blocks, queued together after the blocks due now have run.
  const nextRuns: { payload: RunNotificationBlockPayload; runAt: Date; jobKey: string; priority: number }[] =
    [];
  const blockHelpers: Pick<JobHelpers, 'addJob' | 'logger'> = {
    logger: helpers.logger,
    addJob: ((identifier: string, payload: unknown, spec?: TaskSpec) => {
      if (identifier !== JobName.runNotificationBlock || !spec?.runAt || !spec.jobKey)
        return helpers.addJob(identifier, payload, spec);
      nextRuns.push({
        payload: payload as RunNotificationBlockPayload,
        runAt: spec.runAt,
        jobKey: spec.jobKey,
        priority: spec.priority ?? 0,
      });
      return Promise.resolve(null as never);
    }) as JobHelpers['addJob'],
  };
  for (const { context, task, runAts, priority } of starting) {
    for (let i = 0; i < runAts.length; i++) {
      if (runAts[i]! > startedAtMs) continue;
      try {
        await runNotificationBlock(deps, { contextId: context.id, blockIndex: i, run: 0 }, blockHelpers, {
          context,
          task,
          candidates,
        });
      } catch (error) {
        helpers.logger.error(`notification block ${i} failed; queued for retry: ${String(error)}`);
        await helpers.addJob(
          JobName.runNotificationBlock,
          { contextId: context.id, blockIndex: i, run: 0 } satisfies RunNotificationBlockPayload,
          { runAt: new Date(), jobKey: notificationBlockJobKey(context.id, i), priority, maxAttempts: 3 },
        );
      }
    }
  }
  if (nextRuns.length) {
    await prisma.$queryRawUnsafe(
      QUEUE_BLOCKS_SQL,
      JobName.runNotificationBlock,
      nextRuns.map((n) => n.payload.contextId),
      nextRuns.map((n) => n.payload.blockIndex),
      nextRuns.map((n) => n.runAt.toISOString()),
      nextRuns.map((n) => n.jobKey),
      nextRuns.map((n) => n.priority),
      nextRuns.map((n) => n.payload.run),
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
type TaskRow = Prisma.TaskGetPayload<{ select: typeof taskSelect }>;
type ContextRow = Prisma.NotificationContextGetPayload<{ select: typeof contextSelect }>;

/**
 * Job 'run-notification-block': one run of one block. The start job passes the context and task it has
 * just read (`preloaded`), sparing the re-reads on the press-to-push path.
 */
export async function runNotificationBlock(
  deps: EscalationDeps,
  rawPayload: unknown,
  helpers: Pick<JobHelpers, 'addJob' | 'logger'>,
  preloaded?: { context: ContextRow; task: TaskRow; candidates?: CandidateCache },
): Promise<BlockRunResult> {
  const payload = ZBlockPayload.parse(rawPayload);
  const { prisma } = deps;
  const context =
    preloaded?.context ??
    (await prisma.notificationContext.findUnique({
      where: { id: payload.contextId },
      select: contextSelect,
    }));
  if (!context || context.completedAt || !context.taskId) return { kind: 'DONE' };
  const state = context.state as unknown as ContextState;
  const block = state.blocks[payload.blockIndex];
  if (!block) return { kind: 'DONE' };

  // Scoped to the context's facility: a task id from elsewhere finds nothing.
  const task =
    preloaded?.task ??
    (await prisma.task.findFirst({
      where: { id: context.taskId, facilityId: context.facilityId },
      select: taskSelect,
    }));
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

  const { candidates, zonesById } = await cachedCandidates(
    prisma,
    context.facilityId,
    block.filters,
    preloaded?.candidates,
  );
  // A task addressed to a group (an observation escalated to the nurses) reaches that group (decision 0241).
  const recipientIds = task.assigneeGroupId
    ? selectGroupTaskRecipients(task.assigneeGroupId, block, candidates)
    : selectRecipients({ severity: task.severity, unit: task.unit }, block, candidates, zonesById);
  const startedAtMs = context.startedAt.getTime();
  let sent: SentMessage | null = null;
  if (recipientIds.length === 0) {
    deps.unreached?.record(context.facilityId, task.id);
  } else {
    sent = await send(deps, context.facilityId, task, block, payload.run, startedAtMs, recipientIds, {
      contextId: context.id,
      blockIndex: payload.blockIndex,
    });
  }
  const messageRid = sent?.messageRid ?? null;

  // Recurring: the next run due after now (runs missed while the queue was down are skipped, not replayed).
  let nextRun: number | null = null;
  if (isRecurring(block)) {
    const elapsed = Date.now() - startedAtMs - block.executionTimeAfterStartInMs;
    nextRun = Math.max(payload.run + 1, Math.floor(elapsed / block.recurringIntervalInMs) + 1);
    const runAt = blockRunAt(block, startedAtMs, nextRun);
    if (runAt !== null) {
      await helpers.addJob(
        JobName.runNotificationBlock,
        {
          contextId: context.id,
          blockIndex: payload.blockIndex,
          run: nextRun,
        } satisfies RunNotificationBlockPayload,
        {
          runAt: new Date(runAt),
          jobKey: notificationBlockJobKey(context.id, payload.blockIndex),
          priority: notificationJobPriority(task.severity),
          maxAttempts: 3,
        },
      );
    }
  }
  if (sent) {
    // After the send and the next run are settled: a failure here must not make the queue retry (and repeat)
    // the block's message.
    try {
      await watchDeliveries(
        prisma,
        helpers,
        { missedPushMs: deps.missedPushMs ?? DEFAULT_MISSED_PUSH_MS },
        { contextId: context.id, blockIndex: payload.blockIndex, severity: task.severity, sent },
      );
    } catch (error) {
      helpers.logger.error(`missed-alert watch of task ${task.id} failed: ${String(error)}`);
    }
  }
  return { kind: 'SENT', messageRid, recipientIds, nextRun };
}

async function send(
  deps: EscalationDeps,
  facilityId: string,
  task: TaskRow,
  block: BlockSnapshot,
  run: number,
  startedAtMs: number,
  recipientIds: string[],
  escalation: { contextId: string; blockIndex: number },
): Promise<SentMessage> {
  const isCheckIn = task.deviceId
    ? ((
        await deps.prisma.deviceAllocation.findFirst({
          where: { facilityId, deviceId: task.deviceId, isActive: true },
          select: { isCheckIn: true },
        })
      )?.isCheckIn ?? false)
    : false;
  const sent = await sendMessage(deps.notifier, {
    facilityId,
    // Tasks for a group come from the tasks number, alerts from the alerts number (decision 0241).
    topic: task.assigneeGroupId ? 'TASKS' : 'ALERTS',
    title: task.title,
    body: messageBody(task.severity, block, run, startedAtMs),
    recipientIds,
    taskId: task.id,
    taskSeverity: task.severity,
    isCheckIn,
    escalation,
  });
  return sent;
}

function messageBody(severity: Severity, block: ScheduledBlock, run: number, startedAtMs: number): string {
  const label = SEVERITY_LABELS[severity];
  if (run === 0 && !block.isBreakGlass) return `${label}: nobody has claimed it yet`;
  const minutes = Math.max(1, Math.round((Date.now() - startedAtMs) / 60_000));
  return `${label}: still unclaimed after ${minutes} min`;
}

/** loadCandidates, once per facility and zones for the blocks of one batch of starts. */
function cachedCandidates(
  prisma: PrismaClient,
  facilityId: string,
  filters: readonly BlockFilter[],
  cache: CandidateCache | undefined,
): ReturnType<typeof loadCandidates> {
  if (!cache) return loadCandidates(prisma, facilityId, filters);
  const key = [facilityId, ...[...new Set(filters.flatMap((f) => f.careZoneIds))].sort()].join('\u0000');
  let loaded = cache.get(key);
  if (!loaded) {
    loaded = loadCandidates(prisma, facilityId, filters);
    // A failed read is not kept: the next block reads again.
    loaded.catch(() => cache.delete(key));
    cache.set(key, loaded);
  }
  return loaded;
}

/** The facility's staff as the recipient rule reads them (memberships, on-shift state, care zones): one query. */
async function loadCandidates(
  prisma: PrismaClient,
  facilityId: string,
  filters: readonly BlockFilter[],
): Promise<{ candidates: Candidate[]; zonesById: Map<string, UnitTags> }> {
  const zoneJson = `json_build_object('id', z.id, 'unitRids', z."unitRids", 'wards', z.wards, 'careTypes', z."careTypes",
                     'buildings', z.buildings, 'wings', z.wings, 'floors', z.floors)`;
  const candidates = await prisma.$queryRawUnsafe<Candidate[]>(
    `SELECT s.id AS "staffMemberId",
            array(SELECT gm."groupId" FROM "GroupMembership" gm JOIN "Group" g ON g.id = gm."groupId"
                   WHERE gm."staffMemberId" = s.id AND g."facilityId" = $1) AS "groupIds",
            coalesce((SELECT o."isOnCall" FROM "OnCallState" o
                       WHERE o."staffMemberId" = s.id AND o."facilityId" = $1), false) AS "isOnCall",
            coalesce(c."shouldReceiveAllCareAlerts", false) AS "shouldReceiveAllCareAlerts",
            coalesce((SELECT json_agg(${zoneJson} ORDER BY z.id)
                        FROM "StaffMemberFacilityConfigCareZone" l JOIN "CareZone" z ON z.id = l."careZoneId"
                       WHERE l."staffMemberFacilityConfigId" = c.id AND z."facilityId" = $1), '[]'::json) AS "careZones"
       FROM "StaffMember" s
       LEFT JOIN "StaffMemberFacilityConfig" c ON c."staffMemberId" = s.id AND c."facilityId" = $1
      WHERE NOT s."isArchived"
        AND EXISTS (SELECT 1 FROM "GroupMembership" gm JOIN "Group" g ON g.id = gm."groupId"
                     WHERE gm."staffMemberId" = s.id AND g."facilityId" = $1)
      ORDER BY s.id`,
    facilityId,
  );
  const zoneIds = [...new Set(filters.flatMap((f) => f.careZoneIds))];
  const zones = zoneIds.length
    ? await prisma.careZone.findMany({
        where: { facilityId, id: { in: zoneIds } },
        select: {
          id: true,
          unitRids: true,
          wards: true,
          careTypes: true,
          buildings: true,
          wings: true,
          floors: true,
        },
      })
    : [];
  return { candidates, zonesById: new Map(zones.map((z) => [z.id, z])) };
}
