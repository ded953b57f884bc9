import {
  DOOR_SCHEDULE_DEFAULT_END,
  DOOR_SCHEDULE_DEFAULT_START,
  DOOR_SCHEDULE_PRESET_LABELS,
  DoorScheduleDrawerMessages,
  DoorScheduleMessages,
  DoorSchedulePreset,
  EmptyStateMessages,
  SelectDoorMessages,
  type TDoorAlarmSchedule,
  type TDoorReply,
  type TSaveDoorAlarmScheduleRequest,
} from '@sage/contract';
import {
  buildDoorAlarmSchedule,
  customTimesOfSchedule,
  doorScheduleSummary,
  isOvernightPeriod,
  presetOfSchedule,
  validateAlertPeriod,
} from '@sage/domain';
import type { Messages } from '../../shared/i18n';

/** The doors' words these rules write (decision 0790): the reader's `doors` messages; English by default. */
export interface DoorTexts {
  hasDevice: string;
  noDoors: string;
  noDoorsFound: string;
  startEqualsEnd: string;
  wholeDay: string;
  overnight: (start: string, end: string) => string;
}

const ENGLISH: DoorTexts = {
  hasDevice: SelectDoorMessages.hasDevice,
  noDoors: EmptyStateMessages.noDoors,
  noDoorsFound: EmptyStateMessages.noDoorsFound,
  startEqualsEnd: DoorScheduleMessages.startEqualsEnd,
  wholeDay: DoorScheduleMessages.wholeDay,
  overnight: DoorScheduleDrawerMessages.overnight,
};

export const doorTexts = (m: Messages<'doors'>): DoorTexts => ({
  hasDevice: m.hasDevice(),
  noDoors: m.noDoors(),
  noDoorsFound: m.noDoorsFound(),
  startEqualsEnd: m.startEqualsEnd(),
  wholeDay: m.wholeDay(),
  overnight: (start, end) => m.overnight({ start, end }),
});

/**
 * A door's alert hours in the reader's words: doorScheduleSummary's ('Always Alert', 'Custom Time · 22:00 - 06:00'),
 * its preset named from the `doors` messages, the times as they are.
 */
export function doorHours(schedule: TDoorAlarmSchedule | null | undefined, m: Messages<'doors'>): string {
  const preset = presetOfSchedule(schedule);
  if (preset !== DoorSchedulePreset.CUSTOM) return m[`preset_${preset}`]();
  const summary = doorScheduleSummary(schedule);
  const prefix = `${DOOR_SCHEDULE_PRESET_LABELS.CUSTOM} · `;
  return summary.startsWith(prefix) ? m.customHours({ times: summary.slice(prefix.length) }) : summary;
}

// ---------------------------------------------------------------------------------------------------------
// Select door drawer (sign-in doc section 2)
// ---------------------------------------------------------------------------------------------------------

export interface DoorOption {
  value: string;
  name: string;
  description?: string;
  disabled: boolean;
}

/** "Doors that already have a device allocated are disabled" (section 5: "cannot be selected"). */
export const doorOptions = (
  doors: readonly Pick<TDoorReply, 'rid' | 'name' | 'deviceAllocation'>[],
  texts: Pick<DoorTexts, 'hasDevice'> = ENGLISH,
) =>
  doors.map(
    (door): DoorOption =>
      door.deviceAllocation
        ? { value: door.rid, name: door.name, description: texts.hasDevice, disabled: true }
        : { value: door.rid, name: door.name, disabled: false },
  );

/**
 * "Empty states 'No doors found' or 'No doors'": 'No doors' when the community has none; 'No doors found'
 * when it has some but none matches the search.
 */
export const selectDoorEmptyText = (
  doorCount: number,
  texts: Pick<DoorTexts, 'noDoors' | 'noDoorsFound'> = ENGLISH,
): string => (doorCount === 0 ? texts.noDoors : texts.noDoorsFound);

// ---------------------------------------------------------------------------------------------------------
// Door schedule drawer (sign-in doc sections 3, 5 and 9)
// ---------------------------------------------------------------------------------------------------------

