import type { Severity } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import {
  type BlockFilter,
  blockRunAt,
  type Candidate,
  defaultPushSubscriptionExpiry,
  isDeliveryStatusAdvance,
  isPushAvailable,
  isPushDelayed,
  isRecurring,
  notificationJobPriority,
  optInDrawerButton,
  orderBlocks,
  type PushEnvironment,
  selectRecipients,
  shouldKeepNotifying,
  shouldOpenAllowNotificationsDrawer,
  shouldRecordPushSubscription,
  subscriptionStatusFromReply,
  type UnitTags,
  zoneCoversUnit,
} from './notification-rules';

const block = (
  exec: number,
  interval: number,
  extra: { isBreakGlass?: boolean; priority?: number } = {},
) => ({
  executionTimeAfterStartInMs: exec,
  recurringIntervalInMs: interval,
  isBreakGlass: extra.isBreakGlass ?? false,
  priority: extra.priority ?? 0,
});

describe('isRecurring', () => {
  it.each([
    [0, false],
    [1, true],
    [60_000, true],
  ])('"a block is recurring when recurringIntervalInMs is above 0": %i -> %s', (interval, expected) => {
    expect(isRecurring({ recurringIntervalInMs: interval })).toBe(expected);
  });
});

describe('blockRunAt', () => {
  it.each<[string, ReturnType<typeof block>, number, number | null]>([
    ['first run at start + executionTimeAfterStartInMs', block(120_000, 0), 0, 1_120_000],
    ['a one-off block runs once', block(120_000, 0), 1, null],
    ['a recurring block repeats every interval', block(0, 60_000), 1, 1_060_000],
    ['third run of a recurring block', block(30_000, 60_000), 2, 1_150_000],
    ['no negative runs', block(0, 60_000), -1, null],
  ])('%s', (_label, b, run, expected) => {
    expect(blockRunAt(b, 1_000_000, run)).toBe(expected);
  });
});

describe('orderBlocks', () => {
  it('earliest first, then priority, break-glass after an ordinary block of the same time', () => {
    const a = { id: 'glass', ...block(0, 0, { isBreakGlass: true, priority: 1 }) };
    const b = { id: 'late', ...block(60_000, 0) };
    const c = { id: 'first', ...block(0, 0, { priority: 1 }) };
    const d = { id: 'urgent', ...block(0, 0, { priority: 0 }) };
    expect(orderBlocks([a, b, c, d]).map((x) => x.id)).toEqual(['urgent', 'first', 'glass', 'late']);
  });
});

describe('notificationJobPriority', () => {
  it.each<[Severity, number]>([
    ['CODE_BLUE', -3],
    ['EMERGENCY', -2],
    ['STAFF_ASSIST', -1],
    ['HIGH_PRIORITY', 0],
    ['MEDIUM_PRIORITY', 0],
    ['LOW_PRIORITY', 0],
    ['ESCALATION_OBSERVATION', 0],
    ['NO_PRIORITY', 0],
  ])(
    '"Emergency-type: code blue, emergency, staff assist" run first (other jobs at 0): %s -> %i',
    (severity, expected) => {
      expect(notificationJobPriority(severity)).toBe(expected);
    },
  );
});

describe('shouldKeepNotifying', () => {
  it.each([
    ['OPEN_UNCLAIMED', true],
    ['OPEN_CLAIMED', false],
    ['OPEN_CONFIRMING', false],
    ['OPEN_CONFIRMED', false],
    ['CLOSED_RESOLVED', false],
    ['CLOSED_CANCELED', false],
  ])('escalation stops once claimed or resolved: %s -> %s', (status, expected) => {
    expect(shouldKeepNotifying(status)).toBe(expected);
  });
});

const tags = (t: Partial<UnitTags>): UnitTags => ({
  unitRids: [],
  wards: [],
  careTypes: [],
  buildings: [],
  wings: [],
  floors: [],
  ...t,
});
const unit = {
  id: 'u1',
  careType: 'MEMORY_CARE' as const,
  ward: 'MC',
  building: 'A',
  wing: null,
  floor: '2',
};

