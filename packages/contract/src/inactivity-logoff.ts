import { z } from 'zod';
import { ZIdSchema } from './common';
import { MAX_INACTIVITY_LOGOFF_MINUTES, MIN_INACTIVITY_LOGOFF_MINUTES } from './constants';

/**
 * A facility's automatic logoff limits (decisions 0142-0143): read by its staff, set by its management-group
 * admins. `PUT /admin/api/v1/facilities/{facilityId}/inactivityLogoff`.
 */
export const inactivityLogoffPath = (facilityId: string): string =>
  `/admin/api/v1/facilities/${encodeURIComponent(facilityId)}/inactivityLogoff`;

export const ZFacilityIdParamsSchema = z.object({ facilityId: ZIdSchema });

const ZLimitMinutes = z.number().int().min(MIN_INACTIVITY_LOGOFF_MINUTES).max(MAX_INACTIVITY_LOGOFF_MINUTES);

export const ZInactivityLogoffSchema = z.object({
  /** Everyone, and management members on shift. */
  inactivityLogoffMinutes: ZLimitMinutes,
  /** Management members off shift (the shorter of the two applies to them). */
  managementInactivityLogoffMinutes: ZLimitMinutes,
});
export type TInactivityLogoff = z.infer<typeof ZInactivityLogoffSchema>;

export const ZInactivityLogoffReplySchema = ZInactivityLogoffSchema.extend({ facilityId: z.string() });
export type TInactivityLogoffReply = z.infer<typeof ZInactivityLogoffReplySchema>;
