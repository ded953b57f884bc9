import type { ResolutionCategoryInfo, ResolutionTypeInfo } from './resolution';

/**
 * The zod-free part of resolution.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). resolution.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/** Resolution categories (id, display name, sort order): alerts doc section 3. */
export const ResolutionCategory = {
  EMERGENCY: 'EMERGENCY',
  NON_EMERGENCY_ADL_HELP: 'NON_EMERGENCY_ADL_HELP',
  NON_EMERGENCY_REQUEST: 'NON_EMERGENCY_REQUEST',
  NON_EMERGENCY_HOUSEKEEPING: 'NON_EMERGENCY_HOUSEKEEPING',
  NON_EMERGENCY_OTHER: 'NON_EMERGENCY_OTHER',
} as const;

export type ResolutionCategory = (typeof ResolutionCategory)[keyof typeof ResolutionCategory];

export const RESOLUTION_CATEGORIES: readonly ResolutionCategoryInfo[] = [
  { id: 'EMERGENCY', name: 'Emergency', order: 1 },
  { id: 'NON_EMERGENCY_ADL_HELP', name: 'ADL Help', order: 2 },
  { id: 'NON_EMERGENCY_REQUEST', name: 'Request', order: 3 },
  { id: 'NON_EMERGENCY_HOUSEKEEPING', name: 'Cleaning', order: 4 },
  { id: 'NON_EMERGENCY_OTHER', name: 'Others', order: 5 },
];

/** Resolution types (id, name, order, category): alerts doc section 3. */
export const ResolutionType = {
  EMERGENCY_FALL: 'EMERGENCY_FALL',
  EMERGENCY_OTHER: 'EMERGENCY_OTHER',
  ADL_TOILETING: 'ADL_TOILETING',
  ADL_ROUTINE_CHECK: 'ADL_ROUTINE_CHECK',
  ADL_ESCORT: 'ADL_ESCORT',
  ADL_DRESSING: 'ADL_DRESSING',
  ADL_TRANSFER: 'ADL_TRANSFER',
  ADL_EATING: 'ADL_EATING',
  ADL_BATHING: 'ADL_BATHING',
  ADL_GROOMING: 'ADL_GROOMING',
  REQUEST_MEDTECH: 'REQUEST_MEDTECH',
  REQUEST_OXYGEN: 'REQUEST_OXYGEN',
  REQUEST_REPAIR: 'REQUEST_REPAIR',
  REQUEST_OTHER: 'REQUEST_OTHER',
  REQUEST_EMOTIONAL_SUPPORT: 'REQUEST_EMOTIONAL_SUPPORT',
  REQUEST_MAINTENANCE: 'REQUEST_MAINTENANCE',
  HOUSEKEEPING_UNSPECIFIED: 'HOUSEKEEPING_UNSPECIFIED',
  HOUSEKEEPING_TRASH: 'HOUSEKEEPING_TRASH',
  HOUSEKEEPING_BED: 'HOUSEKEEPING_BED',
  HOUSEKEEPING_LAUNDRY: 'HOUSEKEEPING_LAUNDRY',
  HOUSEKEEPING_BATHROOM: 'HOUSEKEEPING_BATHROOM',
  HOUSEKEEPING_OTHER: 'HOUSEKEEPING_OTHER',
  NON_EMERGENCY_ACCIDENTAL_PRESS: 'NON_EMERGENCY_ACCIDENTAL_PRESS',
  NON_EMERGENCY_QUESTION: 'NON_EMERGENCY_QUESTION',
  NON_EMERGENCY_ILLNESS: 'NON_EMERGENCY_ILLNESS',
  NON_EMERGENCY_FOUND_DEVICE: 'NON_EMERGENCY_FOUND_DEVICE',
  NON_EMERGENCY_NO_CARE_GIVEN: 'NON_EMERGENCY_NO_CARE_GIVEN',
} as const;

export type ResolutionType = (typeof ResolutionType)[keyof typeof ResolutionType];

