import type { TNotificationPolicyReply } from '@sage/contract';
import { minutesToMs, msToMinutes, ZNotificationPolicyFormSchema } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import {
  anyoneOnShift,
  blockSummary,
  describeFilter,
  firstPolicyForm,
  formToPatchBody,
  newBlock,
  policyToForm,
  serverIssuesToFormErrors,
} from './policy-form';

const filter = {
  filterRid: 'f1',
  groupIds: ['g-care', 'g-nurse'],
  staffMemberIds: [],
  careZoneIds: [],
  severities: [],
  onCallOnly: true,
};
const policy: TNotificationPolicyReply = {
  rid: 'p1',
  version: 3,
  type: 'ALERT',
  facilityRid: 'fac',
  name: 'Default alert policy',
  updatedAt: '2026-11-22T04:00:00.000Z',
  notificationBlocks: [
    {
      blockRid: 'b1',
      executionTimeAfterStartInMs: 0,
      recurringIntervalInMs: 60_000,
      isRecurring: true,
      isBreakGlass: false,
      priority: 1,
      filters: [filter],
    },
    {
      blockRid: 'b2',
      executionTimeAfterStartInMs: 120_000,
      recurringIntervalInMs: 0,
      isRecurring: false,
      isBreakGlass: true,
      priority: 2,
      filters: [{ ...filter, filterRid: 'f2', onCallOnly: false }],
    },
  ],
};

const names = {
  groups: new Map([
    ['g-care', 'Care staff'],
    ['g-nurse', 'Nurse/MedTech'],
    ['g-mgmt', 'Management'],
  ]),
  staff: new Map([['s1', 'Jane Doe']]),
  careZones: new Map([['z1', 'Memory Care']]),
};

