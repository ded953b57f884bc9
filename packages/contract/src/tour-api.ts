import { z } from 'zod';
import { ZIdSchema } from './common';

/**
 * The guided tour's record per staff member (sign-in doc sections 2 and 4 'Tour'; the spec names no route:
 * docs/decisions/0360). Paths below the admin base /admin/api/v1.
 */
export const TOUR_PATHS = {
  /** GET (the person or a Management group admin of a facility they work in), PUT (the person only). */
  staffTour: (staffMemberId: string) => `/staff/${encodeURIComponent(staffMemberId)}/tour`,
  /** POST: every staff member of a facility with their tour record (Management group admins). */
  search: '/staff/tour/search',
} as const;

/** What the person's app reports: the tour was offered (first sign-in), or it was completed. */
export const TourEvent = { OFFERED: 'OFFERED', COMPLETED: 'COMPLETED' } as const;
export type TourEvent = (typeof TourEvent)[keyof typeof TourEvent];
export const ZTourEventSchema = z.enum([TourEvent.OFFERED, TourEvent.COMPLETED]);

/** Body of PUT /staff/{staffMemberId}/tour. */
export const ZRecordTourRequestSchema = z.strictObject({ event: ZTourEventSchema });
export type TRecordTourRequest = z.infer<typeof ZRecordTourRequestSchema>;

/** A staff member's tour record; times in ms since the epoch, null when it never happened. */
export const ZStaffTourSchema = z.object({
  staffMemberId: z.string(),
  offeredAt: z.number().int().nullable(),
  firstCompletedAt: z.number().int().nullable(),
  lastCompletedAt: z.number().int().nullable(),
  completionCount: z.number().int(),
  /** The person has neither been offered nor completed the tour: their app offers it (first sign-in). */
  offerDue: z.boolean(),
});
export type TStaffTour = z.infer<typeof ZStaffTourSchema>;

/** Body of POST /staff/tour/search. */
export const ZStaffTourSearchRequestSchema = z.strictObject({
  facilityId: ZIdSchema,
  staffMemberIds: z.array(ZIdSchema).max(200).optional(),
});
export type TStaffTourSearchRequest = z.infer<typeof ZStaffTourSearchRequestSchema>;
export const ZStaffTourSearchReplySchema = z.object({ staffTours: z.array(ZStaffTourSchema) });
export type TStaffTourSearchReply = z.infer<typeof ZStaffTourSearchReplySchema>;
