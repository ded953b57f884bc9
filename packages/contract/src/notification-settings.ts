import { z } from 'zod';
import {
  MS_PER_MINUTE,
  NOTIFICATION_BLOCK_MAX_MINUTES,
  NotificationPolicyFormMessages,
} from './notification-settings-constants';
import {
  NOTIFICATION_MIN_RECURRING_INTERVAL_MS,
  NOTIFICATION_POLICY_MAX_BLOCKS,
  ZNotificationFilterInputSchema,
} from './notifications-api';

export * from './notification-settings-constants';
export const minutesToMs = (minutes: number): number => Math.round(minutes * MS_PER_MINUTE);

const minutes = z
  .number({ error: NotificationPolicyFormMessages.minutesRequired })
  .min(0, NotificationPolicyFormMessages.minutesNotNegative)
  .max(NOTIFICATION_BLOCK_MAX_MINUTES, NotificationPolicyFormMessages.minutesTooLarge);

/** One block as the editor shows it: minutes instead of ms; 0 minutes between repeats: not recurring. */
export const ZNotificationBlockFormSchema = z.object({
  /** The block's rid when it was loaded from the server (new blocks have none). */
  blockRid: z.string().optional(),
  startAfterMinutes: minutes,
  repeatEveryMinutes: minutes.refine(
    (m) => m === 0 || minutesToMs(m) >= NOTIFICATION_MIN_RECURRING_INTERVAL_MS,
    NotificationPolicyFormMessages.intervalTooShort,
  ),
  isBreakGlass: z.boolean(),
  priority: z
    .number({ error: NotificationPolicyFormMessages.priorityRange })
    .int(NotificationPolicyFormMessages.priorityRange)
    .min(0, NotificationPolicyFormMessages.priorityRange)
    .max(1000, NotificationPolicyFormMessages.priorityRange),
  filters: z.array(ZNotificationFilterInputSchema).min(1),
});
export type TNotificationBlockForm = z.infer<typeof ZNotificationBlockFormSchema>;

export const ZNotificationPolicyFormSchema = z.object({
  notificationBlocks: z
    .array(ZNotificationBlockFormSchema)
    .min(1, NotificationPolicyFormMessages.noBlocks)
    .max(NOTIFICATION_POLICY_MAX_BLOCKS, NotificationPolicyFormMessages.tooManyBlocks),
});
export type TNotificationPolicyForm = z.infer<typeof ZNotificationPolicyFormSchema>;
