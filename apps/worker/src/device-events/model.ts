import { QA_SESSION_PRESS_OUTCOME, type Severity } from '@sage/contract';
import type { TaskStatus } from '@sage/db';
import type { AllocatedDevice, DeviceEventKind, DeviceKind } from '@sage/domain';

/*
 * The device-event pipeline (decision 0560): what a stored device event does, applied in batches inside the
 * caller's transaction. Its files in the order a batch runs them: apply.ts (the ways in: the ingest's group commit,
 * the per-event job as a batch of one, the warm-up), store.ts (the devices' locks, the events stored, the batch's
 * read), rules.ts (what each event does, decided by packages/domain), batch.ts (the batch's writes in the events'
 * order), task-writes.ts and device-writes.ts (the statements). This file holds what they share.
 */

/** Outcomes recorded on the stored event (DeviceEvent.outcome), for operators and tests. */
export const DeviceEventOutcome = {
  /** No device with this hardware id. */
  UNALLOCATED_HARDWARE: 'UNALLOCATED_HARDWARE',
  /** A known device with no active allocation in the gateway's facility: activity only. */
  UNALLOCATED_DEVICE: 'UNALLOCATED_DEVICE',
  /** Activity only (heartbeat, a press with no alert meaning). */
  ACTIVITY_RECORDED: 'ACTIVITY_RECORDED',
  TASK_CREATED: 'TASK_CREATED',
  /** An update added to the device's open task. */
  TASK_UPDATED: 'TASK_UPDATED',
  CARE_CONFIRMED: 'CARE_CONFIRMED',
  CHECK_IN_COMPLETED: 'CHECK_IN_COMPLETED',
  /** A door opened outside its alert period with no open task: no alert. */
  OUTSIDE_ALERT_PERIOD: 'OUTSIDE_ALERT_PERIOD',
  /** An update-only event (door closed, M3 canceled) with no open task. */
  NO_OPEN_TASK: 'NO_OPEN_TASK',
  /**
   * A device of another community (decision 0100): refused, recorded, nothing about the device changes.
   * The gateway still got its 202, so it cannot probe other communities' hardware ids.
   */
  REFUSED_OTHER_COMMUNITY: 'REFUSED_OTHER_COMMUNITY',
  /** An event older than INGEST_STALE_AFTER_MS when received: suspect, no alert, no device change (decision 0102). */
  STALE_EVENT: 'STALE_EVENT',
  /** The test press of a device put on test during a QA walk: no alert (decision 0505). */
  QA_SESSION_PRESS: QA_SESSION_PRESS_OUTCOME,
} as const;
export type DeviceEventOutcome = (typeof DeviceEventOutcome)[keyof typeof DeviceEventOutcome];

export interface Logger {
  info(message: string, meta?: object): void;
  warn(message: string, meta?: object): void;
}

/** A stored event (DeviceEvent) as the pipeline reads it. */
export interface StoredEvent {
  id: string;
  facilityId: string;
  gatewayId: string;
  hardwareId: string;
  type: DeviceEventKind;
  eventTimestamp: Date;
  batteryLevel: number | null;
  receivedAt: Date;
  processedAt: Date | null;
}

/** The event's device with its active allocation in the event's facility (packages/domain reads its subject). */
export interface DeviceContext extends AllocatedDevice {
  deviceId: string;
  deviceType: DeviceKind;
  deviceFacilityId: string | null;
  enterpriseId: string;
  timezone: string;
  allocationId: string | null;
  /** The allocation's unit, else its resident's. */
  unitId: string | null;
  allocationScheduleId: string | null;
  doorScheduleId: string | null;
}

/** An event as the batch reads it (store.ts): with its device, when the hardware is known. */
export type LoadedEvent = StoredEvent &
  Partial<DeviceContext> & {
    enterpriseId: string;
    timezone: string;
    isOwnDevice: boolean;
    /** The device's armed test of the facility's walk (decision 0505), else null. */
    qaTestId: string | null;
    /** The device's open task when the events were read (a raise for it is then an update, sent in order). */
    openTaskId: string | null;
    /** Whether the event's facility had a task OPEN_CONFIRMING when the events were read. */
    facilityConfirming: boolean;
  };

export interface ApplyResult {
  outcome: DeviceEventOutcome;
  /** The tasks this event changed (created, updated or confirmed). */
  taskIds: string[];
}

/** A task as a write returns it. */
export interface TaskRow {
  id: string;
  status: TaskStatus;
  severity: Severity;
  created: boolean;
}
