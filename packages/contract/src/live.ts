import { z } from 'zod';
import { ZIdSchema, zText } from './common';
import { ZSeveritySchema } from './severity';
import { ZTaskStatusSchema } from './tasks';

export * from './live-constants';

const ZVersionSchema = z.number().int().min(0);

/** Client → server: first frame. `sinceVersion` when reconnecting. */
export const ZLiveAuthMessageSchema = z.object({
  type: z.literal('auth'),
  accessToken: zText({ min: 1, max: 4096, multiline: false }),
  staffMemberId: ZIdSchema,
  sinceVersion: ZVersionSchema.optional(),
});
export type TLiveAuthMessage = z.infer<typeof ZLiveAuthMessageSchema>;

export const ZLiveClientMessageSchema = z.discriminatedUnion('type', [ZLiveAuthMessageSchema]);
export type TLiveClientMessage = z.infer<typeof ZLiveClientMessageSchema>;

export const ZLiveReadyMessageSchema = z.object({ type: z.literal('ready'), version: ZVersionSchema });
export type TLiveReadyMessage = z.infer<typeof ZLiveReadyMessageSchema>;

export const ZLiveTaskChangedMessageSchema = z.object({
  type: z.literal('task.changed'),
  taskId: z.string().min(1),
  facilityId: z.string().min(1),
  status: ZTaskStatusSchema,
  severity: ZSeveritySchema,
  version: ZVersionSchema,
});
export type TLiveTaskChangedMessage = z.infer<typeof ZLiveTaskChangedMessageSchema>;

export const ZLiveResyncMessageSchema = z.object({ type: z.literal('resync') });
export type TLiveResyncMessage = z.infer<typeof ZLiveResyncMessageSchema>;

/**
 * A high five reached the signed-in staff member (docs/decisions/0293): sent only to the recipient's sockets,
 * not replayed (the client fetches unseen recognitions on every `ready`).
 */
export const ZLiveRecognitionReceivedMessageSchema = z.object({
  type: z.literal('recognition.received'),
  recognitionRid: z.string().min(1),
  facilityRid: z.string().min(1),
});
export type TLiveRecognitionReceivedMessage = z.infer<typeof ZLiveRecognitionReceivedMessageSchema>;

/**
 * A device QA walk of the facility started, ended or expired (docs/decisions/0505): the client reads the walks in
 * progress again for its banner ('Device test in progress'). Sent to every socket of the facility (staff and
 * station displays), not replayed: the client reads them on every `ready`.
 */
export const ZLiveDeviceQaChangedMessageSchema = z.object({
  type: z.literal('deviceQa.changed'),
  facilityId: z.string().min(1),
});
export type TLiveDeviceQaChangedMessage = z.infer<typeof ZLiveDeviceQaChangedMessageSchema>;

/** Server → client frames. */
export const ZLiveServerMessageSchema = z.discriminatedUnion('type', [
  ZLiveReadyMessageSchema,
  ZLiveTaskChangedMessageSchema,
  ZLiveResyncMessageSchema,
  ZLiveRecognitionReceivedMessageSchema,
  ZLiveDeviceQaChangedMessageSchema,
]);
export type TLiveServerMessage = z.infer<typeof ZLiveServerMessageSchema>;
