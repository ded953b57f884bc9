import { SMS_FAILED_STATUSES, type TSmsStatusCallback } from '@sage/contract';
import { type PrismaClient, scheduleTextFailed } from '@sage/db';

export type SmsStatusResult = 'ESCALATED' | 'FAILED' | 'ALREADY_FAILED' | 'NOT_A_FAILURE' | 'UNKNOWN_MESSAGE';

/**
 * Twilio's status callback of a text we sent (decision 0144). 'failed' and 'undelivered' mark the delivery
 * FAILED with the provider's error; when the text was sent by an escalation block, the escalation's next block
 * is queued to run at once (the worker's text-failed job), in the same transaction. Other statuses (queued,
 * sent, delivered) change nothing: a delivered text is not a text read.
 */
export async function recordSmsStatus(
  prisma: PrismaClient,
  callback: TSmsStatusCallback,
): Promise<SmsStatusResult> {
  if (!(SMS_FAILED_STATUSES as readonly string[]).includes(callback.MessageStatus)) return 'NOT_A_FAILURE';
  const delivery = await prisma.messageSent.findFirst({
    where: { providerMessageId: callback.MessageSid, channel: 'SMS' },
    select: { id: true, recipientId: true, messageId: true, message: { select: { data: true } } },
  });
  if (!delivery) return 'UNKNOWN_MESSAGE';
  const error = `The text message was ${callback.MessageStatus}${callback.ErrorCode ? ` (Twilio error ${callback.ErrorCode})` : ''}`;
  return prisma.$transaction(async (tx) => {
    const changed = await tx.messageSent.updateMany({
      where: { id: delivery.id, status: { not: 'FAILED' } },
      data: { status: 'FAILED', error, statusTimestamp: new Date() },
    });
    if (changed.count === 0) return 'ALREADY_FAILED';
    const escalation = (
      delivery.message.data as { escalation?: { contextId: string; blockIndex: number } } | null
    )?.escalation;
    if (!escalation) return 'FAILED';
    await scheduleTextFailed(tx, delivery.id, {
      contextId: escalation.contextId,
      blockIndex: escalation.blockIndex,
      messageRid: delivery.messageId,
      detail: `The text message to staff member ${delivery.recipientId ?? 'unknown'} failed: ${error}`,
    });
    return 'ESCALATED';
  });
}
