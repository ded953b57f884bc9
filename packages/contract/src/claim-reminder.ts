import { z } from 'zod';
import {
  ClaimReminderMessages,
  MAX_UNCONFIRMED_CLAIM_REMINDER_MINUTES,
  MIN_UNCONFIRMED_CLAIM_REMINDER_MINUTES,
} from './claim-reminder-constants';

export * from './claim-reminder-constants';

/** A facility's claimed-but-not-confirmed reminder (decision 0515): read by its staff, set by its management. */
export const ZClaimReminderSchema = z.object({
  unconfirmedClaimReminderMinutes: z
    .number()
    .int(ClaimReminderMessages.outOfRange)
    .min(MIN_UNCONFIRMED_CLAIM_REMINDER_MINUTES, ClaimReminderMessages.outOfRange)
    .max(MAX_UNCONFIRMED_CLAIM_REMINDER_MINUTES, ClaimReminderMessages.outOfRange),
});
export type TClaimReminder = z.infer<typeof ZClaimReminderSchema>;

export const ZClaimReminderReplySchema = ZClaimReminderSchema.extend({ facilityId: z.string() });
export type TClaimReminderReply = z.infer<typeof ZClaimReminderReplySchema>;
