import {
  BatteryStatus,
  DeviceTroubleCause,
  INGEST_STALE_AFTER_MS,
  TaskUpdateType,
  ZDoorAlarmScheduleSchema,
} from '@sage/contract';
import {
  batteryStatus,
  type DeviceSubject,
  deviceSubjectOf,
  doorScheduleInForce,
  isDeviceQaTestEvent,
  isInsideAlertPeriod,
  planDeviceEvent,
  pressConfirmsCare,
  pressMayConfirmCare,
  type TaskUpdatePlan,
  troubleTitle,
} from '@sage/domain';
import { raiseTroubles } from '../supervision/trouble-tasks';
import type { Batch } from './batch';
import { completeCheckIn, doorSchedules, markProcessed, takeQaTest } from './device-writes';
import {
  type ApplyResult,
  type DeviceContext,
  DeviceEventOutcome,
  type LoadedEvent,
  type Logger,
  type StoredEvent,
} from './model';
import { confirmCare, confirmingTasks, updateOpenTask } from './task-writes';

/*
 * What one device event does, in the order of the checks: unknown hardware, another community's device, a stale
 * event, a QA walk's test press, a device not allocated here; then the alert rules of packages/domain
 * (planDeviceEvent, decision 0030); then the device's activity and its battery (decision 0105). Every decision is
 * packages/domain's; this file reads what a decision needs and writes what it says, through the batch.
 */

/** Applies one event of the batch; null when another batch or job applied it first. */
export async function applyEvent(
  batch: Batch,
  row: LoadedEvent,
  logger: Logger,
): Promise<ApplyResult | null> {
  if (row.processedAt) return null;
  const event: StoredEvent = row;

  if (!row.deviceId) {
    // A gateway's own heartbeat (decision 0105) is unknown hardware by design: not worth a warning.
    const log = event.type === 'HEARTBEAT' ? logger.info.bind(logger) : logger.warn.bind(logger);
    log('device event from unknown hardware', {
      hardwareId: event.hardwareId,
      facilityId: event.facilityId,
    });
    return markProcessed(batch, event, DeviceEventOutcome.UNALLOCATED_HARDWARE);
  }
  if (!row.isOwnDevice) {
    // A gateway's events touch only its own community's devices (decision 0100).
    logger.warn('device event refused: the hardware belongs to another community', {
      hardwareId: event.hardwareId,
      facilityId: event.facilityId,
      gatewayId: event.gatewayId,
    });
    return markProcessed(batch, event, DeviceEventOutcome.REFUSED_OTHER_COMMUNITY);
  }
  const device = row as DeviceContext;
  if (event.receivedAt.getTime() - event.eventTimestamp.getTime() > INGEST_STALE_AFTER_MS) {
    // Far older than any gateway buffer: a wrong clock or a replay. Kept for operators, no effect (decision 0102).
    logger.warn('device event stamped far in the past: recorded as suspect, not applied', {
      hardwareId: event.hardwareId,
      facilityId: event.facilityId,
      eventTimestamp: event.eventTimestamp.toISOString(),
    });
    return markProcessed(batch, event, DeviceEventOutcome.STALE_EVENT, device.deviceId);
  }

  let result: ApplyResult;
  if (
    row.qaTestId &&
    isDeviceQaTestEvent(device, event.type) &&
    (await takeQaTest(batch, row.qaTestId, event))
  ) {
    // The device the technician put on test, its first ordinary press within the window: the test, recorded with
    // its battery and raising no alert, completing no check-in and confirming no care (decision 0505). Its next
    // press, a fall, any other event and every other device apply the alert rules as without a walk.
    result = { outcome: DeviceEventOutcome.QA_SESSION_PRESS, taskIds: [] };
  } else if (!device.allocationId) {
    logger.warn('device event from a device not allocated in this facility', {
      hardwareId: event.hardwareId,
      facilityId: event.facilityId,
    });
    result = { outcome: DeviceEventOutcome.UNALLOCATED_DEVICE, taskIds: [] };
  } else {
    result = await applyAlertRules(batch, event, device);
  }

  const battery = batteryStatus(device.deviceType, event.batteryLevel);
  const low = battery === BatteryStatus.LOW;
  await batch.recordActivity({ event, device, result, batteryCharged: battery === BatteryStatus.OK }, low);
  // Supervision: a low battery of an allocated device raises its trouble task (decision 0105).
  if (low && device.allocationId) {
    await raiseTroubles(batch, [
      {
        facilityId: event.facilityId,
        enterpriseId: device.enterpriseId,
        cause: DeviceTroubleCause.LOW_BATTERY,
        title: troubleTitle(DeviceTroubleCause.LOW_BATTERY, deviceSubjectOf(device)),
        deviceId: device.deviceId,
        unitId: device.unitId,
        residentId: device.residentId,
        gatewayId: null,
      },
    ]);
  }
  return result;
}

