import enDoors from 'virtual:messages/en/doors';
import esDoors from 'virtual:messages/es/doors';
import type { TDoorAlarmScheduleReply, TDoorReply } from '@sage/contract';
import { doorScheduleSummary } from '@sage/domain';
import { describe, expect, it } from 'vitest';
import type { Messages } from '../../shared/i18n';
import {
  choosePreset,
  type DoorScheduleForm,
  doorHours,
  doorOptions,
  doorScheduleView,
  doorTexts,
  initialDoorScheduleForm,
  planDoorScheduleSave,
  selectDoorEmptyText,
} from './door-rules';

const schedule = (
  rid: string,
  doorRid: string | null,
  ranges: [string, string][],
  flags: Partial<Pick<TDoorAlarmScheduleReply, 'alwaysAlert' | 'neverAlert' | 'isFacilityDefault'>> = {},
): TDoorAlarmScheduleReply => ({
  rid,
  facilityId: 'f1',
  doorRid,
  isFacilityDefault: false,
  alwaysAlert: false,
  neverAlert: false,
  dailySchedules: {
    dayOfWeekTimeRangeMap: { All: ranges.map(([startTime, endTime]) => ({ startTime, endTime })) },
  },
  ...flags,
});

describe('Select door', () => {
  it('"doors that already have a device allocated are disabled"', () => {
    const doors = [
      { rid: 'd1', name: 'Front', deviceAllocation: null },
      {
        rid: 'd2',
        name: 'Garden',
        deviceAllocation: {
          id: 'a1',
          displayName: null,
          device: { id: 'x', type: 'DOOR_ALARM' as const, hardwareId: 'D-1' },
        },
      },
    ];
    expect(doorOptions(doors)).toEqual([
      { value: 'd1', name: 'Front', disabled: false },
      {
        value: 'd2',
        name: 'Garden',
        description: 'A device is already allocated to this door',
        disabled: true,
      },
    ]);
  });
  it.each([
    [0, 'No doors'],
    [3, 'No doors found'],
  ])("\"empty states 'No doors found' or 'No doors'\": %i doors -> %s", (count, text) => {
    expect(selectDoorEmptyText(count)).toBe(text);
  });
});

describe('door schedule drawer form', () => {
  it.each<[string, TDoorAlarmScheduleReply | null, DoorScheduleForm]>([
    [
      'a saved 19:00-07:00 range shows as the preset',
      schedule('s', 'd', [['19:00', '07:00']]),
      { preset: 'SEVEN_PM_TO_SEVEN_AM', startTime: '19:00', endTime: '07:00' },
    ],
    [
      'another range shows as Custom',
      schedule('s', 'd', [['08:00', '17:00']]),
      { preset: 'CUSTOM', startTime: '08:00', endTime: '17:00' },
    ],
    [
      'always',
      schedule('s', 'd', [], { alwaysAlert: true }),
      { preset: 'ALWAYS_ALERT', startTime: '19:00', endTime: '07:00' },
    ],
    [
      'never',
      schedule('s', 'd', [], { neverAlert: true }),
      { preset: 'NEVER_ALERT', startTime: '19:00', endTime: '07:00' },
    ],
    [
      'no schedule: the door always alerts',
      null,
      { preset: 'ALWAYS_ALERT', startTime: '19:00', endTime: '07:00' },
    ],
  ])(
    '"on edit, a single range matching 19:00-07:00 shows as the preset, otherwise Custom": %s',
    (_c, saved, form) => {
      expect(initialDoorScheduleForm(saved)).toEqual(form);
    },
  );

  it('"Choosing 7 PM - 7 AM sets 19:00 to 07:00"', () => {
    const custom: DoorScheduleForm = { preset: 'CUSTOM', startTime: '08:00', endTime: '09:00' };
    expect(choosePreset(custom, 'SEVEN_PM_TO_SEVEN_AM')).toEqual({
      preset: 'SEVEN_PM_TO_SEVEN_AM',
      startTime: '19:00',
      endTime: '07:00',
    });
    expect(choosePreset(custom, 'NEVER_ALERT')).toEqual({ ...custom, preset: 'NEVER_ALERT' });
  });

  it.each<
    [
      string,
      DoorScheduleForm,
      boolean,
      { error: string | null; overnightNote: string | null; canContinue: boolean },
    ]
  >([
    [
      'a preset',
      { preset: 'ALWAYS_ALERT', startTime: '10:00', endTime: '10:00' },
      false,
      { error: null, overnightNote: null, canContinue: true },
    ],
    [
      'a preset while saving',
      { preset: 'NEVER_ALERT', startTime: '', endTime: '' },
      true,
      { error: null, overnightNote: null, canContinue: false },
    ],
    [
      '"Start and end must differ"',
      { preset: 'CUSTOM', startTime: '10:00', endTime: '10:00' },
      false,
      { error: 'Start and end times must be different', overnightNote: null, canContinue: false },
    ],
    [
      '"An empty time counts as 00:00"',
      { preset: 'CUSTOM', startTime: '', endTime: '00:00' },
      false,
      { error: 'Start and end times must be different', overnightNote: null, canContinue: false },
    ],
    [
      '"00:00 to 23:59 is refused"',
      { preset: 'CUSTOM', startTime: '', endTime: '23:59' },
      false,
      {
        error: 'This alert period spans the whole day. Please select Always Alert instead.',
        overnightNote: null,
        canContinue: false,
      },
    ],
    [
      '"an info note about an overnight period shows when start is later than end"',
      { preset: 'CUSTOM', startTime: '22:00', endTime: '06:00' },
      false,
      {
        error: null,
        overnightNote: 'This alert period runs overnight: from 22:00 until 06:00 the next day.',
        canContinue: true,
      },
    ],
    [
      'a day period',
      { preset: 'CUSTOM', startTime: '08:00', endTime: '17:00' },
      false,
      { error: null, overnightNote: null, canContinue: true },
    ],
    [
      '"disabled ... while saving"',
      { preset: 'CUSTOM', startTime: '08:00', endTime: '17:00' },
      true,
      { error: null, overnightNote: null, canContinue: false },
    ],
  ])('%s', (_c, form, saving, view) => {
    expect(doorScheduleView(form, saving)).toEqual(view);
  });
});

