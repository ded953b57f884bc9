import { describe, expect, it } from 'vitest';
import {
  getResolutionCategory,
  getResolutionType,
  RESOLUTION_CATEGORIES,
  RESOLUTION_TYPES,
  ZResolutionCategorySchema,
  ZResolutionTypeSchema,
} from './resolution';

// Alerts doc section 3: "Resolution categories (id, display name, sort order)"
const CATEGORY_ROWS = [
  ['EMERGENCY', 'Emergency', 1],
  ['NON_EMERGENCY_ADL_HELP', 'ADL Help', 2],
  ['NON_EMERGENCY_REQUEST', 'Request', 3],
  ['NON_EMERGENCY_HOUSEKEEPING', 'Cleaning', 4],
  ['NON_EMERGENCY_OTHER', 'Others', 5],
] as const;

// Alerts doc section 3: "Resolution types (id, name, order, category)"
const TYPE_ROWS = [
  ['EMERGENCY_FALL', 'Fall', 1, 'EMERGENCY'],
  ['EMERGENCY_OTHER', 'Other Emergency', 2, 'EMERGENCY'],
  ['ADL_TOILETING', 'Toileting', 3, 'NON_EMERGENCY_ADL_HELP'],
  ['ADL_ROUTINE_CHECK', 'Routine Check', 4, 'NON_EMERGENCY_ADL_HELP'],
  ['ADL_ESCORT', 'Escort', 5, 'NON_EMERGENCY_ADL_HELP'],
  ['ADL_DRESSING', 'Dressing', 6, 'NON_EMERGENCY_ADL_HELP'],
  ['ADL_TRANSFER', 'Transfer', 7, 'NON_EMERGENCY_ADL_HELP'],
  ['ADL_EATING', 'Eating / Feeding', 8, 'NON_EMERGENCY_ADL_HELP'],
  ['ADL_BATHING', 'Bathing', 9, 'NON_EMERGENCY_ADL_HELP'],
  ['ADL_GROOMING', 'Grooming', 10, 'NON_EMERGENCY_ADL_HELP'],
  ['REQUEST_MEDTECH', 'Medtech', 11, 'NON_EMERGENCY_REQUEST'],
  ['REQUEST_OXYGEN', 'Oxygen', 12, 'NON_EMERGENCY_REQUEST'],
  ['REQUEST_REPAIR', 'Repair', 13, 'NON_EMERGENCY_REQUEST'],
  ['REQUEST_OTHER', 'Other Request', 14, 'NON_EMERGENCY_REQUEST'],
  ['REQUEST_EMOTIONAL_SUPPORT', 'Emotional Support', 15, 'NON_EMERGENCY_REQUEST'],
  ['REQUEST_MAINTENANCE', 'Maintenance', 16, 'NON_EMERGENCY_REQUEST'],
  ['HOUSEKEEPING_UNSPECIFIED', 'Housekeeping', 17, 'NON_EMERGENCY_HOUSEKEEPING'],
  ['HOUSEKEEPING_TRASH', 'Emptied Trash', 18, 'NON_EMERGENCY_HOUSEKEEPING'],
  ['HOUSEKEEPING_BED', 'Made Bed', 19, 'NON_EMERGENCY_HOUSEKEEPING'],
  ['HOUSEKEEPING_LAUNDRY', 'Laundry', 20, 'NON_EMERGENCY_HOUSEKEEPING'],
  ['HOUSEKEEPING_BATHROOM', 'Cleaned Bathroom', 21, 'NON_EMERGENCY_HOUSEKEEPING'],
  ['HOUSEKEEPING_OTHER', 'Other Cleaning', 22, 'NON_EMERGENCY_HOUSEKEEPING'],
  ['NON_EMERGENCY_ACCIDENTAL_PRESS', 'Accidentally Pressed', 23, 'NON_EMERGENCY_OTHER'],
  ['NON_EMERGENCY_QUESTION', 'Question', 24, 'NON_EMERGENCY_OTHER'],
  ['NON_EMERGENCY_ILLNESS', 'Not Feeling Well', 25, 'NON_EMERGENCY_OTHER'],
  ['NON_EMERGENCY_FOUND_DEVICE', 'Test Alert', 26, null],
  ['NON_EMERGENCY_NO_CARE_GIVEN', 'No Care Given', 27, null],
] as const;

describe('resolution categories (id, display name, sort order)', () => {
  it('has exactly the rows of the spec, in order', () => {
    expect(RESOLUTION_CATEGORIES.map((c) => [c.id, c.name, c.order])).toEqual(CATEGORY_ROWS);
    expect(ZResolutionCategorySchema.options).toEqual(CATEGORY_ROWS.map((row) => row[0]));
  });
  it.each(CATEGORY_ROWS)('%s is %s, order %i', (id, name, order) => {
    expect(getResolutionCategory(id)).toEqual({ id, name, order });
  });
});

describe('resolution types (id, name, order, category)', () => {
  it('has exactly the rows of the spec, in order', () => {
    expect(RESOLUTION_TYPES.map((t) => [t.id, t.name, t.order, t.category])).toEqual(TYPE_ROWS);
    expect(ZResolutionTypeSchema.options).toEqual(TYPE_ROWS.map((row) => row[0]));
  });
  it.each(TYPE_ROWS)('%s is %s, order %i, category %s', (id, name, order, category) => {
    expect(getResolutionType(id)).toEqual({ id, name, order, category });
  });
  it('rejects an unknown resolution type', () => {
    expect(ZResolutionTypeSchema.safeParse('ADL_SWIMMING').success).toBe(false);
  });
});
