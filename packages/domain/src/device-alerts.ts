import { Severity, TaskUpdateType } from '@sage/contract';
import { currentCheckInDay } from './check-in-time';

/*
 * What a device event does to the alerts of a facility (ARCHITECTURE.md "Device ingest contract").
 * The worker applies the plan in one transaction; this file only decides. Severity and title per device and
 * event type are our decision, recorded in docs/decisions/0030-alert-severity-and-titles.md.
 */

/** What a device is, read from its active allocation. */
export type DeviceRole =
  /** Allocated to a resident: a pendant (or a resident-worn sensor). */
  | 'RESIDENT'
  /** Allocated to a unit: a wall button, a fall sensor, an M3 device. */
  | 'UNIT'
  /** The unit's check-in button (isCheckIn, room 'CHECKIN'). */
  | 'CHECK_IN'
  /** Allocated to a door: a door alarm. */
  | 'DOOR';

export type DeviceKind = 'SAGE_BUTTON' | 'DOOR_ALARM' | 'FALL_DETECTION_DEVICE' | 'MELTEN_M3_DEVICE';

export type DeviceEventKind =
  | 'BUTTON_PRESS'
  | 'DOOR_OPEN'
  | 'DOOR_CLOSED'
  | 'FALL_DETECTED'
  | 'M3_BATH_TRIGGERED'
  | 'M3_BATH_CANCELED'
  | 'M3_ALERT_TRIGGERED'
  | 'M3_ALERT_CANCELED'
  | 'HEARTBEAT';

export interface DeviceSubject {
  role: DeviceRole;
  deviceType: DeviceKind;
  resident: { firstName: string; lastName: string } | null;
  unitName: string | null;
  doorName: string | null;
  /** The room of the allocation inside the unit (e.g. 'Bedroom'); never 'CHECKIN' here. */
  room: string | null;
}

export interface TaskUpdatePlan {
  type: TaskUpdateType;
  description: string;
}

export type DeviceEventPlan =
  /** Battery or an event with no alert meaning: the device activity only. */
  | { kind: 'ACTIVITY_ONLY' }
  /** A check-in button press: completes the unit's daily check-in (reason BUTTON_PRESSED), raises nothing. */
  | { kind: 'CHECK_IN' }
  /**
   * Raise an alert: first, when `confirmsCare`, confirm care on the OPEN_CONFIRMING tasks this press may
   * confirm (the resident's, or the unit's); otherwise add `update` to the device's open task (raising its
   * severity when `severity` is more severe); otherwise open a task with `severity` and `title`.
   * `onlyInDoorAlertPeriod`: a new task only inside the door's alert period (an open task still gets the update).
   */
  | {
      kind: 'ALERT';
      severity: Severity;
      title: string;
      /** Added to a new task after CREATED, and to the device's open task. */
      update: TaskUpdatePlan;
      confirmsCare: boolean;
      onlyInDoorAlertPeriod: boolean;
    }
  /** Only an update on the device's open task (door closed, M3 canceled); no task when none is open. */
  | { kind: 'UPDATE_OPEN_TASK'; update: TaskUpdatePlan };

const fullName = (r: { firstName: string; lastName: string }): string => `${r.firstName} ${r.lastName}`;

/** 'AL 101' or 'AL 101 (Bedroom)'. */
const placeOf = (s: DeviceSubject): string => {
  const unit = s.unitName ?? 'an unknown unit';
  return s.room ? `${unit} (${s.room})` : unit;
};

/** Who or where an alert is about: the resident's name, else the unit (and room), else the door. */
const subjectOf = (s: DeviceSubject): string =>
  s.resident ? fullName(s.resident) : s.doorName && s.role === 'DOOR' ? s.doorName : placeOf(s);

/** Title of a button press. */
const pressTitle = (s: DeviceSubject): string => {
  if (s.resident) return `${fullName(s.resident)} needs assistance`;
  if (s.deviceType === 'SAGE_BUTTON') return `${placeOf(s)} wall button`;
  return `Assistance requested in ${placeOf(s)}`;
};