describe('zoneCoversUnit', () => {
  it.each<[string, UnitTags, boolean]>([
    ['named unit', tags({ unitRids: ['u1'] }), true],
    ['care type', tags({ careTypes: ['MEMORY_CARE'] }), true],
    ['other care type', tags({ careTypes: ['ASSISTED_LIVING'] }), false],
    ['care type and floor', tags({ careTypes: ['MEMORY_CARE'], floors: ['2'] }), true],
    ['care type but other floor', tags({ careTypes: ['MEMORY_CARE'], floors: ['3'] }), false],
    ['wing asked, unit has none', tags({ wings: ['East'] }), false],
    ['no tags', tags({}), false],
  ])('%s -> %s', (_label, zone, expected) => {
    expect(zoneCoversUnit(zone, unit)).toBe(expected);
  });
});

describe('selectRecipients', () => {
  const mcZone = { id: 'z-mc', ...tags({ careTypes: ['MEMORY_CARE'] }) };
  const alZone = { id: 'z-al', ...tags({ careTypes: ['ASSISTED_LIVING'] }) };
  const person = (id: string, p: Partial<Candidate>): Candidate => ({
    staffMemberId: id,
    groupIds: ['care'],
    isOnCall: true,
    shouldReceiveAllCareAlerts: false,
    careZones: [],
    ...p,
  });
  const candidates = [
    person('mc-on', { careZones: [mcZone] }),
    person('al-on', { careZones: [alZone] }),
    person('mc-off', { careZones: [mcZone], isOnCall: false }),
    person('all-alerts', { shouldReceiveAllCareAlerts: true }),
    person('manager', { groupIds: ['mgmt'], isOnCall: false }),
  ];
  const filter = (f: Partial<BlockFilter>): BlockFilter => ({
    groupIds: ['care'],
    staffMemberIds: [],
    careZoneIds: [],
    severities: [],
    onCallOnly: true,
    ...f,
  });
  const zones = new Map([
    ['z-mc', mcZone],
    ['z-al', alZone],
  ]);
  const task = { severity: 'EMERGENCY' as const, unit };

  it.each<
    [
      string,
      { isBreakGlass: boolean; filters: BlockFilter[] },
      typeof task | { severity: 'EMERGENCY'; unit: null },
      string[],
    ]
  >([
    [
      'on-shift staff whose care zones cover the unit, and those receiving all care alerts',
      { isBreakGlass: false, filters: [filter({})] },
      task,
      ['mc-on', 'all-alerts'],
    ],
    [
      'break-glass blocks go to the wider group (zones not needed)',
      { isBreakGlass: true, filters: [filter({ groupIds: ['care', 'mgmt'], onCallOnly: false })] },
      task,
      ['mc-on', 'al-on', 'mc-off', 'all-alerts', 'manager'],
    ],
    [
      'a filter for other severities does not apply',
      { isBreakGlass: false, filters: [filter({ severities: ['LOW_PRIORITY'] })] },
      task,
      [],
    ],
    [
      'a filter limited to care zones not covering the unit does not apply',
      { isBreakGlass: false, filters: [filter({ careZoneIds: ['z-al'] })] },
      task,
      [],
    ],
    [
      'a named staff member is told whatever their zones',
      { isBreakGlass: false, filters: [filter({ groupIds: [], staffMemberIds: ['al-on'] })] },
      task,
      ['al-on'],
    ],
    [
      'a task without a unit goes to everyone on shift in the groups',
      { isBreakGlass: false, filters: [filter({})] },
      { severity: 'EMERGENCY', unit: null },
      ['mc-on', 'al-on', 'all-alerts'],
    ],
  ])('%s', (_label, b, t, expected) => {
    expect(selectRecipients(t, b, candidates, zones)).toEqual(expected);
  });
});

describe('subscriptionStatusFromReply', () => {
  it.each([
    ['START', 'SUBSCRIBED'],
    [' start ', 'SUBSCRIBED'],
    ['UNSTOP', 'SUBSCRIBED'],
    ['STOP', 'UNSUBSCRIBED'],
    ['stop', 'UNSUBSCRIBED'],
    ['QUIT', 'UNSUBSCRIBED'],
    ['hello', null],
  ])('%s -> %s', (body, expected) => {
    expect(subscriptionStatusFromReply(body)).toBe(expected);
  });
});

