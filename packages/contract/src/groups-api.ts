import { z } from 'zod';
import { ZIdSchema, zDateTime, zText } from './common';

/**
 * Groups (sign-in doc section 7 'Groups'): GET /groups ?facilityId, enterpriseId, staffMemberId; POST /groups;
 * GET, PUT, DELETE /groups/{groupId}; GET and PUT /groups/{groupId}/membership (body staffMemberId, isAdmin);
 * DELETE /groups/{groupId}/membership ?staffMemberId. Decision: docs/decisions/0161.
 */
export const GROUP_PATHS = {
  groups: '/groups',
  group: (groupId: string) => `/groups/${encodeURIComponent(groupId)}`,
  membership: (groupId: string) => `/groups/${encodeURIComponent(groupId)}/membership`,
} as const;

/** The group's contract identifier as stored (GroupId values plus Activities). */
export const GROUP_TYPES = [
  'CareStaff',
  'Culinary',
  'Housekeeping',
  'Maintenance',
  'Management',
  'NurseMedTech',
  'SageSupport',
  'Transportation',
  'Activities',
] as const;
export const ZGroupTypeSchema = z.enum(GROUP_TYPES);
export type TGroupType = z.infer<typeof ZGroupTypeSchema>;

export const GROUP_NAME_MAX = 60;
const ZGroupNameSchema = zText({ min: 1, max: GROUP_NAME_MAX, trim: true, multiline: false });

export const ZGroupMemberSchema = z.object({
  isAdmin: z.boolean(),
  staffMember: z.object({ id: ZIdSchema, firstName: z.string(), lastName: z.string() }),
});
export type TGroupMember = z.infer<typeof ZGroupMemberSchema>;

/** "Group: id, name, members (isAdmin, staffMember.id)", with its type and facility. */
export const ZGroupSchema = z.object({
  id: ZIdSchema,
  name: z.string(),
  type: ZGroupTypeSchema,
  facilityId: ZIdSchema,
  enterpriseId: ZIdSchema,
  members: z.array(ZGroupMemberSchema),
  /** For PUT's stale-write check. */
  updatedAt: z.string(),
});
export type TGroup = z.infer<typeof ZGroupSchema>;

export const ZListGroupsQuerySchema = z.object({
  facilityId: ZIdSchema.optional(),
  enterpriseId: ZIdSchema.optional(),
  /** Only the groups this person is in. */
  staffMemberId: ZIdSchema.optional(),
});
export type TListGroupsQuery = z.infer<typeof ZListGroupsQuerySchema>;
export const ZListGroupsReplySchema = z.array(ZGroupSchema);

export const ZCreateGroupRequestSchema = z.strictObject({
  facilityId: ZIdSchema,
  name: ZGroupNameSchema,
  /** What the group does in permissions and alert routing (e.g. a 'Night Shift' group of type CareStaff). */
  type: ZGroupTypeSchema,
});
export type TCreateGroupRequest = z.infer<typeof ZCreateGroupRequestSchema>;

/** PUT /groups/{groupId}: rename; `updatedAt` from the last read makes it conditional (409 when stale). */
export const ZUpdateGroupRequestSchema = z.strictObject({
  name: ZGroupNameSchema,
  updatedAt: zDateTime().optional(),
});
export type TUpdateGroupRequest = z.infer<typeof ZUpdateGroupRequestSchema>;

export const ZGroupParamsSchema = z.object({ groupId: ZIdSchema });
export const ZGroupMembersReplySchema = z.array(ZGroupMemberSchema);
export const ZPutGroupMembershipRequestSchema = z.strictObject({
  staffMemberId: ZIdSchema,
  isAdmin: z.boolean(),
});
export type TPutGroupMembershipRequest = z.infer<typeof ZPutGroupMembershipRequestSchema>;
export const ZRemoveGroupMemberQuerySchema = z.object({ staffMemberId: ZIdSchema });

/** Refusals of the groups API (409s). The last-group text is the spec's (GroupMessages.mustBeInOneGroup). */
export const GroupApiMessages = {
  lastGroup: 'Team members must be in at least one group.',
  lastAdmin: 'The last admin of a group cannot be dismissed. Make someone else a group admin first.',
  notEmpty: 'Only a group without members can be deleted. Move its members to other groups first.',
  nameTaken: 'The community already has a group with this name.',
  stale: 'Someone else changed this group meanwhile. Reload it and try again.',
} as const;
