import { describe, expect, it } from 'vitest';
import { AlertOutcomeType, CareOutcomeValue } from './care-outcomes';
import {
  CARE_TYPE_ABBREVIATIONS,
  CARE_TYPES,
  careZoneGroupingIndex,
  DEFAULT_CARE_ZONE_GROUPINGS,
  isNursingCareType,
} from './care-types';
import {
  CHECK_IN_ROOM_OPTION,
  CHECK_IN_STATUS_LABELS,
  UNIT_CHECK_IN_REASON_CHOICES,
  ZCheckInReasonSchema,
  ZCheckInStatusSchema,
} from './check-ins';
import {
  BATTERY_LOW_THRESHOLD_OTHER,
  BATTERY_LOW_THRESHOLD_PENDANT,
  DEVICE_TYPE_LABELS,
  DOOR_SCHEDULE_PRESET_LABELS,
  ZDeviceTypeSchema,
} from './devices';
import { GROUP_DISPLAY_NAMES, groupIdForName, KNOWN_GROUP_NAMES, ZGroupIdSchema } from './groups';
import {
  INSIGHT_CATEGORY_LABELS,
  ZInsightActionTypeSchema,
  ZInsightScopeSchema,
  ZInsightTypeNameSchema,
  ZWorkflowStatusSchema,
} from './insights';
import { NANP_COUNTRY_CODES } from './nanp';
import {
  SUBSCRIPTION_STATUS_LABELS,
  ZMessageDeliveryMethodSchema,
  ZMessageDeliveryStatusSchema,
  ZNotificationPolicyTypeSchema,
  ZSubscriptionTopicSchema,
} from './notifications';
import { OBSERVATION_TYPE_LABELS, observationLabel, ZObservationTypeSchema } from './observations';
import {
  HOSPICE_STATUS_LABELS,
  hospiceStatusLabel,
  normaliseHospiceStatus,
  RESUSCITATION_STRATEGY_LABELS,
} from './residents';
import {
  CLOSED_TASK_STATUSES,
  isClosedTaskStatus,
  isOpenTaskStatus,
  OPEN_TASK_STATUSES,
  TASK_STATUS_LABELS,
  ZTaskUpdateTypeSchema,
} from './tasks';

describe('care types', () => {
  it.each([
    ['ASSISTED_LIVING', 'AL'],
    ['INDEPENDENT_LIVING', 'IL'],
    ['MEMORY_CARE', 'MC'],
    ['LONG_TERM_CARE', 'LTC'],
    ['SHORT_TERM_REHAB', 'STR'],
  ] as const)('%s is abbreviated %s', (careType, abbreviation) => {
    expect(CARE_TYPE_ABBREVIATIONS[careType]).toBe(abbreviation);
  });
  it('"Care types: ASSISTED_LIVING (AL), INDEPENDENT_LIVING (IL), MEMORY_CARE (MC), LONG_TERM_CARE (LTC), SHORT_TERM_REHAB (STR), NONE."', () => {
    expect(CARE_TYPES).toEqual([
      'ASSISTED_LIVING',
      'INDEPENDENT_LIVING',
      'MEMORY_CARE',
      'LONG_TERM_CARE',
      'SHORT_TERM_REHAB',
      'NONE',
    ]);
  });
  it.each([
    ['LONG_TERM_CARE', true],
    ['SHORT_TERM_REHAB', true],
    ['ASSISTED_LIVING', false],
    ['INDEPENDENT_LIVING', false],
    ['MEMORY_CARE', false],
    ['NONE', false],
  ] as const)('"LTC and STR count as nursing-type": %s -> %s', (careType, nursing) => {
    expect(isNursingCareType(careType)).toBe(nursing);
  });
  it('"assisted living, memory care and independent living together; long term care and short term rehab together; everything else in the last"', () => {
    expect(DEFAULT_CARE_ZONE_GROUPINGS).toEqual([
      ['ASSISTED_LIVING', 'MEMORY_CARE', 'INDEPENDENT_LIVING'],
      ['LONG_TERM_CARE', 'SHORT_TERM_REHAB'],
    ]);
    expect(careZoneGroupingIndex('MEMORY_CARE')).toBe(0);
    expect(careZoneGroupingIndex('SHORT_TERM_REHAB')).toBe(1);
    expect(careZoneGroupingIndex('NONE')).toBe(2);
    expect(careZoneGroupingIndex(null)).toBe(2);
  });
});

