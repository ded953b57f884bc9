import { z } from 'zod';
import { ZIdSchema } from './common';
import { GroupId, type KNOWN_GROUP_NAMES } from './groups-constants';

export * from './groups-constants';
export const ZGroupIdSchema = z.enum(GroupId);
export type KnownGroupName = (typeof KNOWN_GROUP_NAMES)[number];

export const ZGroupMembershipSchema = z.object({ groupId: z.string().min(1), isAdmin: z.boolean() });
export type TGroupMembership = z.infer<typeof ZGroupMembershipSchema>;

/** Body of PUT /groups/{groupId}/membership. */
export const ZUpsertGroupMembershipRequestSchema = z.object({
  staffMemberId: ZIdSchema,
  isAdmin: z.boolean(),
});
export type TUpsertGroupMembershipRequest = z.infer<typeof ZUpsertGroupMembershipRequestSchema>;
