import type { TNotificationPolicyReply } from '@sage/contract';
import {
  MAX_UNCONFIRMED_CLAIM_REMINDER_MINUTES,
  MIN_UNCONFIRMED_CLAIM_REMINDER_MINUTES,
  minutesToMs,
  msToMinutes,
  NOTIFICATION_BLOCK_MAX_MS,
  NOTIFICATION_POLICY_MAX_BLOCKS,
  NotificationPolicyFormMessages,
  ZNotificationPolicyFormSchema,
} from '@sage/contract';
import { CATALOGUES, translate } from '@sage/i18n';
import type { Language } from '@sage/i18n/languages';
import { describe, expect, it } from 'vitest';
import type { Messages } from '../../shared/i18n';
import {
  anyoneOnShift,
  blockSummary,
  describeFilter,
  firstPolicyForm,
  formToPatchBody,
  newBlock,
  type PolicyWords,
  policyFieldChecks,
  policyToForm,
  serverIssuesToFormErrors,
} from './policy-form';

/** The `policies` messages and the severities' names in `language`, as the page reads them. */
function wordsIn(language: Language): PolicyWords {
  const m = Object.fromEntries(
    Object.keys(CATALOGUES.en.policies).map((key) => [
      key,
      (values?: Record<string, string | number>) => translate(language, 'policies', key as never, values),
    ]),
  ) as unknown as Messages<'policies'>;
  return { m, severity: (s) => translate(language, 'severity', s) };
}
const words = wordsIn('en');

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
    expect(blockSummary(first.notificationBlocks[0]!, words)).toBe('Starts at once, repeats every 1 minute');
    expect(describeFilter(first.notificationBlocks[0]!.filters[0]!, names, words)).toEqual({
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
    expect(describeFilter(form.notificationBlocks[1]!.filters[1]!, names, words)).toEqual({
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
    [
      { startAfterMinutes: 1440, repeatEveryMinutes: 0.5 },
      'Starts after 1440 minutes, repeats every 0.5 minutes',
    ],
  ])('summary %o', (block, text) => {
    expect(blockSummary(block, words)).toBe(text);
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
    expect(describeFilter({ ...f, severities: [...f.severities] }, names, words)).toEqual({ who, which });
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

describe('in Spanish (decision 0760)', () => {
  const es = wordsIn('es');

  it('a step and a filter read in Spanish, names as they are', () => {
    expect(blockSummary({ startAfterMinutes: 0, repeatEveryMinutes: 1 }, es)).toBe(
      'Empieza enseguida, se repite cada 1 minuto',
    );
    expect(blockSummary({ startAfterMinutes: 2, repeatEveryMinutes: 0 }, es)).toBe(
      'Empieza después de 2 minutos, no se repite',
    );
    expect(describeFilter(filter, names, es)).toEqual({
      who: 'Miembros de Care staff o Nurse/MedTech, solo en turno',
      which: 'Alertas de cualquier tipo en cualquier lugar de la comunidad',
    });
    expect(
      describeFilter(
        { ...filter, groupIds: [], staffMemberIds: ['s1'], severities: ['EMERGENCY'], careZoneIds: ['z1'] },
        names,
        es,
      ),
    ).toEqual({ who: 'Jane Doe, solo en turno', which: 'Alertas de Emergencia en Memory Care' });
  });

  it("the form's checks: English as the schema wrote them, Spanish by the contract's text, else 'Check this field'", () => {
    const errors = {
      'notificationBlocks.0.priority': NotificationPolicyFormMessages.priorityRange,
      notificationBlocks: NotificationPolicyFormMessages.noBlocks,
      'notificationBlocks.1.filters': 'g1 is not in this facility',
    };
    expect(policyFieldChecks(errors, words.m, 'en')).toEqual(errors);
    expect(policyFieldChecks(errors, es.m, 'es')).toEqual({
      'notificationBlocks.0.priority': 'La prioridad es un número entero de 0 a 1000',
      notificationBlocks: 'Deje por lo menos un paso',
      'notificationBlocks.1.filters': 'Revise este campo',
    });
    // Every check of the contract has its Spanish.
    for (const text of Object.values(NotificationPolicyFormMessages)) {
      const said = policyFieldChecks({ f: text }, es.m, 'es').f;
      expect(said, text).not.toBe('Revise este campo');
      expect(said, text).not.toBe(text);
    }
  });

  it("the Spanish states the contract's bounds", () => {
    const es = CATALOGUES.es.policies;
    expect(es.minutesTooLarge).toContain(String(NOTIFICATION_BLOCK_MAX_MS / 60_000));
    expect(es.tooManyBlocks).toContain(String(NOTIFICATION_POLICY_MAX_BLOCKS));
    expect(es.reminderOutOfRange).toContain(
      `${MIN_UNCONFIRMED_CLAIM_REMINDER_MINUTES} a ${MAX_UNCONFIRMED_CLAIM_REMINDER_MINUTES}`,
    );
    expect(es.reminderDescription).toContain(
      `${MIN_UNCONFIRMED_CLAIM_REMINDER_MINUTES} a ${MAX_UNCONFIRMED_CLAIM_REMINDER_MINUTES}`,
    );
  });
});
