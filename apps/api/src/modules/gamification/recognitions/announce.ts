import type { Prisma } from '@sage/db';
import { type Language, translate } from '@sage/i18n';
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

/** The push text of a high five (docs/decisions/0293), in the recipient's language (decision 0553). */
export const highFivePush = (senderName: string, language: Language = 'en') => ({
  title: translate(language, 'notify', 'highFiveTitle'),
  body: translate(language, 'notify', 'highFiveBody', { senderName }),
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
    localized: (language) => highFivePush(recognition.senderName, language),
    recipientIds: [recognition.recipientRid],
    createdById: recognition.senderId,
    pushOnly: true,
  }).catch((error) => log.warn({ err: error, ...recognition }, 'high five push failed'));
}