export const RESOLUTION_TYPES: readonly ResolutionTypeInfo[] = [
  { id: 'EMERGENCY_FALL', name: 'Fall', order: 1, category: 'EMERGENCY' },
  { id: 'EMERGENCY_OTHER', name: 'Other Emergency', order: 2, category: 'EMERGENCY' },
  { id: 'ADL_TOILETING', name: 'Toileting', order: 3, category: 'NON_EMERGENCY_ADL_HELP' },
  { id: 'ADL_ROUTINE_CHECK', name: 'Routine Check', order: 4, category: 'NON_EMERGENCY_ADL_HELP' },
  { id: 'ADL_ESCORT', name: 'Escort', order: 5, category: 'NON_EMERGENCY_ADL_HELP' },
  { id: 'ADL_DRESSING', name: 'Dressing', order: 6, category: 'NON_EMERGENCY_ADL_HELP' },
  { id: 'ADL_TRANSFER', name: 'Transfer', order: 7, category: 'NON_EMERGENCY_ADL_HELP' },
  { id: 'ADL_EATING', name: 'Eating / Feeding', order: 8, category: 'NON_EMERGENCY_ADL_HELP' },
  { id: 'ADL_BATHING', name: 'Bathing', order: 9, category: 'NON_EMERGENCY_ADL_HELP' },
  { id: 'ADL_GROOMING', name: 'Grooming', order: 10, category: 'NON_EMERGENCY_ADL_HELP' },
  { id: 'REQUEST_MEDTECH', name: 'Medtech', order: 11, category: 'NON_EMERGENCY_REQUEST' },
  { id: 'REQUEST_OXYGEN', name: 'Oxygen', order: 12, category: 'NON_EMERGENCY_REQUEST' },
  { id: 'REQUEST_REPAIR', name: 'Repair', order: 13, category: 'NON_EMERGENCY_REQUEST' },
  { id: 'REQUEST_OTHER', name: 'Other Request', order: 14, category: 'NON_EMERGENCY_REQUEST' },
  {
    id: 'REQUEST_EMOTIONAL_SUPPORT',
    name: 'Emotional Support',
    order: 15,
    category: 'NON_EMERGENCY_REQUEST',
  },
  { id: 'REQUEST_MAINTENANCE', name: 'Maintenance', order: 16, category: 'NON_EMERGENCY_REQUEST' },
  { id: 'HOUSEKEEPING_UNSPECIFIED', name: 'Housekeeping', order: 17, category: 'NON_EMERGENCY_HOUSEKEEPING' },
  { id: 'HOUSEKEEPING_TRASH', name: 'Emptied Trash', order: 18, category: 'NON_EMERGENCY_HOUSEKEEPING' },
  { id: 'HOUSEKEEPING_BED', name: 'Made Bed', order: 19, category: 'NON_EMERGENCY_HOUSEKEEPING' },
  { id: 'HOUSEKEEPING_LAUNDRY', name: 'Laundry', order: 20, category: 'NON_EMERGENCY_HOUSEKEEPING' },
  {
    id: 'HOUSEKEEPING_BATHROOM',
    name: 'Cleaned Bathroom',
    order: 21,
    category: 'NON_EMERGENCY_HOUSEKEEPING',
  },
  { id: 'HOUSEKEEPING_OTHER', name: 'Other Cleaning', order: 22, category: 'NON_EMERGENCY_HOUSEKEEPING' },
  {
    id: 'NON_EMERGENCY_ACCIDENTAL_PRESS',
    name: 'Accidentally Pressed',
    order: 23,
    category: 'NON_EMERGENCY_OTHER',
  },
  { id: 'NON_EMERGENCY_QUESTION', name: 'Question', order: 24, category: 'NON_EMERGENCY_OTHER' },
  { id: 'NON_EMERGENCY_ILLNESS', name: 'Not Feeling Well', order: 25, category: 'NON_EMERGENCY_OTHER' },
  { id: 'NON_EMERGENCY_FOUND_DEVICE', name: 'Test Alert', order: 26, category: null },
  { id: 'NON_EMERGENCY_NO_CARE_GIVEN', name: 'No Care Given', order: 27, category: null },
];

const RESOLUTION_TYPE_BY_ID = new Map(RESOLUTION_TYPES.map((type) => [type.id, type]));

const RESOLUTION_CATEGORY_BY_ID = new Map(RESOLUTION_CATEGORIES.map((category) => [category.id, category]));

export const getResolutionType = (id: ResolutionType): ResolutionTypeInfo => {
  const info = RESOLUTION_TYPE_BY_ID.get(id);
  if (!info) throw new Error(`Unknown resolution type ${id}`);
  return info;
};

export const getResolutionCategory = (id: ResolutionCategory): ResolutionCategoryInfo => {
  const info = RESOLUTION_CATEGORY_BY_ID.get(id);
  if (!info) throw new Error(`Unknown resolution category ${id}`);
  return info;
};

/** The test-alert resolution type ('Test Alert'). */
export const TEST_ALERT_RESOLUTION_TYPE = ResolutionType.NON_EMERGENCY_FOUND_DEVICE;

/** The 'No Care Given' resolution type. */
export const NO_CARE_GIVEN_RESOLUTION_TYPE = ResolutionType.NON_EMERGENCY_NO_CARE_GIVEN;
