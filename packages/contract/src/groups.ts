import { z } from 'zod';
import { ZIdSchema } from './common';

/** Group contract identifiers (both docs, section 6 / section 3). SageSupport is the provider support group. */
export const GroupId = {
  CareStaff: 'CareStaff',
  Culinary: 'Culinary',
  Housekeeping: 'Housekeeping',
  Maintenance: 'Maintenance',
  Management: 'Management',
  NurseMedTech: 'NurseMedTech',
  SageSupport: 'SageSupport',
  Transportation: 'Transportation',
} as const;
export const ZGroupIdSchema = z.enum(GroupId);
export type GroupId = z.infer<typeof ZGroupIdSchema>;

export const GROUP_DISPLAY_NAMES = {
  CareStaff: 'Care staff',
  Culinary: 'Culinary',
  Housekeeping: 'Housekeeping',
  Maintenance: 'Maintenance',
  Management: 'Management',
  NurseMedTech: 'Nurse/MedTech',
  SageSupport: 'provider support',
  Transportation: 'Transportation',
} as const satisfies Record<GroupId, string>;

/** "Known groups by name: Activities, Care staff, Culinary, Housekeeping, Maintenance, Management, Nurse/MedTech, provider support, Transportation." */
export const KNOWN_GROUP_NAMES = [
  'Activities',
  'Care staff',
  'Culinary',
  'Housekeeping',
  'Maintenance',
  'Management',
  'Nurse/MedTech',
  'provider support',
  'Transportation',
] as const;
export type KnownGroupName = (typeof KNOWN_GROUP_NAMES)[number];

/** "The care staff, nurse/med tech and provider support groups are looked up by name." */
export const GROUPS_LOOKED_UP_BY_NAME: readonly GroupId[] = [
  GroupId.CareStaff,
  GroupId.NurseMedTech,
  GroupId.SageSupport,
];

/** Operations groups: culinary, housekeeping, maintenance, transportation. */
export const OPERATIONS_GROUPS: readonly GroupId[] = [
  GroupId.Culinary,
  GroupId.Housekeeping,
  GroupId.Maintenance,
  GroupId.Transportation,
];

/** The group id for a display name, or null for names without a contract identifier (e.g. Activities). */
export const groupIdForName = (name: string): GroupId | null => {
  const entry = Object.entries(GROUP_DISPLAY_NAMES).find(([, displayName]) => displayName === name);
  return entry ? (entry[0] as GroupId) : null;
};

export const ZGroupMembershipSchema = z.object({ groupId: z.string().min(1), isAdmin: z.boolean() });
export type TGroupMembership = z.infer<typeof ZGroupMembershipSchema>;

/** Body of PUT /groups/{groupId}/membership. */
export const ZUpsertGroupMembershipRequestSchema = z.object({
  staffMemberId: ZIdSchema,
  isAdmin: z.boolean(),
});
export type TUpsertGroupMembershipRequest = z.infer<typeof ZUpsertGroupMembershipRequestSchema>;
