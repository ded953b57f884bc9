/**
 * The zod-free part of groups.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). groups.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

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

export type GroupId = (typeof GroupId)[keyof typeof GroupId];

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