async function applyAlertRules(
  batch: Batch,
  event: StoredEvent,
  device: DeviceContext,
): Promise<ApplyResult> {
  const subject = deviceSubjectOf(device);
  const plan = planDeviceEvent(event.type, subject);
  switch (plan.kind) {
    case 'ACTIVITY_ONLY':
      return { outcome: DeviceEventOutcome.ACTIVITY_RECORDED, taskIds: [] };

    case 'CHECK_IN':
      await completeCheckIn(batch, event, device);
      return { outcome: DeviceEventOutcome.CHECK_IN_COMPLETED, taskIds: [] };

    case 'UPDATE_OPEN_TASK': {
      const task = await updateOpenTask(batch, event, device.deviceId, plan.update);
      return task
        ? { outcome: DeviceEventOutcome.TASK_UPDATED, taskIds: [task] }
        : { outcome: DeviceEventOutcome.NO_OPEN_TASK, taskIds: [] };
    }

    case 'ALERT': {
      if (plan.confirmsCare && batch.confirming.has(event.facilityId)) {
        const confirmed = await confirmCareBy(batch, event, device, subject);
        if (confirmed.length) return { outcome: DeviceEventOutcome.CARE_CONFIRMED, taskIds: confirmed };
      }
      if (plan.onlyInDoorAlertPeriod && !(await isDoorAlerting(batch, event, device))) {
        // Outside the alert period no new alert; an alert already open for the door still hears of it.
        const task = await updateOpenTask(batch, event, device.deviceId, plan.update);
        return task
          ? { outcome: DeviceEventOutcome.TASK_UPDATED, taskIds: [task] }
          : { outcome: DeviceEventOutcome.OUTSIDE_ALERT_PERIOD, taskIds: [] };
      }
      const updates: TaskUpdatePlan[] = [{ type: TaskUpdateType.CREATED, description: plan.title }];
      // M3 events keep their own update type in the history, besides CREATED.
      if (plan.update.type.startsWith('M3_')) updates.push(plan.update);
      return batch.raise(
        event,
        {
          facilityId: event.facilityId,
          enterpriseId: device.enterpriseId,
          title: plan.title,
          severity: plan.severity,
          unitId: device.unitId,
          residentId: device.residentId,
          deviceId: device.deviceId,
          at: event.receivedAt,
          updates,
        },
        plan.update,
      );
    }
  }
}

/** Care confirmed on the facility's OPEN_CONFIRMING tasks this press confirms (packages/domain's rule). */
async function confirmCareBy(
  batch: Batch,
  event: StoredEvent,
  device: DeviceContext,
  subject: DeviceSubject,
): Promise<string[]> {
  const press = {
    role: subject.role,
    residentId: device.residentId,
    unitId: device.unitId,
    receivedAt: event.receivedAt,
  };
  if (!pressMayConfirmCare(press)) return [];
  const tasks = (await confirmingTasks(batch, event.facilityId)).filter((t) => pressConfirmsCare(press, t));
  const description =
    subject.role === 'RESIDENT' ? 'Care confirmed by pendant press' : 'Care confirmed by wall button press';
  return confirmCare(batch, event, device.deviceId, tasks, description);
}

/**
 * Whether a door opening at the event's time is inside the alert period of the schedule in force (packages/domain:
 * the door's own, else the allocation's, else the facility default; none: always, decision 0008). An unreadable
 * schedule alerts (the safe side).
 */
async function isDoorAlerting(batch: Batch, event: StoredEvent, device: DeviceContext): Promise<boolean> {
  const schedule = doorScheduleInForce(await doorSchedules(batch, event, device), device);
  if (!schedule) return true;
  const parsed = ZDoorAlarmScheduleSchema.safeParse({
    alwaysAlert: schedule.alwaysAlert,
    neverAlert: schedule.neverAlert,
    dailySchedules: schedule.dailySchedules ?? { dayOfWeekTimeRangeMap: { All: [] } },
  });
  if (!parsed.success) return true;
  try {
    return isInsideAlertPeriod(parsed.data, event.eventTimestamp, device.timezone);
  } catch {
    return true;
  }
}