const fallTitle = (s: DeviceSubject): string =>
  s.resident ? `${fullName(s.resident)} may have fallen` : `Fall detected in ${subjectOf(s)}`;

/** The plan for one event of an allocated device. */
export const planDeviceEvent = (event: DeviceEventKind, s: DeviceSubject): DeviceEventPlan => {
  switch (event) {
    case 'HEARTBEAT':
      return { kind: 'ACTIVITY_ONLY' };

    case 'BUTTON_PRESS':
      if (s.role === 'CHECK_IN') return { kind: 'CHECK_IN' };
      // A door alarm has no button of its own meaning: keep its activity only.
      if (s.role === 'DOOR') return { kind: 'ACTIVITY_ONLY' };
      return {
        kind: 'ALERT',
        severity: Severity.HIGH_PRIORITY,
        title: pressTitle(s),
        update: {
          type: TaskUpdateType.DEVICE_INTERACTION,
          description: s.role === 'RESIDENT' ? 'Pendant pressed' : 'Button pressed',
        },
        // "confirm they are with the resident by pressing the resident's pendant or a wall button in the unit"
        confirmsCare: s.deviceType === 'SAGE_BUTTON',
        onlyInDoorAlertPeriod: false,
      };

    case 'DOOR_OPEN': {
      const door = s.doorName ?? subjectOf(s);
      return {
        kind: 'ALERT',
        severity: Severity.HIGH_PRIORITY,
        title: `${door} door opened`,
        update: { type: TaskUpdateType.DEVICE_INTERACTION_DOOR_OPEN, description: `${door} door opened` },
        confirmsCare: false,
        onlyInDoorAlertPeriod: s.role === 'DOOR',
      };
    }

    case 'DOOR_CLOSED': {
      const door = s.doorName ?? subjectOf(s);
      return {
        kind: 'UPDATE_OPEN_TASK',
        update: { type: TaskUpdateType.DEVICE_INTERACTION_DOOR_CLOSED, description: `${door} door closed` },
      };
    }

    case 'FALL_DETECTED':
      return {
        kind: 'ALERT',
        severity: Severity.EMERGENCY,
        title: fallTitle(s),
        update: {
          type: TaskUpdateType.DEVICE_INTERACTION_FALL_DETECTED,
          description: `Fall detected in ${subjectOf(s)}`,
        },
        confirmsCare: false,
        onlyInDoorAlertPeriod: false,
      };

    case 'M3_BATH_TRIGGERED':
      return {
        kind: 'ALERT',
        severity: Severity.HIGH_PRIORITY,
        title: `Bath alert: ${subjectOf(s)}`,
        update: { type: TaskUpdateType.M3_BATH_TRIGGERED, description: 'Bath alert triggered' },
        confirmsCare: false,
        onlyInDoorAlertPeriod: false,
      };

    case 'M3_ALERT_TRIGGERED':
      return {
        kind: 'ALERT',
        severity: Severity.HIGH_PRIORITY,
        title: `Sensor alert: ${subjectOf(s)}`,
        update: { type: TaskUpdateType.M3_ALERT_TRIGGERED, description: 'Sensor alert triggered' },
        confirmsCare: false,
        onlyInDoorAlertPeriod: false,
      };

    case 'M3_BATH_CANCELED':
      return {
        kind: 'UPDATE_OPEN_TASK',
        update: { type: TaskUpdateType.M3_BATH_CANCELED, description: 'Bath alert canceled at the device' },
      };

    case 'M3_ALERT_CANCELED':
      return {
        kind: 'UPDATE_OPEN_TASK',
        update: {
          type: TaskUpdateType.M3_ALERT_CANCELED,
          description: 'Sensor alert canceled at the device',
        },
      };
  }
};

/**
 * The daily check-in a check-in button press completes: the facility-local date, where the check-in day
 * begins at 4:00 am ("Daily check-in starts at 4:00 am in the facility's timezone"), so a press at 2:00 am
 * still belongs to the previous day's check-in. Returns yyyy-MM-dd.
 */
export const checkInDayOfPress = (pressedAt: Date, timeZone: string): string =>
  currentCheckInDay(pressedAt, timeZone);
