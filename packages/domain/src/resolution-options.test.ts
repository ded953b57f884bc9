import { describe, expect, it } from 'vitest';
import {
  canClearAllResolution,
  canSelectResolution,
  type ResolutionSection,
  resolutionListKindFor,
  resolutionSections,
} from './resolution-options';

const labels = (sections: ResolutionSection[]) =>
  sections.map((s) => [s.title, s.options.map((o) => o.label)]);
const ids = (sections: ResolutionSection[]) => sections.flatMap((s) => s.options.map((o) => o.id));

describe('resolutionSections', () => {
  it('"independent living shows reduced list (Emergency: Fall, Other Emergency; others: Accidentally Pressed, Not Feeling Well, Other Request)"', () => {
    expect(labels(resolutionSections('independentLiving'))).toEqual([
      ['Emergency', ['Fall', 'Other Emergency']],
      ['Others', ['Accidentally Pressed', 'Not Feeling Well', 'Other Request']],
      ['Test Alert', ['Test Alert']],
    ]);
  });

  it('"Care-refusal mode shows ADL Help (Toileting, Eating/Feeding, Bathing, Dressing, Grooming, Transfer, Escort) and Cleaning (Made Bed, Cleaned Bathroom, Laundry, Emptied Trash, Other Cleaning)"', () => {
    expect(labels(resolutionSections('careRefusal'))).toEqual([
      [
        'ADL Help',
        ['Toileting', 'Eating / Feeding', 'Bathing', 'Dressing', 'Grooming', 'Transfer', 'Escort'],
      ],
      ['Cleaning', ['Made Bed', 'Cleaned Bathroom', 'Laundry', 'Emptied Trash', 'Other Cleaning']],
    ]);
  });

  it("\"Skilled nursing shows 'Needs Nurse' (the Medtech type; selection required), Emergency, ADL Help (Toileting, Dressing, Grooming, 'Transfer/Mobility', 'Eating/Drinking') and 'Other Help' (Emotional Support, Housekeeping, Maintenance, Other Request, Accidentally Pressed)\"", () => {
    const sections = resolutionSections('skilledNursing');
    expect(labels(sections)).toEqual([
      ['Needs Nurse', ['Medtech']],
      ['Emergency', ['Fall', 'Other Emergency']],
      ['ADL Help', ['Toileting', 'Dressing', 'Grooming', 'Transfer/Mobility', 'Eating/Drinking']],
      [
        'Other Help',
        ['Emotional Support', 'Housekeeping', 'Maintenance', 'Other Request', 'Accidentally Pressed'],
      ],
      ['Test Alert', ['Test Alert']],
    ]);
    expect(sections[0]).toMatchObject({ selectionRequired: true, options: [{ id: 'REQUEST_MEDTECH' }] });
    expect(sections[2]?.options.map((o) => o.id)).toEqual([
      'ADL_TOILETING',
      'ADL_DRESSING',
      'ADL_GROOMING',
      'ADL_TRANSFER',
      'ADL_EATING',
    ]);
  });

  it('"The default list omits Emotional Support, Maintenance and Housekeeping" and "Routine-check option hidden by default"', () => {
    const sections = resolutionSections('default');
    expect(labels(sections)).toEqual([
      ['Emergency', ['Fall', 'Other Emergency']],
      [
        'ADL Help',
        ['Toileting', 'Escort', 'Dressing', 'Transfer', 'Eating / Feeding', 'Bathing', 'Grooming'],
      ],
      ['Request', ['Medtech', 'Oxygen', 'Repair', 'Other Request']],
      ['Cleaning', ['Emptied Trash', 'Made Bed', 'Laundry', 'Cleaned Bathroom', 'Other Cleaning']],
      ['Others', ['Accidentally Pressed', 'Question', 'Not Feeling Well']],
      ['Test Alert', ['Test Alert']],
    ]);
    expect(ids(sections)).not.toContain('REQUEST_EMOTIONAL_SUPPORT');
    expect(ids(sections)).not.toContain('REQUEST_MAINTENANCE');
    expect(ids(sections)).not.toContain('HOUSEKEEPING_UNSPECIFIED');
    expect(ids(sections)).not.toContain('ADL_ROUTINE_CHECK');
  });

  it.each(['default', 'skilledNursing'] as const)(
    'routine check can be shown (%s), after Toileting',
    (kind) => {
      const adl = resolutionSections(kind, { showRoutineCheck: true }).find((s) => s.title === 'ADL Help');
      expect(adl?.options.slice(0, 2).map((o) => o.label)).toEqual(['Toileting', 'Routine Check']);
    },
  );

  it.each(['default', 'independentLiving', 'skilledNursing'] as const)(
    '"\'Accidentally Pressed\' and the test-alert section can be hidden": %s',
    (kind) => {
      const sections = resolutionSections(kind, { hideAccidentalPress: true, hideTestAlert: true });
      expect(ids(sections)).not.toContain('NON_EMERGENCY_ACCIDENTAL_PRESS');
      expect(ids(sections)).not.toContain('NON_EMERGENCY_FOUND_DEVICE');
      expect(sections.some((s) => s.isTestAlert)).toBe(false);
      expect(sections.every((s) => s.options.length > 0)).toBe(true);
    },
  );
});

describe('resolutionListKindFor', () => {
  it.each([
    ['ASSISTED_LIVING', true, 'careRefusal'],
    ['INDEPENDENT_LIVING', false, 'independentLiving'],
    ['LONG_TERM_CARE', false, 'skilledNursing'],
    ['SHORT_TERM_REHAB', false, 'skilledNursing'],
    ['MEMORY_CARE', false, 'default'],
    ['ASSISTED_LIVING', false, 'default'],
    [null, false, 'default'],
  ] as const)('"Unit-type option lists": %s refusal=%s -> %s', (careType, refusal, kind) => {
    expect(resolutionListKindFor(careType, refusal)).toBe(kind);
  });
});

describe('resolution drawer buttons', () => {
  it.each([
    [0, false],
    [3, true],
  ])(
    '"Select disabled with nothing chosen … Clear All disabled with nothing chosen": %i chosen -> %s',
    (n, enabled) => {
      expect(canSelectResolution(n)).toBe(enabled);
      expect(canClearAllResolution(n)).toBe(enabled);
    },
  );
});