describe('task statuses', () => {
  it('"OPEN_UNCLAIMED, OPEN_CLAIMED, OPEN_CONFIRMING, OPEN_CONFIRMED (all open)"', () => {
    expect(OPEN_TASK_STATUSES).toEqual([
      'OPEN_UNCLAIMED',
      'OPEN_CLAIMED',
      'OPEN_CONFIRMING',
      'OPEN_CONFIRMED',
    ]);
    expect(OPEN_TASK_STATUSES.every(isOpenTaskStatus)).toBe(true);
  });
  it('"CLOSED_RESOLVED, CLOSED_CANCELED, CLOSED_UNRESOLVED (closed)"', () => {
    expect(CLOSED_TASK_STATUSES).toEqual(['CLOSED_RESOLVED', 'CLOSED_CANCELED', 'CLOSED_UNRESOLVED']);
    expect(CLOSED_TASK_STATUSES.every(isClosedTaskStatus)).toBe(true);
    expect(CLOSED_TASK_STATUSES.some(isOpenTaskStatus)).toBe(false);
  });
  it("OPEN_UNCLAIMED is shown 'Open - unclaimed'", () => {
    expect(TASK_STATUS_LABELS.OPEN_UNCLAIMED).toBe('Open - unclaimed');
  });
  it('task update types include every type of the spec', () => {
    expect(ZTaskUpdateTypeSchema.options).toEqual(
      expect.arrayContaining([
        'CREATED',
        'CLOSED',
        'REOPENED',
        'ASSIGNMENT',
        'REASSIGNMENT',
        'UNASSIGNMENT',
        'STATUS_CHANGE',
        'SEVERITY_CHANGE',
        'DEVICE_INTERACTION',
        'DEVICE_INTERACTION_DOOR_OPEN',
        'DEVICE_INTERACTION_DOOR_CLOSED',
        'DEVICE_INTERACTION_FALL_DETECTED',
        'MANUAL_ENTRY',
        'CLAIM',
        'CARE_CONFIRMED',
        'CARE_CONFIRMATION_FAILED',
        'M3_BATH_TRIGGERED',
        'M3_BATH_CANCELED',
        'M3_ALERT_TRIGGERED',
        'M3_ALERT_CANCELED',
      ]),
    );
    expect(ZTaskUpdateTypeSchema.options).toHaveLength(20);
  });
});

describe('outcomes', () => {
  it('"Care outcome: outcome (COMPLETED, NOT_COMPLETED, REFUSED)"', () => {
    expect(Object.values(CareOutcomeValue)).toEqual(['COMPLETED', 'NOT_COMPLETED', 'REFUSED']);
  });
  it('"Alert outcome type: RESIDENT_INTERACTION, FALSE_ALARM, TEST_ALERT."', () => {
    expect(Object.values(AlertOutcomeType)).toEqual(['RESIDENT_INTERACTION', 'FALSE_ALARM', 'TEST_ALERT']);
  });
});

describe('observation types (id, label)', () => {
  it.each([
    ['BOWEL_MOVEMENT', 'Bowel Movement'],
    ['MOOD_BEHAVIOR', 'Mood/Behavior'],
    ['SEEMS_DIFFERENT', 'Seems Different'],
    ['NEEDS_MORE_HELP', 'Needs More Help'],
  ] as const)('%s is shown %s', (id, label) => {
    expect(OBSERVATION_TYPE_LABELS[id]).toBe(label);
    expect(observationLabel(id)).toBe(label);
  });
  it('has the eight ids of the spec', () => {
    expect(ZObservationTypeSchema.options).toEqual([
      'SKIN',
      'PAIN',
      'URINE',
      'BOWEL_MOVEMENT',
      'MOOD_BEHAVIOR',
      'SEEMS_DIFFERENT',
      'NEEDS_MORE_HELP',
      'OTHER',
    ]);
  });
  it.each(['FALL_RISK', 'toString', ''])('"Unknown ids are displayed as they are": %j', (id) => {
    expect(observationLabel(id)).toBe(id);
  });
});

