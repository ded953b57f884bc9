import type { Prisma } from '@sage/db';
import { RECOGNITION_CHANNEL, type RecognitionNotification } from '@sage/live-bus';
import { type NotifierDeps, sendMessage } from '@sage/notify';

/** Postgres channel of new recognitions; the NATS relay republishes it (decision 0400). */
export { RECOGNITION_CHANNEL, type RecognitionNotification };

/** Announces a recognition; call inside the transaction that creates it (delivered when it commits). */
export async function notifyRecognition(
  tx: Prisma.TransactionClient,
  recognition: RecognitionNotification,
): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${RECOGNITION_CHANNEL}, ${JSON.stringify(recognition)})`;
}

/** The push text of a high five (docs/decisions/0293). */
export const highFivePush = (senderName: string) => ({
  title: 'High five!',
  body: `${senderName} sent you a high five`,
});

/**
 * The recipient's phones and browsers get a web push (the message orchestration path, push only) after the
 * recognition is committed; a failed push is logged, never undoes the recognition.
 */
export function pushRecognition(
  notifier: NotifierDeps | null,
  recognition: RecognitionNotification & { senderId: string; senderName: string },
  log: { warn(obj: object, msg: string): void },
): void {
  if (!notifier) return;
  const { title, body } = highFivePush(recognition.senderName);
  sendMessage(notifier, {
    facilityId: recognition.facilityRid,
    topic: 'TASKS',
    title,
    body,
    recipientIds: [recognition.recipientRid],
    createdById: recognition.senderId,
    pushOnly: true,
  }).catch((error) => log.warn({ err: error, ...recognition }, 'high five push failed'));
}