describe('isDeliveryStatusAdvance', () => {
  it.each<['SENT' | 'FAILED' | 'RECEIVED' | 'SHOWN', 'RECEIVED' | 'SHOWN', boolean]>([
    ['SENT', 'RECEIVED', true],
    ['SENT', 'SHOWN', true],
    ['RECEIVED', 'SHOWN', true],
    ['SHOWN', 'RECEIVED', false],
    ['RECEIVED', 'RECEIVED', false],
  ])('"RECEIVED when a notification arrives, SHOWN when displayed": %s + %s -> %s', (a, b, expected) => {
    expect(isDeliveryStatusAdvance(a, b)).toBe(expected);
  });
});

const browser = (p: Partial<PushEnvironment> = {}): PushEnvironment => ({
  supportsNotifications: true,
  supportsServiceWorker: true,
  supportsPush: true,
  messageDeliveryMethods: ['PUSH_NOTIFICATION'],
  ...p,
});

describe('isPushAvailable', () => {
  it.each<[string, PushEnvironment, boolean]>([
    ['everything supported, facility allows push', browser(), true],
    ['no notifications', browser({ supportsNotifications: false }), false],
    ['no service workers', browser({ supportsServiceWorker: false }), false],
    ['no push', browser({ supportsPush: false }), false],
    ['facility without PUSH_NOTIFICATION', browser({ messageDeliveryMethods: ['SMS'] }), false],
    ['end-to-end test mode', browser({ isEndToEndTestMode: true }), false],
  ])('"Push: works only if ...": %s -> %s', (_label, env, expected) => {
    expect(isPushAvailable(env)).toBe(expected);
  });
});

describe('shouldOpenAllowNotificationsDrawer', () => {
  it.each<[string, PushEnvironment, 'granted' | 'denied' | 'default', boolean, boolean]>([
    ['permission default, no subscription', browser(), 'default', false, true],
    ['already granted', browser(), 'granted', false, false],
    ['denied', browser(), 'denied', false, false],
    ['a subscription exists', browser(), 'default', true, false],
    ['facility does not allow push', browser({ messageDeliveryMethods: [] }), 'default', false, false],
  ])('%s -> %s', (_label, env, permission, hasSubscription, expected) => {
    expect(shouldOpenAllowNotificationsDrawer(env, permission, hasSubscription)).toBe(expected);
  });
});

describe('shouldRecordPushSubscription', () => {
  const now = 1_000_000_000_000;
  const day = 86_400_000;
  it.each<[string, { expirationTime: number | null } | null, boolean]>([
    ['"if none exists"', null, true],
    ['"the stored one expires within 1 day"', { expirationTime: now + day - 1 }, true],
    ['exactly 1 day', { expirationTime: now + day }, true],
    ['more than a day left', { expirationTime: now + day + 1 }, false],
    ['no expiry', { expirationTime: null }, false],
  ])('%s -> %s', (_label, stored, expected) => {
    expect(shouldRecordPushSubscription(stored, now)).toBe(expected);
  });

  it('"Default subscription expiry when the login token has none: 8 units from now": 8 hours', () => {
    expect(defaultPushSubscriptionExpiry(now)).toBe(now + 8 * 3_600_000);
  });
});

describe('isPushDelayed', () => {
  it.each([
    [30_000, false],
    [30_001, true],
  ])(
    '"A push received more than 30 s after creation is logged as delayed": %i ms -> %s',
    (after, expected) => {
      expect(isPushDelayed(1_000, 1_000 + after)).toBe(expected);
    },
  );
});

describe('optInDrawerButton', () => {
  it.each([
    ['SUBSCRIBED', 'SUBSCRIBED', 'Continue'],
    ['SUBSCRIBED', 'UNSUBSCRIBED', 'Skip'],
    ['UNSUBSCRIBED', 'SUBSCRIBED', 'Skip'],
    ['UNSUBSCRIBED', 'UNSUBSCRIBED', 'Skip'],
  ])('"Continue when both are subscribed, otherwise Skip": %s + %s -> %s', (alerts, tasks, expected) => {
    expect(optInDrawerButton({ alerts, tasks })).toBe(expected);
  });
});
