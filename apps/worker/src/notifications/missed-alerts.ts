import {
  type CheckMissedAlertPayload,
  isUniqueViolation,
  JobName,
  type JobRow,
  missedAlertJobKey,
  notificationBlockJobKey,
  type Prisma,
  type PrismaClient,
  type RunNotificationBlockPayload,
  type Severity,
} from '@sage/db';
import { blockRunAt, notificationJobPriority, type ScheduledBlock, shouldKeepNotifying } from '@sage/domain';
import type { SentMessage } from '@sage/notify';
import type { JobHelpers } from 'graphile-worker';
import { z } from 'zod';

/**
 * Missed alerts (docs/decisions/0144): when a block's alert reached no screen, the escalation does not wait for
 * the policy's clock. No push of the message reported SHOWN within the limit (default 30 s), or a text message
 * that failed, runs the next block that has not run yet at once, and a MissedAlert row records why.
 */

/** Default time a push has to be reported SHOWN (the spec's push delay warning is 30 s too). */
export const DEFAULT_MISSED_PUSH_MS = 30_000;

export const MissedAlertReason = {
  /** No push of the message was reported SHOWN in time. */
  PUSH_NOT_SHOWN: 'PUSH_NOT_SHOWN',
  /** A text message of the message failed (the provider refused it). */
  TEXT_FAILED: 'TEXT_FAILED',
} as const;
export type MissedAlertReason = (typeof MissedAlertReason)[keyof typeof MissedAlertReason];

export type EscalateEarlyResult =
  | { kind: 'ADVANCED'; toBlockIndex: number }
  /** Recorded, but every later block has run or is due already: nothing to bring forward. */
  | { kind: 'NO_NEXT_BLOCK' }
  /** The task is no longer waiting for someone (claimed, resolved), or the escalation ended. */
  | { kind: 'STOPPED' }
  /** Someone has the alert on screen (a push of the message was reported SHOWN). */
  | { kind: 'SEEN' }
  /** This message's miss was already handled. */
  | { kind: 'ALREADY' };

type Helpers = Pick<JobHelpers, 'addJob' | 'logger'>;

interface ContextBlocks {
  blocks: ScheduledBlock[];
}

const ZTextFailedPayload = z.object({
  contextId: z.string().min(1),
  blockIndex: z.number().int().min(0),
  messageRid: z.string().min(1),
  detail: z.string().max(2000),
});

/** Job 'text-failed': the provider's status callback said a text of a block run failed (queued by the API). */
export async function textFailed(
  prisma: PrismaClient,
  rawPayload: unknown,
  helpers: Helpers,
): Promise<EscalateEarlyResult> {
  const payload = ZTextFailedPayload.parse(rawPayload);
  return escalateEarly(prisma, helpers, {
    contextId: payload.contextId,
    fromBlockIndex: payload.blockIndex,
    messageRid: payload.messageRid,
    reason: MissedAlertReason.TEXT_FAILED,
    detail: payload.detail,
  });
}

const ZCheckPayload = z.object({
  contextId: z.string().min(1),
  blockIndex: z.number().int().min(0),
  messageRid: z.string().min(1),
});

interface WatchedRun {
  contextId: string;
  blockIndex: number;
  severity: Severity;
  sent: SentMessage;
}

const failedTextOf = (sent: SentMessage) =>
  sent.messagesSent.find((d) => d.channel === 'SMS' && d.status === 'FAILED');

/**
 * The SHOWN check a block run's message needs (pushes went out, no text failed), as a job to queue; null when
 * none. Pure, so a batch of block runs queues its checks with its next runs in one statement (decision 0461).
 */
export function pushWatchJob(options: { missedPushMs: number }, run: WatchedRun): JobRow | null {
  const { sent } = run;
  if (failedTextOf(sent) || !sent.messagesSent.some((d) => d.channel === 'PUSH_NOTIFICATION')) return null;
  return {
    identifier: JobName.checkMissedAlert,
    payload: {
      contextId: run.contextId,
      blockIndex: run.blockIndex,
      messageRid: sent.messageRid,
    } satisfies CheckMissedAlertPayload,
    runAt: new Date(Date.now() + options.missedPushMs),
    jobKey: missedAlertJobKey(sent.messageRid),
    priority: notificationJobPriority(run.severity),
    maxAttempts: 3,
  };
}

/** Whether a block run's message had a text that failed (watchDeliveries then escalates at once). */
export const hasFailedText = (sent: SentMessage): boolean => failedTextOf(sent) !== undefined;

/**
 * After a block run has sent its message: queue the SHOWN check when pushes went out, and escalate at once when a
 * text message failed.
 */
