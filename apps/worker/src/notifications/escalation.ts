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
import type { JobHelpers } from 'graphile-worker';
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
  const { taskId, facilityId } = ZStartPayload.parse(rawPayload);
  const { prisma } = deps;
  const task = await prisma.task.findFirst({
    where: { id: taskId, facilityId },
    select: { ...taskSelect, creationTimestamp: true },
  });
  if (!task) return 'NO_TASK';
  if (!shouldKeepNotifying(task.status)) return 'NOT_OPEN';
  const latest = await prisma.notificationContext.findFirst({
    where: { facilityId, taskId },
    orderBy: { startedAt: 'desc' },
    select: { completedAt: true },
  });
  if (latest && !latest.completedAt) return 'ALREADY_RUNNING';
  const policy = await prisma.notificationPolicy.findFirst({
    where: { facilityId, type: 'ALERT' },
    // The newest policy is the facility's policy: creating one supersedes; editing an older one does not.
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    select: {
      id: true,
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
  });
  if (!policy || policy.blocks.length === 0) return 'NO_POLICY';
  const blocks: BlockSnapshot[] = orderBlocks(policy.blocks).map(({ id, filters, ...block }) => ({
    blockId: id,
    ...block,
    filters,
  }));
  // The first escalation counts from the task's creation (the press); one started again (the task was given
  // back unclaimed, or restarted through POST /notificationContexts) counts from now.
  const startedAt = latest ? new Date() : task.creationTimestamp;
  const state: ContextState = { blocks };
  const context = await prisma.notificationContext.create({
    data: {
      facilityId,
      taskId,
      policyId: policy.id,
      policyVersion: policy.version,
      startedAt,
      state: state as unknown as Prisma.InputJsonValue,
    },
    select: contextSelect,
  });
  const priority = notificationJobPriority(task.severity);
  const queue = (blockIndex: number, runAt: number) =>
    helpers.addJob(
      JobName.runNotificationBlock,
      { contextId: context.id, blockIndex, run: 0 } satisfies RunNotificationBlockPayload,
      {
        runAt: new Date(runAt),
        jobKey: notificationBlockJobKey(context.id, blockIndex),
        priority,
        maxAttempts: 3,
      },
    );
  const runAts = blocks.map((block) => blockRunAt(block, startedAt.getTime(), 0) ?? Date.now());
  const startedAtMs = Date.now();
  const due = runAts.map((runAt) => runAt <= startedAtMs);
  const dueNow = (i: number) => due[i] === true;
  // Later blocks wait on the queue; blocks due now (the first block, usually at 0 ms) run here, saving a
  // queue hop on the press-to-push path. One that fails here is queued, so the queue retries it.
  await Promise.all(blocks.map((_, i) => (dueNow(i) ? null : queue(i, runAts[i]!))));
  for (let i = 0; i < blocks.length; i++) {
    if (!dueNow(i)) continue;
    try {
      await runNotificationBlock(deps, { contextId: context.id, blockIndex: i, run: 0 }, helpers, {
        context,
        task,
      });
    } catch (error) {
      helpers.logger.error(`notification block ${i} failed; queued for retry: ${String(error)}`);
      await queue(i, Date.now());
    }
  }
  return 'STARTED';
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
  preloaded?: { context: ContextRow; task: TaskRow },
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

  const { candidates, zonesById } = await loadCandidates(prisma, context.facilityId, block.filters);
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
