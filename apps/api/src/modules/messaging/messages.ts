import { PUSH_RECEIPT_HEADER } from '@sage/contract';
import type { PrismaClient, SubscriptionTopic } from '@sage/db';
import { isDeliveryStatusAdvance } from '@sage/domain';
import { type NotifierDeps, type SentMessage, sendMessage } from '@sage/notify';
import { isValidPushReceipt } from '@sage/notify/receipt';
import { forbidden, invalidInput, notFound, unauthorized } from '@sage/service-kit/errors';
import type { FacilityCaller } from './access';

interface MessageContent {
  topic: SubscriptionTopic;
  title: string;
  body: string;
  taskId?: string | undefined;
}

async function taskOf(prisma: PrismaClient, facilityId: string, taskId: string | undefined) {
  if (!taskId) return null;
  const task = await prisma.task.findFirst({
    where: { id: taskId, facilityId },
    select: { id: true, severity: true },
  });
  if (!task) throw notFound(`Task ${taskId} not found in facility ${facilityId}`);
  return task;
}

/** Care staff and management send messages to staff of their facility (docs/decisions/0062). */
function requireSender(caller: FacilityCaller): void {
  if (!caller.permissions.canViewAlerts) throw forbidden('Only care staff and management send messages');
}

export async function sendToRecipientIds(
  deps: NotifierDeps,
  caller: FacilityCaller,
  content: MessageContent & { recipientIds: string[] },
): Promise<SentMessage> {
  requireSender(caller);
  const { prisma } = deps;
  const staff = await prisma.staffMember.findMany({
    where: {
      id: { in: content.recipientIds },
      groupMemberships: { some: { group: { facilityId: caller.facilityId } } },
    },
    select: { id: true },
  });
  const known = new Set(staff.map((s) => s.id));
  const issues = content.recipientIds.flatMap((id, i) =>
    known.has(id)
      ? []
      : [
          {
            field: `body.recipientIds.${i}`,
            rule: 'exists',
            message: `${id} is not a staff member of this facility`,
          },
        ],
  );
  if (issues.length) throw invalidInput(issues);
  const task = await taskOf(prisma, caller.facilityId, content.taskId);
  return sendMessage(deps, {
    facilityId: caller.facilityId,
    topic: content.topic,
    title: content.title,
    body: content.body,
    recipientIds: [...known],
    taskId: task?.id ?? null,
    taskSeverity: task?.severity ?? null,
    createdById: caller.staffMemberId,
  });
}

export async function sendToGroups(
  deps: NotifierDeps,
  caller: FacilityCaller,
  content: MessageContent & { groupIds: string[] },
): Promise<SentMessage> {
  requireSender(caller);
  const { prisma } = deps;
  const groups = await prisma.group.findMany({
    where: { facilityId: caller.facilityId, id: { in: content.groupIds } },
    select: { id: true, memberships: { select: { staffMemberId: true } } },
  });
  const known = new Set(groups.map((g) => g.id));
  const issues = content.groupIds.flatMap((id, i) =>
    known.has(id)
      ? []
      : [{ field: `body.groupIds.${i}`, rule: 'exists', message: `${id} is not a group of this facility` }],
  );
  if (issues.length) throw invalidInput(issues);
  const task = await taskOf(prisma, caller.facilityId, content.taskId);
  return sendMessage(deps, {
    facilityId: caller.facilityId,
    topic: content.topic,
    title: content.title,
    body: content.body,
    recipientIds: [...new Set(groups.flatMap((g) => g.memberships.map((m) => m.staffMemberId)))],
    taskId: task?.id ?? null,
    taskSeverity: task?.severity ?? null,
    createdById: caller.staffMemberId,
  });
}

/** Who reports a delivery: the signed-in recipient, or the holder of the push's receipt token. */
export type DeliveryReporter = { staffMemberId: string } | { receiptToken: string; vapidPrivateKey: string };

/**
 * "RECEIVED when a notification arrives, SHOWN when displayed, each with a timestamp": reported by the
 * recipient's browser (the page with its bearer token, or the service worker with the push's receipt token,
 * docs/decisions/0063); only the recipient may report, and the status only moves forward.
 */
export async function updateDeliveryStatus(
  prisma: PrismaClient,
  reporter: DeliveryReporter,
  messageRid: string,
  messageSentRid: string,
  report: { status: 'RECEIVED' | 'SHOWN'; statusTimestamp: number },
) {
  // The receipt is checked before anything is read: a wrong one learns nothing about the delivery.
  if (
    'receiptToken' in reporter &&
    !isValidPushReceipt(reporter.vapidPrivateKey, messageRid, messageSentRid, reporter.receiptToken)
  ) {
    throw unauthorized(
      `${PUSH_RECEIPT_HEADER} is not the receipt of delivery ${messageSentRid} of message ${messageRid}`,
      'invalid_receipt',
    );
  }
  const sent = await prisma.messageSent.findFirst({
    where: { id: messageSentRid, messageId: messageRid },
    select: { id: true, recipientId: true, status: true, statusTimestamp: true },
  });
  if (!sent) throw notFound(`Message ${messageRid} has no delivery ${messageSentRid}`);
  if ('staffMemberId' in reporter && sent.recipientId !== reporter.staffMemberId)
    throw forbidden('Only the recipient reports the delivery of a message');
  if (!isDeliveryStatusAdvance(sent.status, report.status)) {
    return {
      messageRid,
      messageSentRid,
      status: sent.status,
      statusTimestamp: sent.statusTimestamp.getTime(),
      unchanged: true,
    };
  }
  // Conditional on the status read, so two reports racing cannot move it backwards.
  const updated = await prisma.messageSent.updateMany({
    where: { id: sent.id, status: sent.status },
    data: { status: report.status, statusTimestamp: new Date(report.statusTimestamp) },
  });
  const now = await prisma.messageSent.findUniqueOrThrow({
    where: { id: sent.id },
    select: { status: true, statusTimestamp: true },
  });
  return {
    messageRid,
    messageSentRid,
    status: now.status,
    statusTimestamp: now.statusTimestamp.getTime(),
    unchanged: updated.count === 0,
  };
}
