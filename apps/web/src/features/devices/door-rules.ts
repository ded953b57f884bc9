import {
  DOOR_SCHEDULE_DEFAULT_END,
  DOOR_SCHEDULE_DEFAULT_START,
  DoorScheduleDrawerMessages,
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
  isOvernightPeriod,
  presetOfSchedule,
  validateAlertPeriod,
} from '@sage/domain';

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
export const doorOptions = (doors: readonly Pick<TDoorReply, 'rid' | 'name' | 'deviceAllocation'>[]) =>
  doors.map(
    (door): DoorOption =>
      door.deviceAllocation
        ? { value: door.rid, name: door.name, description: SelectDoorMessages.hasDevice, disabled: true }
        : { value: door.rid, name: door.name, disabled: false },
  );

/**
 * "Empty states 'No doors found' or 'No doors'": 'No doors' when the community has none; 'No doors found'
 * when it has some but none matches the search.
 */
export const selectDoorEmptyText = (doorCount: number): string =>
  doorCount === 0 ? EmptyStateMessages.noDoors : EmptyStateMessages.noDoorsFound;

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

export const doorScheduleView = (form: DoorScheduleForm, saving: boolean): DoorScheduleView => {
  if (form.preset !== DoorSchedulePreset.CUSTOM)
    return { error: null, overnightNote: null, canContinue: !saving };
  const error = validateAlertPeriod(form.startTime, form.endTime);
  const overnightNote =
    !error && isOvernightPeriod(form.startTime, form.endTime)
      ? DoorScheduleDrawerMessages.overnight(shown(form.startTime), shown(form.endTime))
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
