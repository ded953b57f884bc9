import type { CareType } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import {
  careZoneGroupIndex,
  careZonePreferenceAction,
  careZoneSelectionProblem,
  deviceDrawerSections,
  groupCareZones,
  toggleCareZone,
} from './care-zones';

const zone = (id: string, ...careTypes: CareType[]) => ({ id, name: id, unitTags: { careTypes } });
const AL = zone('AL', 'ASSISTED_LIVING');
const MC = zone('MC', 'MEMORY_CARE');
const IL = zone('IL', 'INDEPENDENT_LIVING');
const LTC = zone('LTC', 'LONG_TERM_CARE');
const STR = zone('STR', 'SHORT_TERM_REHAB');
const SPA = zone('SPA');
const NONE = zone('NONE', 'NONE');
const ZONES = [LTC, AL, SPA, MC, STR, IL, NONE];

describe('care-zone groupings', () => {
  it.each([
    [AL, 0],
    [MC, 0],
    [IL, 0],
    [LTC, 1],
    [STR, 1],
    [SPA, 2],
    [NONE, 2],
    [zone('mixed', 'NONE', 'LONG_TERM_CARE'), 1],
  ])(
    '"assisted living, memory care and independent living together; long term care and short term rehab together; everything else in the last": %o -> %i',
    (z, index) => {
      expect(careZoneGroupIndex(z)).toBe(index);
    },
  );

  it('groups zones in grouping order, keeping their order within a grouping', () => {
    expect(groupCareZones(ZONES).map((group) => group.map((z) => z.id))).toEqual([
      ['AL', 'MC', 'IL'],
      ['LTC', 'STR'],
      ['SPA', 'NONE'],
    ]);
    expect(groupCareZones([STR, LTC]).map((group) => group.map((z) => z.id))).toEqual([['STR', 'LTC']]);
    expect(groupCareZones([])).toEqual([]);
  });
});

describe('"Care zone confirm: at least one zone must be selected; only zones of the same grouping may be selected together"', () => {
  it.each<[string[], string | null]>([
    [[], 'required'],
    [['AL'], null],
    [['AL', 'MC', 'IL'], null],
    [['LTC', 'STR'], null],
    [['SPA', 'NONE'], null],
    [['AL', 'LTC'], 'same-grouping'],
    [['IL', 'SPA'], 'same-grouping'],
    [['AL', 'elsewhere'], 'unknown-zone'],
  ])('%j -> %s', (selected, problem) => {
    expect(careZoneSelectionProblem(ZONES, selected)).toBe(problem);
  });

  it('an empty selection is allowed where a zone is not required (admin edits)', () => {
    expect(careZoneSelectionProblem(ZONES, [], { requireOne: false })).toBeNull();
  });

  it('ticking a zone of another grouping replaces the selection (groupings are alternatives)', () => {
    expect(toggleCareZone(ZONES, ['AL', 'MC'], 'IL')).toEqual(['AL', 'MC', 'IL']);
    expect(toggleCareZone(ZONES, ['AL', 'MC'], 'LTC')).toEqual(['LTC']);
    expect(toggleCareZone(ZONES, ['AL', 'MC'], 'MC')).toEqual(['AL']);
    expect(toggleCareZone(ZONES, ['AL'], 'unknown')).toEqual(['AL']);
  });
});

describe('"an update is skipped if the zone set is unchanged; a create is used when the person has no facility config yet"', () => {
  it.each<[{ careZoneIds: string[] } | null, string[], string]>([
    [null, ['AL'], 'create'],
    [{ careZoneIds: ['AL', 'MC'] }, ['MC', 'AL'], 'skip'],
    [{ careZoneIds: ['AL', 'MC'] }, ['AL'], 'update'],
    [{ careZoneIds: [] }, ['AL'], 'update'],
    [{ careZoneIds: ['AL'] }, ['AL', 'MC'], 'update'],
  ])('%j, %j -> %s', (existing, selected, action) => {
    expect(careZonePreferenceAction(existing, selected)).toBe(action);
  });
});

describe('"Management sees the \'Other Devices\' list first; everyone else sees it last."', () => {
  it('orders the device drawer sections', () => {
    expect(deviceDrawerSections(true)[0]).toBe('otherDevices');
    expect(deviceDrawerSections(false)).toEqual(['availablePhones', 'phonesInUse', 'otherDevices']);
  });
});