export interface DoorScheduleForm {
  preset: DoorSchedulePreset;
  /** HH:MM as the time field gives it; '' when emptied ("an empty time counts as 00:00"). */
  startTime: string;
  endTime: string;
}

/** The form on opening: "on edit, a single range matching 19:00-07:00 shows as the preset, otherwise Custom". */
export const initialDoorScheduleForm = (
  schedule: TDoorAlarmSchedule | null | undefined,
): DoorScheduleForm => ({
  preset: presetOfSchedule(schedule),
  ...customTimesOfSchedule(schedule),
});

/** "Choosing 7 PM - 7 AM sets 19:00 to 07:00"; other presets keep the custom times as they were. */
export const choosePreset = (form: DoorScheduleForm, preset: DoorSchedulePreset): DoorScheduleForm =>
  preset === DoorSchedulePreset.SEVEN_PM_TO_SEVEN_AM
    ? { preset, startTime: DOOR_SCHEDULE_DEFAULT_START, endTime: DOOR_SCHEDULE_DEFAULT_END }
    : { ...form, preset };

export interface DoorScheduleView {
  /** 'Start and end times must be different' or the whole-day message, for Custom Time only. */
  error: string | null;
  /** The overnight info note, for Custom Time when start is later than end. */
  overnightNote: string | null;
  /** "Continue is disabled in those cases and while saving." */
  canContinue: boolean;
}

const shown = (time: string): string => (time.trim() === '' ? '00:00' : time);

export const doorScheduleView = (
  form: DoorScheduleForm,
  saving: boolean,
  texts: Pick<DoorTexts, 'startEqualsEnd' | 'wholeDay' | 'overnight'> = ENGLISH,
): DoorScheduleView => {
  if (form.preset !== DoorSchedulePreset.CUSTOM)
    return { error: null, overnightNote: null, canContinue: !saving };
  const refused = validateAlertPeriod(form.startTime, form.endTime);
  // The domain's English check, named in the reader's words.
  const error =
    refused === DoorScheduleMessages.startEqualsEnd
      ? texts.startEqualsEnd
      : refused === DoorScheduleMessages.wholeDay
        ? texts.wholeDay
        : refused;
  const overnightNote =
    !error && isOvernightPeriod(form.startTime, form.endTime)
      ? texts.overnight(shown(form.startTime), shown(form.endTime))
      : null;
  return { error, overnightNote, canContinue: !saving && error === null };
};

export interface DoorScheduleSavePlan {
  request: TSaveDoorAlarmScheduleRequest;
  /**
   * "For a new schedule it then links it to the door with facilityRid, doorAlarmScheduleRid and doorName."
   * False when the door's own schedule is updated in place.
   */
  linkToDoor: boolean;
}

/**
 * What Continue saves: "the door drawer creates or updates the schedule". The door's own schedule is updated;
 * a door following the community default (or a schedule it shares) gets a new schedule of its own, so the
 * default and other doors stay as they were. Null when the custom period is refused.
 */
export const planDoorScheduleSave = (
  door: Pick<TDoorReply, 'rid' | 'facilityId' | 'doorAlarmSchedule'>,
  form: DoorScheduleForm,
): DoorScheduleSavePlan | null => {
  const built = buildDoorAlarmSchedule(
    form.preset === DoorSchedulePreset.CUSTOM
      ? { preset: 'CUSTOM', startTime: form.startTime, endTime: form.endTime }
      : { preset: form.preset },
  );
  if (!built.ok) return null;
  const own = door.doorAlarmSchedule;
  const ownsSchedule = own !== null && !own.isFacilityDefault && own.doorRid === door.rid;
  return {
    request: {
      facilityRid: door.facilityId,
      doorRid: door.rid,
      ...(ownsSchedule ? { doorAlarmScheduleRid: own.rid } : {}),
      ...built.schedule,
    },
    linkToDoor: !ownsSchedule,
  };
};
