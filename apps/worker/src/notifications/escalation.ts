import { type NotifierDeps, sendMessage } from '@sage/api/notify';
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
  selectRecipients,
  shouldKeepNotifying,
  type UnitTags,
} from '@sage/domain';
import type { JobHelpers } from 'graphile-worker';
import { z } from 'zod';

/**
 * The notification escalation of a task (docs/decisions/0060): when a task opens, the facility's ALERT policy
 * is copied into a NotificationContext and each block is queued at start + executionTimeAfterStartInMs; each
 * run re-reads the task and stops once it is claimed or resolved; recurring blocks queue their next run.
 */
export interface EscalationDeps {
  prisma: PrismaClient;
  notifier: NotifierDeps;
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
    select: { status: true, severity: true, creationTimestamp: true },
  });
  if (!task) return 'NO_TASK';
  if (!shouldKeepNotifying(task.status)) return 'NOT_OPEN';
  const running = await prisma.notificationContext.findFirst({
    where: { facilityId, taskId, completedAt: null },
    select: { id: true },
  });
  if (running) return 'ALREADY_RUNNING';
  const policy = await prisma.notificationPolicy.findFirst({
    where: { facilityId, type: 'ALERT' },
    orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
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
  const startedAt = task.creationTimestamp;
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
    select: { id: true },
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
      await runNotificationBlock(deps, { contextId: context.id, blockIndex: i, run: 0 }, helpers);
    } catch (error) {
      helpers.logger.error(`notification block ${i} failed; queued for retry: ${String(error)}`);
      await queue(i, Date.now());
    }
  }
  return 'STARTED';
}

export type BlockRunResult =
  | { kind: 'SENT'; messageRid: string; recipientIds: string[]; nextRun: number | null }
  | { kind: 'STOPPED'; status: string }
  | { kind: 'DONE' };

/** Job 'run-notification-block': one run of one block. */
export async function runNotificationBlock(
  deps: EscalationDeps,
  rawPayload: unknown,
  helpers: Pick<JobHelpers, 'addJob' | 'logger'>,
): Promise<BlockRunResult> {
  const payload = ZBlockPayload.parse(rawPayload);
  const { prisma } = deps;
  const context = await prisma.notificationContext.findUnique({
    where: { id: payload.contextId },
    select: { id: true, facilityId: true, taskId: true, startedAt: true, completedAt: true, state: true },
  });
  if (!context || context.completedAt || !context.taskId) return { kind: 'DONE' };
  const state = context.state as unknown as ContextState;
  const block = state.blocks[payload.blockIndex];
  if (!block) return { kind: 'DONE' };

  // Scoped to the context's facility: a task id from elsewhere finds nothing.
  const task = await prisma.task.findFirst({
    where: { id: context.taskId, facilityId: context.facilityId },
    select: {
      id: true,
      title: true,
      status: true,
      severity: true,
      deviceId: true,
      unit: { select: { id: true, careType: true, ward: true, building: true, wing: true, floor: true } },
    },
  });
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

  const { candidates, zonesById } = await loadCandidates(prisma, context.facilityId);
  const recipientIds = selectRecipients(
    { severity: task.severity, unit: task.unit },
    block,
    candidates,
    zonesById,
  );
  const isCheckIn = task.deviceId
    ? ((
        await prisma.deviceAllocation.findFirst({
          where: { facilityId: context.facilityId, deviceId: task.deviceId, isActive: true },
          select: { isCheckIn: true },
        })
      )?.isCheckIn ?? false)
    : false;
  const startedAtMs = context.startedAt.getTime();
  const sent = await sendMessage(deps.notifier, {
    facilityId: context.facilityId,
    topic: 'ALERTS',
    title: task.title,
    body: messageBody(task.severity, block, payload.run, startedAtMs),
    recipientIds,
    taskId: task.id,
    taskSeverity: task.severity,
    isCheckIn,
  });

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
  return { kind: 'SENT', messageRid: sent.messageRid, recipientIds, nextRun };
}

function messageBody(severity: Severity, block: ScheduledBlock, run: number, startedAtMs: number): string {
  const label = SEVERITY_LABELS[severity];
  if (run === 0 && !block.isBreakGlass) return `${label}: nobody has claimed it yet`;
  const minutes = Math.max(1, Math.round((Date.now() - startedAtMs) / 60_000));
  return `${label}: still unclaimed after ${minutes} min`;
}

/** The facility's staff as the recipient rule reads them (memberships, on-shift state, care zones). */
async function loadCandidates(
  prisma: PrismaClient,
  facilityId: string,
): Promise<{ candidates: Candidate[]; zonesById: Map<string, UnitTags> }> {
  const zoneSelect = {
    id: true,
    unitRids: true,
    wards: true,
    careTypes: true,
    buildings: true,
    wings: true,
    floors: true,
  } as const;
  const [staff, zones] = await Promise.all([
    prisma.staffMember.findMany({
      where: { isArchived: false, groupMemberships: { some: { group: { facilityId } } } },
      orderBy: { id: 'asc' },
      select: {
        id: true,
        groupMemberships: { where: { group: { facilityId } }, select: { groupId: true } },
        onCallStates: { where: { facilityId }, select: { isOnCall: true } },
        facilityConfigs: {
          where: { facilityId },
          select: {
            shouldReceiveAllCareAlerts: true,
            careZones: { select: { careZone: { select: zoneSelect } } },
          },
        },
      },
    }),
    prisma.careZone.findMany({ where: { facilityId }, select: zoneSelect }),
  ]);
  const candidates = staff.map((s) => {
    const config = s.facilityConfigs[0];
    return {
      staffMemberId: s.id,
      groupIds: s.groupMemberships.map((m) => m.groupId),
      isOnCall: s.onCallStates.some((o) => o.isOnCall),
      shouldReceiveAllCareAlerts: config?.shouldReceiveAllCareAlerts ?? false,
      careZones: config?.careZones.map((z) => z.careZone) ?? [],
    };
  });
  return { candidates, zonesById: new Map(zones.map((z) => [z.id, z])) };
}
