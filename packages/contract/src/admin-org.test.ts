import { describe, expect, it } from 'vitest';
import { ZDeleteCompanyPhonesQuerySchema } from './company-phones-api';
import { isIanaTimeZone, ZCreateFacilityRequestSchema, ZListEnterprisesQuerySchema } from './enterprises-api';
import { ZFeatureNameSchema } from './features-api';
import { communitiesLabel } from './messages';
import { isMockResourceId } from './services';

describe('organisation administration schemas', () => {
  it.each<[string, boolean]>([
    ['America/Chicago', true],
    ['America/Argentina/Buenos_Aires', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
    ['America/Chicago; DROP', false],
    ['../etc/passwd', false],
  ])('time zone %s is an IANA zone: %s', (zone, expected) => {
    expect(isIanaTimeZone(zone)).toBe(expected);
  });

  it('a facility needs a name, an IANA time zone and E.164 numbers', () => {
    const ok = ZCreateFacilityRequestSchema.safeParse({
      enterpriseId: 'e1',
      name: ' Birch Hall ',
      timezone: 'America/Denver',
      emergencyNotificationNumber: '+14155550123',
      taskNotificationNumber: null,
    });
    expect(ok.success && ok.data.name).toBe('Birch Hall');
    const bad = ZCreateFacilityRequestSchema.safeParse({
      enterpriseId: 'e1',
      name: '',
      timezone: 'Nowhere',
      emergencyNotificationNumber: '4155550123',
      facilityConfig: { routineCheckIntervalInMin: 0 },
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'emergencyNotificationNumber',
      'facilityConfig.routineCheckIntervalInMin',
      'name',
      'timezone',
    ]);
  });

  it.each<[string, boolean]>([
    ['GUIDED_TOUR', true],
    ['tour.v2', true],
    ['9lives', false],
    ['has space', false],
    ['x'.repeat(65), false],
  ])('feature name %s: %s', (name, expected) => {
    expect(ZFeatureNameSchema.safeParse(name).success).toBe(expected);
  });

  it('lists are paged (default 100, at most 1000) and company phone ids repeat the key', () => {
    expect(ZListEnterprisesQuerySchema.parse({})).toEqual({ pageSize: 100, pageNumber: 0 });
    expect(ZListEnterprisesQuerySchema.safeParse({ pageSize: '1001' }).success).toBe(false);
    expect(ZDeleteCompanyPhonesQuerySchema.parse({ companyPhoneRids: 'a' })).toEqual({
      companyPhoneRids: ['a'],
    });
    expect(ZDeleteCompanyPhonesQuerySchema.safeParse({ companyPhoneRids: [] }).success).toBe(false);
  });

  it("'Select a company' counts communities with the spec's plurals; 'ri.mock' ids are mock", () => {
    expect([0, 1, 2].map(communitiesLabel)).toEqual(['0 communities', '1 community', '2 communities']);
    expect(isMockResourceId('ri.mock.avatar')).toBe(true);
    expect(isMockResourceId('ri.media.1')).toBe(false);
  });
});
