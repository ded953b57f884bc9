import { describe, expect, it } from 'vitest';
import { UNIT_PATHS, ZSearchUnitsRequestSchema } from './unit-search';

describe('POST /units/search request ("request facilityIds, careZoneIds, pageSize 1000")', () => {
  it('defaults pageSize to 1000 and accepts the spec fields', () => {
    expect(ZSearchUnitsRequestSchema.parse({ facilityIds: ['f1'], careZoneIds: ['z1'] })).toEqual({
      facilityIds: ['f1'],
      careZoneIds: ['z1'],
      pageSize: 1000,
    });
  });

  it.each([
    [{ pageSize: 1001 }, 'pageSize'],
    [{ pageSize: 0 }, 'pageSize'],
    [{ careTypes: ['HOSPITAL'] }, 'careTypes'],
    [{ facilityIds: [''] }, 'facilityIds'],
  ])('rejects %j (field %s)', (body, field) => {
    const result = ZSearchUnitsRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it('encodes the unit id in its path', () => {
    expect(UNIT_PATHS.unit('a/b')).toBe('/units/a%2Fb');
  });
});