describe('notification policy editor rules', () => {
  // "Execution time is stored in ms after start and shown in minutes."
  it.each([
    [0, 0],
    [60_000, 1],
    [120_000, 2],
    [300_000, 5],
    [30_000, 0.5],
    [86_400_000, 1440],
  ])('%i ms is %s minutes and back', (ms, minutes) => {
    expect(msToMinutes(ms)).toBe(minutes);
    expect(minutesToMs(minutes)).toBe(ms);
  });

  it('rounds odd ms to 2 decimals for display and minutes to whole ms for saving', () => {
    expect(msToMinutes(1_000)).toBe(0.02);
    expect(minutesToMs(0.333)).toBe(19_980);
  });

  it('loads blocks into minutes and saves them back in ms, filters unchanged', () => {
    const form = policyToForm(policy);
    expect(
      form.notificationBlocks.map((b) => [b.startAfterMinutes, b.repeatEveryMinutes, b.isBreakGlass]),
    ).toEqual([
      [0, 1, false],
      [2, 0, true],
    ]);
    const body = formToPatchBody(form);
    expect(body.notificationBlocks).toEqual(
      policy.notificationBlocks.map(({ blockRid: _b, isRecurring: _r, filters, ...rest }) => ({
        ...rest,
        filters: filters.map(({ filterRid: _f, ...f }) => f),
      })),
    );
  });

  it('an edited block: start after 2 minutes, every 5, break-glass on', () => {
    const form = policyToForm(policy);
    form.notificationBlocks[0] = {
      ...form.notificationBlocks[0]!,
      startAfterMinutes: 2,
      repeatEveryMinutes: 5,
      isBreakGlass: true,
    };
    expect(formToPatchBody(form).notificationBlocks[0]).toMatchObject({
      executionTimeAfterStartInMs: 120_000,
      recurringIntervalInMs: 300_000,
      isBreakGlass: true,
    });
  });

  describe('validation (the contract form schema)', () => {
    const valid = policyToForm(policy);
    const issues = (patch: Record<string, unknown>) => {
      const result = ZNotificationPolicyFormSchema.safeParse({
        notificationBlocks: [{ ...valid.notificationBlocks[0], ...patch }],
      });
      return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    it('accepts the loaded policy', () => {
      expect(ZNotificationPolicyFormSchema.safeParse(valid).success).toBe(true);
    });
    it.each([
      [{ startAfterMinutes: -1 }, 'notificationBlocks.0.startAfterMinutes', 'Minutes must be 0 or more'],
      [{ repeatEveryMinutes: -5 }, 'notificationBlocks.0.repeatEveryMinutes', 'Minutes must be 0 or more'],
      [
        { startAfterMinutes: 1441 },
        'notificationBlocks.0.startAfterMinutes',
        'At most 1440 minutes (one day)',
      ],
      [
        { repeatEveryMinutes: 0.01 },
        'notificationBlocks.0.repeatEveryMinutes',
        'Enter 0 (does not repeat) or at least 1 second (0.02 minutes)',
      ],
      [{ priority: 1.5 }, 'notificationBlocks.0.priority', 'Priority is a whole number from 0 to 1000'],
      [{ startAfterMinutes: '' }, 'notificationBlocks.0.startAfterMinutes', 'Enter a number of minutes'],
    ])('%o: %s "%s"', (patch, path, message) => {
      expect(issues(patch)).toContainEqual([path, message]);
    });
    it('needs at least one step', () => {
      expect(ZNotificationPolicyFormSchema.safeParse({ notificationBlocks: [] }).success).toBe(false);
    });
  });

  it('a new step starts after the last one and notifies the same people', () => {
    const [first, second] = policyToForm(policy).notificationBlocks;
    expect(newBlock(first)).toMatchObject({
      startAfterMinutes: 1,
      repeatEveryMinutes: 0,
      isBreakGlass: false,
    });
    expect(newBlock(second)).toMatchObject({
      startAfterMinutes: 3,
      filters: [{ groupIds: ['g-care', 'g-nurse'] }],
    });
    expect(newBlock(undefined).filters).toEqual([
      { groupIds: [], staffMemberIds: [], careZoneIds: [], severities: [], onCallOnly: true },
    ]);
  });

  it("a community's first policy: one step at once, every minute until claimed, to anyone on shift", () => {
    const first = firstPolicyForm();
    expect(ZNotificationPolicyFormSchema.safeParse(first).success).toBe(true);
    expect(blockSummary(first.notificationBlocks[0]!)).toBe('Starts at once, repeats every 1 minute');
    expect(describeFilter(first.notificationBlocks[0]!.filters[0]!, names)).toEqual({
      who: 'Anyone in the community, only when on shift',
      which: 'Alerts of any kind anywhere in the community',
    });
    expect(formToPatchBody(first).notificationBlocks).toEqual([
      {
        executionTimeAfterStartInMs: 0,
        recurringIntervalInMs: 60_000,
        isBreakGlass: false,
        priority: 0,
        filters: [anyoneOnShift()],
      },
    ]);
  });

  it('named staff, care zones and kinds of alerts are saved as chosen', () => {
    const form = policyToForm(policy);
    form.notificationBlocks[1]!.filters.push({
      ...anyoneOnShift(),
      staffMemberIds: ['s1'],
      careZoneIds: ['z1'],
      severities: ['EMERGENCY', 'CODE_BLUE'],
      onCallOnly: false,
    });
    expect(describeFilter(form.notificationBlocks[1]!.filters[1]!, names)).toEqual({
      who: 'Jane Doe, on shift or not',
      which: 'Emergency or Code Blue alerts in Memory Care',
    });
    expect(formToPatchBody(form).notificationBlocks[1]!.filters[1]).toEqual({
      groupIds: [],
      staffMemberIds: ['s1'],
      careZoneIds: ['z1'],
      severities: ['EMERGENCY', 'CODE_BLUE'],
      onCallOnly: false,
    });
  });

  it.each([
    [{ startAfterMinutes: 0, repeatEveryMinutes: 1 }, 'Starts at once, repeats every 1 minute'],
    [{ startAfterMinutes: 2, repeatEveryMinutes: 0 }, 'Starts after 2 minutes, does not repeat'],
  ])('summary %o', (block, text) => {
    expect(blockSummary(block)).toBe(text);
  });

  it.each([
    [
      filter,
      'Members of Care staff or Nurse/MedTech, only when on shift',
      'Alerts of any kind anywhere in the community',
    ],
    [
      { ...filter, groupIds: ['g-mgmt'], staffMemberIds: ['s1'], onCallOnly: false },
      'Members of Management or Jane Doe, on shift or not',
      'Alerts of any kind anywhere in the community',
    ],
    [
      { ...filter, groupIds: [], severities: ['CODE_BLUE', 'EMERGENCY'] as const, careZoneIds: ['z1'] },
      'Anyone in the community, only when on shift',
      'Code Blue or Emergency alerts in Memory Care',
    ],
    [
      { ...filter, groupIds: ['gone'] },
      'Members of an unknown group, only when on shift',
      'Alerts of any kind anywhere in the community',
    ],
  ])('filter %#: "%s" / "%s"', (f, who, which) => {
    expect(describeFilter({ ...f, severities: [...f.severities] }, names)).toEqual({ who, which });
  });
});

describe('server 400 issues on the form', () => {
  it('puts ms fields on their minutes fields and filter issues on the step', () => {
    expect(
      serverIssuesToFormErrors([
        { field: 'body.notificationBlocks.0.recurringIntervalInMs', message: 'too short' },
        { field: 'body.notificationBlocks.1.executionTimeAfterStartInMs', message: 'too long' },
        { field: 'body.notificationBlocks.1.filters.0.groupIds.0', message: 'g1 is not in this facility' },
        { field: 'query.notificationPolicyVersion', message: 'ignored' },
      ]),
    ).toEqual({
      'notificationBlocks.0.repeatEveryMinutes': 'too short',
      'notificationBlocks.1.startAfterMinutes': 'too long',
      'notificationBlocks.1.filters': 'g1 is not in this facility',
    });
  });
});