describe('check-ins', () => {
  it('statuses: UNKNOWN, PENDING, COMPLETE, EXPIRED, SKIPPED_ON_HOLD', () => {
    expect(ZCheckInStatusSchema.options).toEqual([
      'UNKNOWN',
      'PENDING',
      'COMPLETE',
      'EXPIRED',
      'SKIPPED_ON_HOLD',
    ]);
  });
  it.each([
    ['PENDING', 'Not Checked-In'],
    ['COMPLETE', 'Checked-In'],
    ['SKIPPED_ON_HOLD', 'On Hold'],
  ] as const)('%s is shown %s', (status, label) => {
    expect(CHECK_IN_STATUS_LABELS[status]).toBe(label);
  });
  it('reasons: BUTTON_PRESSED, CALLED_RESIDENT, SEEN_IN_PERSON, TEAM_MEMBER_VERIFIED, VERIFIED_BY_INTEGRATION', () => {
    expect(ZCheckInReasonSchema.options).toEqual([
      'BUTTON_PRESSED',
      'CALLED_RESIDENT',
      'SEEN_IN_PERSON',
      'TEAM_MEMBER_VERIFIED',
      'VERIFIED_BY_INTEGRATION',
    ]);
  });
  it("\"Reason choices: 'Seen in-person', 'Called resident', 'Team member verified'.\"", () => {
    expect(UNIT_CHECK_IN_REASON_CHOICES).toEqual([
      { reason: 'SEEN_IN_PERSON', label: 'Seen in-person' },
      { reason: 'CALLED_RESIDENT', label: 'Called resident' },
      { reason: 'TEAM_MEMBER_VERIFIED', label: 'Team member verified' },
    ]);
  });
  it('"Room check-in: room option with id CHECKIN shown as \'Check-In button\'"', () => {
    expect(CHECK_IN_ROOM_OPTION).toEqual({ id: 'CHECKIN', label: 'Check-In button' });
  });
});

describe('residents', () => {
  it.each([
    ['HOSPICE_CARE', 'Yes'],
    ['STANDARD_CARE', 'No'],
    ['UNKNOWN', 'Not Set'],
  ] as const)('hospice %s is shown %s', (status, label) => {
    expect(HOSPICE_STATUS_LABELS[status]).toBe(label);
    expect(hospiceStatusLabel(status)).toBe(label);
  });
  it.each([['PALLIATIVE'], [null], [undefined], [3]])(
    '"any other value is treated as UNKNOWN": %j',
    (value) => {
      expect(normaliseHospiceStatus(value)).toBe('UNKNOWN');
      expect(hospiceStatusLabel(value)).toBe('Not Set');
    },
  );
  it.each([
    ['CPR', 'CPR Required'],
    ['DNR', 'DNR Order'],
    ['UNKNOWN', 'Not Set'],
  ] as const)('resuscitation %s chip reads %s', (value, chip) => {
    expect(RESUSCITATION_STRATEGY_LABELS[value]).toBe(chip);
  });
});

describe('insights', () => {
  it.each([
    ['NEEDS_IMPROVEMENT', 'Needs Improvement'],
    ['TOP_PERFORMER', 'Top Performance'],
  ] as const)('category %s is shown %s', (category, label) => {
    expect(INSIGHT_CATEGORY_LABELS[category]).toBe(label);
  });
  it('"workflow status OPEN, CLOSED; scope GLOBAL, USER; action types DISMISS, LOG_ACTION_NEEDS_IMPROVEMENT, SEND_HIGH_FIVE"', () => {
    expect(ZWorkflowStatusSchema.options).toEqual(['OPEN', 'CLOSED']);
    expect(ZInsightScopeSchema.options).toEqual(['GLOBAL', 'USER']);
    expect(ZInsightActionTypeSchema.options).toEqual([
      'DISMISS',
      'LOG_ACTION_NEEDS_IMPROVEMENT',
      'SEND_HIGH_FIVE',
    ]);
    expect(ZInsightTypeNameSchema.options).toEqual(['NEEDS_IMPROVEMENT', 'RECOGNITION', 'ACKNOWLEDGE']);
  });
});