export async function watchDeliveries(
  prisma: PrismaClient,
  helpers: Helpers,
  options: { missedPushMs: number },
  run: WatchedRun,
): Promise<void> {
  const { sent } = run;
  const failedText = failedTextOf(sent);
  if (failedText) {
    await escalateEarly(prisma, helpers, {
      contextId: run.contextId,
      fromBlockIndex: run.blockIndex,
      messageRid: sent.messageRid,
      reason: MissedAlertReason.TEXT_FAILED,
      detail: `The text message to staff member ${failedText.recipientId} failed: ${failedText.error ?? 'no reason given'}`,
    });
    return;
  }
  const watch = pushWatchJob(options, run);
  if (watch) {
    await helpers.addJob(watch.identifier, watch.payload as CheckMissedAlertPayload, {
      runAt: watch.runAt ?? new Date(),
      jobKey: watch.jobKey!,
      priority: watch.priority,
      maxAttempts: watch.maxAttempts,
    });
  }
}

/** Job 'check-missed-alert': the pushes of one message, once their time to be SHOWN is up. */
export async function checkMissedAlert(
  prisma: PrismaClient,
  rawPayload: unknown,
  helpers: Helpers,
  options: { missedPushMs: number },
): Promise<EscalateEarlyResult> {
  const payload = ZCheckPayload.parse(rawPayload);
  const pushes = await prisma.messageSent.findMany({
    where: { messageId: payload.messageRid, channel: 'PUSH_NOTIFICATION' },
    select: { recipientId: true, status: true },
  });
  const seconds = Math.round(options.missedPushMs / 1000);
  const statuses = pushes.map((p) => `${p.recipientId ?? 'unknown'} ${p.status}`).join(', ');
  return escalateEarly(prisma, helpers, {
    contextId: payload.contextId,
    fromBlockIndex: payload.blockIndex,
    messageRid: payload.messageRid,
    reason: MissedAlertReason.PUSH_NOT_SHOWN,
    detail: `No push of the alert was reported SHOWN within ${seconds} s (${pushes.length} sent: ${statuses})`,
  });
}

/**
 * Runs the escalation's next block now (the first later block whose time has not come and that was not brought
 * forward before) and records why. Does nothing once the task is claimed or resolved, or when a push of the
 * message was SHOWN; one record per message (its unique key decides between concurrent callers).
 */
export async function escalateEarly(
  prisma: PrismaClient,
  helpers: Helpers,
  input: {
    contextId: string;
    fromBlockIndex: number;
    messageRid: string;
    reason: MissedAlertReason;
    detail: string;
  },
): Promise<EscalateEarlyResult> {
  const context = await prisma.notificationContext.findUnique({
    where: { id: input.contextId },
    select: { id: true, facilityId: true, taskId: true, startedAt: true, completedAt: true, state: true },
  });
  if (!context?.taskId || context.completedAt) return { kind: 'STOPPED' };
  const task = await prisma.task.findFirst({
    where: { id: context.taskId, facilityId: context.facilityId },
    select: { status: true, severity: true },
  });
  if (!task || !shouldKeepNotifying(task.status)) return { kind: 'STOPPED' };
  const shown = await prisma.messageSent.count({ where: { messageId: input.messageRid, status: 'SHOWN' } });
  if (shown > 0) return { kind: 'SEEN' };

  const { blocks } = context.state as unknown as ContextBlocks;
  const earlier = await prisma.missedAlert.findMany({
    where: { contextId: context.id, toBlockIndex: { not: null } },
    select: { toBlockIndex: true },
  });
  const broughtForward = new Set(earlier.map((m) => m.toBlockIndex));
  const now = Date.now();
  const startedAtMs = context.startedAt.getTime();
  let toBlockIndex: number | null = null;
  for (let i = input.fromBlockIndex + 1; i < blocks.length; i++) {
    const runAt = blockRunAt(blocks[i]!, startedAtMs, 0);
    if (runAt !== null && runAt > now && !broughtForward.has(i)) {
      toBlockIndex = i;
      break;
    }
  }

  try {
    await prisma.missedAlert.create({
      data: {
        facilityId: context.facilityId,
        taskId: context.taskId,
        contextId: context.id,
        messageId: input.messageRid,
        fromBlockIndex: input.fromBlockIndex,
        toBlockIndex,
        reason: input.reason,
        detail: input.detail.slice(0, 2000),
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'ALREADY' };
    throw error;
  }
  if (toBlockIndex === null) {
    helpers.logger.warn(
      `missed alert of task ${context.taskId} (${input.reason}): no later block left to run`,
    );
    return { kind: 'NO_NEXT_BLOCK' };
  }
  // Same job key as the block's pending run: this replaces it, so the block runs now and only once.
  await helpers.addJob(
    JobName.runNotificationBlock,
    { contextId: context.id, blockIndex: toBlockIndex, run: 0 } satisfies RunNotificationBlockPayload,
    {
      runAt: new Date(now),
      jobKey: notificationBlockJobKey(context.id, toBlockIndex),
      priority: notificationJobPriority(task.severity),
      maxAttempts: 3,
    },
  );
  // Replacing a pending job's run time sends graphile-worker's own NOTIFY (its `add_jobs` notifies every call), so
  // the waker and idle workers look now, not at the next poll (decisions 0431, 0484).
  helpers.logger.info(
    `missed alert of task ${context.taskId} (${input.reason}): block ${toBlockIndex} runs now`,
  );
  return { kind: 'ADVANCED', toBlockIndex };
}
