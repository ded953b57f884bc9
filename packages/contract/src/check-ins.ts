import { z } from 'zod';

/** Check-in statuses (alerts doc section 3). */
export const CheckInStatus = {
  UNKNOWN: 'UNKNOWN',
  PENDING: 'PENDING',
  COMPLETE: 'COMPLETE',
  EXPIRED: 'EXPIRED',
  SKIPPED_ON_HOLD: 'SKIPPED_ON_HOLD',
} as const;
export const ZCheckInStatusSchema = z.enum(CheckInStatus);
export type CheckInStatus = z.infer<typeof ZCheckInStatusSchema>;

/** Labels quoted by the spec: PENDING, COMPLETE, SKIPPED_ON_HOLD. UNKNOWN and EXPIRED have none given. */
export const CHECK_IN_STATUS_LABELS = {
  PENDING: 'Not Checked-In',
  COMPLETE: 'Checked-In',
  SKIPPED_ON_HOLD: 'On Hold',
} as const satisfies Partial<Record<CheckInStatus, string>>;

/** Check-in reasons (alerts doc section 3). */
export const CheckInReason = {
  BUTTON_PRESSED: 'BUTTON_PRESSED',
  CALLED_RESIDENT: 'CALLED_RESIDENT',
  SEEN_IN_PERSON: 'SEEN_IN_PERSON',
  TEAM_MEMBER_VERIFIED: 'TEAM_MEMBER_VERIFIED',
  VERIFIED_BY_INTEGRATION: 'VERIFIED_BY_INTEGRATION',
} as const;
export const ZCheckInReasonSchema = z.enum(CheckInReason);
export type CheckInReason = z.infer<typeof ZCheckInReasonSchema>;

/** Unit check-in card reason choices, in the spec's order. */
export const UNIT_CHECK_IN_REASON_CHOICES: readonly {
  readonly reason: CheckInReason;
  readonly label: string;
}[] = [
  { reason: 'SEEN_IN_PERSON', label: 'Seen in-person' },
  { reason: 'CALLED_RESIDENT', label: 'Called resident' },
  { reason: 'TEAM_MEMBER_VERIFIED', label: 'Team member verified' },
];

/** Room option with id CHECKIN is shown as 'Check-In button'. */
export const CHECK_IN_ROOM_OPTION = { id: 'CHECKIN', label: 'Check-In button' } as const;

/** Check-in time display, 'MMM d, yyyy at h:mm a' (date-fns pattern; 'at' is quoted literal text). */
export const CHECK_IN_TIME_FORMAT = "MMM d, yyyy 'at' h:mm a";
/** Check-in query date format, yyyy-MM-dd. */
export const CHECK_IN_DATE_FORMAT = 'yyyy-MM-dd';

/** Body of PUT /checkIns/{checkInId}: status and checkInReason. */
export const ZUpdateCheckInRequestSchema = z.object({
  status: ZCheckInStatusSchema,
  checkInReason: ZCheckInReasonSchema.nullable().optional(),
});
export type TUpdateCheckInRequest = z.infer<typeof ZUpdateCheckInRequestSchema>;