describe('devices', () => {
  it.each([
    ['SAGE_BUTTON', 'Sage Button'],
    ['DOOR_ALARM', 'Door Alarm'],
    ['FALL_DETECTION_DEVICE', 'Fall Detection Device'],
    ['MELTEN_M3_DEVICE', 'Melten M3 Device'],
  ] as const)('device type %s is shown %s', (type, label) => {
    expect(DEVICE_TYPE_LABELS[type]).toBe(label);
  });
  it('has four device types', () => {
    expect(ZDeviceTypeSchema.options).toHaveLength(4);
  });
  it('"Battery low: pendant below 20; other devices below 80."', () => {
    expect(BATTERY_LOW_THRESHOLD_PENDANT).toBe(20);
    expect(BATTERY_LOW_THRESHOLD_OTHER).toBe(80);
  });
  it('"Presets: Always Alert, Never Alert, 7 PM - 7 AM, Custom Time."', () => {
    expect(Object.values(DOOR_SCHEDULE_PRESET_LABELS)).toEqual([
      'Always Alert',
      'Never Alert',
      '7 PM - 7 AM',
      'Custom Time',
    ]);
  });
});

describe('groups', () => {
  it.each([
    ['CareStaff', 'Care staff'],
    ['Culinary', 'Culinary'],
    ['Housekeeping', 'Housekeeping'],
    ['Maintenance', 'Maintenance'],
    ['Management', 'Management'],
    ['NurseMedTech', 'Nurse/MedTech'],
    ['SageSupport', 'provider support'],
    ['Transportation', 'Transportation'],
  ] as const)('group %s is named %s', (id, name) => {
    expect(GROUP_DISPLAY_NAMES[id]).toBe(name);
    expect(groupIdForName(name)).toBe(id);
  });
  it('"Contract identifiers: CareStaff, Culinary, Housekeeping, Maintenance, Management, NurseMedTech, …, Transportation"', () => {
    expect(ZGroupIdSchema.options).toEqual([
      'CareStaff',
      'Culinary',
      'Housekeeping',
      'Maintenance',
      'Management',
      'NurseMedTech',
      'SageSupport',
      'Transportation',
    ]);
  });
  it('"Known groups by name: Activities, …" (Activities has no contract identifier)', () => {
    expect(KNOWN_GROUP_NAMES).toContain('Activities');
    expect(KNOWN_GROUP_NAMES).toHaveLength(9);
    expect(groupIdForName('Activities')).toBeNull();
  });
});

describe('notifications', () => {
  it('policy type ALERT, subscription status and topics, delivery status, delivery method', () => {
    expect(ZNotificationPolicyTypeSchema.options).toEqual(['ALERT']);
    expect(SUBSCRIPTION_STATUS_LABELS).toEqual({
      SUBSCRIBED: 'Receiving messages',
      UNSUBSCRIBED: 'Not receiving messages',
    });
    expect(ZSubscriptionTopicSchema.options).toEqual(['ALERTS', 'TASKS']);
    expect(ZMessageDeliveryStatusSchema.options).toEqual(['RECEIVED', 'SHOWN']);
    expect(ZMessageDeliveryMethodSchema.options).toEqual(['PUSH_NOTIFICATION']);
  });
});

describe('NANP countries', () => {
  it('"25 codes: AG, AI, AS, BB, BM, BS, CA, DO, DM, GD, GU, JM, KN, KY, MP, MS, LC, PR, SX, TC, TT, US, VC, VG, VI"', () => {
    expect(NANP_COUNTRY_CODES.join(', ')).toBe(
      'AG, AI, AS, BB, BM, BS, CA, DO, DM, GD, GU, JM, KN, KY, MP, MS, LC, PR, SX, TC, TT, US, VC, VG, VI',
    );
    expect(NANP_COUNTRY_CODES).toHaveLength(25);
  });
});