describe('planDoorScheduleSave', () => {
  const door = (
    doorAlarmSchedule: TDoorAlarmScheduleReply | null,
  ): Pick<TDoorReply, 'rid' | 'facilityId' | 'doorAlarmSchedule'> => ({
    rid: 'd1',
    facilityId: 'f1',
    doorAlarmSchedule,
  });
  const overnight: DoorScheduleForm = { preset: 'CUSTOM', startTime: '22:00', endTime: '06:00' };
  const saved = {
    alwaysAlert: false,
    neverAlert: false,
    dailySchedules: { dayOfWeekTimeRangeMap: { All: [{ startTime: '22:00', endTime: '06:00' }] } },
  };

  it("updates the door's own schedule in place", () => {
    expect(planDoorScheduleSave(door(schedule('s1', 'd1', [['19:00', '07:00']])), overnight)).toEqual({
      request: { facilityRid: 'f1', doorRid: 'd1', doorAlarmScheduleRid: 's1', ...saved },
      linkToDoor: false,
    });
  });
  it.each([
    ['no schedule yet', null],
    ['the community default', schedule('def', null, [], { isFacilityDefault: true, alwaysAlert: true })],
    ["another door's schedule", schedule('s2', 'd2', [['19:00', '07:00']])],
  ])('"for a new schedule it then links it to the door": %s', (_c, current) => {
    expect(planDoorScheduleSave(door(current), overnight)).toEqual({
      request: { facilityRid: 'f1', doorRid: 'd1', ...saved },
      linkToDoor: true,
    });
  });
  it('"The saved schedule is the complement of the alert-free range": 7 PM - 7 AM saves 19:00-07:00', () => {
    const plan = planDoorScheduleSave(door(null), {
      preset: 'SEVEN_PM_TO_SEVEN_AM',
      startTime: '',
      endTime: '',
    });
    expect(plan?.request.dailySchedules).toEqual({
      dayOfWeekTimeRangeMap: { All: [{ startTime: '19:00', endTime: '07:00' }] },
    });
  });
  it('saves nothing for a refused custom period', () => {
    expect(
      planDoorScheduleSave(door(null), { preset: 'CUSTOM', startTime: '07:00', endTime: '07:00' }),
    ).toBeNull();
  });
});

describe("the doors' words in the reader's language (decision 0790)", () => {
  const en = enDoors as unknown as Messages<'doors'>;
  const es = esDoors as unknown as Messages<'doors'>;
  const schedules = [
    null,
    schedule('s1', 'd1', [], { alwaysAlert: true }),
    schedule('s2', 'd1', [], { neverAlert: true }),
    schedule('s3', 'd1', [['19:00', '07:00']]),
    schedule('s4', 'd1', [['22:00', '06:00']]),
  ];
  it("names a door's hours as doorScheduleSummary in English, its preset in Spanish, the times as they are", () => {
    for (const s of schedules) expect(doorHours(s, en)).toBe(doorScheduleSummary(s));
    expect(doorHours(schedules[1], es)).toBe('Alertar siempre');
    expect(doorHours(schedules[2], es)).toBe('No alertar nunca');
    expect(doorHours(schedules[3], es)).toBe('7 p.m. - 7 a.m.');
    expect(doorHours(schedules[4], es)).toBe('Otro horario · 22:00 - 06:00');
  });
  it('gives the same English as before with the English messages, and Spanish with the Spanish ones', () => {
    const custom = (startTime: string, endTime: string): DoorScheduleForm => ({
      preset: 'CUSTOM',
      startTime,
      endTime,
    });
    for (const form of [custom('07:00', '07:00'), custom('00:00', '23:59'), custom('22:00', '06:00')])
      expect(doorScheduleView(form, false, doorTexts(en))).toEqual(doorScheduleView(form, false));
    expect(doorScheduleView(custom('07:00', '07:00'), false, doorTexts(es)).error).toBe(
      'La hora de inicio y la de fin deben ser distintas',
    );
    expect(doorScheduleView(custom('22:00', '06:00'), false, doorTexts(es)).overnightNote).toBe(
      'Este horario pasa la noche: desde las 22:00 hasta las 06:00 del día siguiente.',
    );
    expect(selectDoorEmptyText(0, doorTexts(es))).toBe('No hay puertas');
    expect(
      doorOptions(
        [
          {
            rid: 'd2',
            name: 'Garden',
            deviceAllocation: {
              id: 'a',
              displayName: null,
              device: { id: 'x', type: 'DOOR_ALARM', hardwareId: 'D-1' },
            },
          },
        ],
        doorTexts(es),
      )[0]?.description,
    ).toBe('Esta puerta ya tiene un dispositivo asignado');
  });
});
