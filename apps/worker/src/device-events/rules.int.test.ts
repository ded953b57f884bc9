import { randomUUID } from 'node:crypto';
import type { IngestEventType } from '@sage/contract';
import { JobName, scheduleCareConfirmationTimeout } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  postEvent,
  pressOf,
  processedEvent,
  sendEvent,
  startTestWorker,
  type TestWorker,
} from '../test/worker';
import { applyStoredEvent } from './apply';
import { DeviceEventOutcome } from './model';

describe('[WORKER][ALERTS]: device events raise, update and confirm alerts', () => {
  let t: TestWorker;
  let f: TestFacility;

  beforeAll(async () => {
    t = await startTestWorker();
    f = await createTestFacility(t.prisma);
  });
  afterAll(() => t.close());

  const post = (body: object, facility: TestFacility = f) =>
    postEvent(t.worker.ingest, body, facility.gateway.key);
  const eventOf = (hardwareId: string, type: IngestEventType = 'BUTTON_PRESS', timestamp = new Date()) =>
    pressOf(hardwareId, { type, timestamp: timestamp.toISOString() });
  /**
   * The latest past instant at hh:00 UTC (within the last 24 h): a time of day the test controls, recent enough
   * not to be a stale event (decision 0102).
   */
  const recentUtc = (hour: number) => {
    const at = new Date();
    at.setUTCHours(hour, 0, 0, 0);
    if (at.getTime() > Date.now()) at.setUTCDate(at.getUTCDate() - 1);
    return at;
  };
  const processed = (eventId: string) => processedEvent(t.prisma, eventId);
  /** Posts an event (202 expected) and waits until the worker has processed it. */
  const send = (event: { eventId: string } & Record<string, unknown>, facility: TestFacility = f) =>
    sendEvent(t, facility, event);
  const openTaskOf = (deviceId: string) => t.prisma.task.findUnique({ where: { openDeviceKey: deviceId } });
  const updatesOf = (taskId: string) =>
    t.prisma.taskUpdate.findMany({ where: { taskId }, orderBy: { createdAt: 'asc' } });
  const changesOf = (taskId: string) =>
    t.prisma.taskChange.findMany({ where: { taskId }, orderBy: { version: 'asc' } });
  const closeTask = (taskId: string) =>
    t.prisma.task.update({ where: { id: taskId }, data: { status: 'CLOSED_RESOLVED', openDeviceKey: null } });
  /** What the API does when a caregiver starts care confirmation (claimed → confirming, timeout queued). */
  const startConfirming = (taskId: string, confirmingSince: Date) =>
    t.prisma.$transaction(async (tx) => {
      await tx.task.update({
        where: { id: taskId },
        data: { status: 'OPEN_CONFIRMING', assigneeId: f.staff.caregiver.id, confirmingSince },
      });
      await scheduleCareConfirmationTimeout(tx, { taskId, confirmingSince: confirmingSince.toISOString() });
    });
  const jobOf = async (key: string) => {
    const rows = await t.prisma.$queryRawUnsafe<{ run_at: Date; task_identifier: string }[]>(
      'SELECT run_at, task_identifier FROM graphile_worker.jobs WHERE key = $1',
      key,
    );
    return rows[0] ?? null;
  };

  it('a pendant press opens a high-priority task for the resident, with one live change', async () => {
    const { pendant } = f.residents.AL;
    const stored = await send(eventOf(pendant.hardwareId));
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_CREATED);

    const task = await openTaskOf(pendant.deviceId);
    expect(task).toMatchObject({
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      status: 'OPEN_UNCLAIMED',
      severity: 'HIGH_PRIORITY',
      severityRank: 3,
      title: `${f.residents.AL.firstName} ${f.residents.AL.lastName} needs assistance`,
      residentId: f.residents.AL.id,
      unitId: f.units.AL.id,
      deviceId: pendant.deviceId,
    });
    expect((await updatesOf(task!.id)).map((u) => u.type)).toEqual(['CREATED']);
    const changes = await changesOf(task!.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      facilityId: f.facilityId,
      status: 'OPEN_UNCLAIMED',
      severity: 'HIGH_PRIORITY',
    });
    const activity = await t.prisma.deviceActivity.findFirstOrThrow({ where: { deviceEventId: stored.id } });
    expect(activity.taskId).toBe(task!.id);
  });

  it('a second press on a device with an open task adds a DEVICE_INTERACTION update to it', async () => {
    const { pendant } = f.residents.AL;
    const before = await openTaskOf(pendant.deviceId);
    const stored = await send(eventOf(pendant.hardwareId));
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_UPDATED);
    expect(await t.prisma.task.count({ where: { deviceId: pendant.deviceId } })).toBe(1);
    expect((await updatesOf(before!.id)).map((u) => u.type)).toEqual(['CREATED', 'DEVICE_INTERACTION']);
    expect(await changesOf(before!.id)).toHaveLength(2);
    await closeTask(before!.id);
  });

  it('the same eventId sent many times at once has exactly one effect', async () => {
    const { wallButton } = f.units.LTC;
    const event = eventOf(wallButton.hardwareId);
    const replies = await Promise.all(Array.from({ length: 6 }, () => post(event)));
    expect(replies.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202, 202]);
    const stored = await processed(event.eventId);
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    // A (wrongly) queued second job would have run by now.
    await new Promise((r) => setTimeout(r, 300));
    const task = await openTaskOf(wallButton.deviceId);
    expect(task?.title).toBe(`${f.units.LTC.displayName} wall button`);
    expect(await updatesOf(task!.id)).toHaveLength(1);
    expect(await changesOf(task!.id)).toHaveLength(1);
    expect(await t.prisma.deviceActivity.count({ where: { deviceEventId: stored.id } })).toBe(1);
    await closeTask(task!.id);
  });

  it('an event processed again (a second job for it) has no second effect', async () => {
    const { wallButton } = f.units.STR;
    const stored = await send(eventOf(wallButton.hardwareId));
    const task = await openTaskOf(wallButton.deviceId);
    await t.prisma.$executeRawUnsafe(
      `SELECT graphile_worker.add_job($1, json_build_object('deviceEventId', $2::text))`,
      JobName.processDeviceEvent,
      stored.id,
    );
    await eventually(
      async () =>
        (
          await t.prisma.$queryRawUnsafe<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1`,
            JobName.processDeviceEvent,
          )
        )[0]?.n === 0,
    );
    expect(await updatesOf(task!.id)).toHaveLength(1);
    expect(await t.prisma.deviceActivity.count({ where: { deviceEventId: stored.id } })).toBe(1);
    await closeTask(task!.id);
  });

  it('presses of one device processed concurrently open exactly one task', async () => {
    const { pendant } = f.residents.LTC;
    const events = Array.from({ length: 8 }, () => eventOf(pendant.hardwareId));
    const replies = await Promise.all(events.map((e) => post(e)));
    expect(replies.every((r) => r.statusCode === 202)).toBe(true);
    await Promise.all(events.map((e) => processed(e.eventId)));
    const tasks = await t.prisma.task.findMany({ where: { deviceId: pendant.deviceId } });
    expect(tasks).toHaveLength(1);
    const types = (await updatesOf(tasks[0]!.id)).map((u) => u.type).sort();
    expect(types).toEqual(['CREATED', ...Array(7).fill('DEVICE_INTERACTION')]);
    await closeTask(tasks[0]!.id);
  });

  it("a device's events apply in the order they happened, even when a later one's job runs first", async () => {
    const d = await createTestFacility(t.prisma);
    const alarm = d.door.alarm;
    const night = recentUtc(2); // 20:00 or 21:00 in Chicago: inside the door's alert period
    // Stored as the ingest stores them, but their jobs not yet run: the close's job is the first to run.
    const store = (type: IngestEventType, at: Date) =>
      t.prisma.deviceEvent.create({
        data: {
          eventId: randomUUID(),
          facilityId: d.facilityId,
          gatewayId: d.gateway.id,
          hardwareId: alarm.hardwareId,
          type,
          eventTimestamp: at,
        },
      });
    const opened = await store('DOOR_OPEN', night);
    const closed = await store('DOOR_CLOSED', new Date(night.getTime() + 1000));
    const logger = { info: () => {}, warn: () => {} };

    expect((await applyStoredEvent(t.worker.pool, closed.id, logger))?.outcome).toBe(
      DeviceEventOutcome.TASK_UPDATED,
    );
    const stored = await t.prisma.deviceEvent.findMany({
      where: { id: { in: [opened.id, closed.id] } },
      orderBy: { eventTimestamp: 'asc' },
    });
    expect(stored.map((e) => e.outcome)).toEqual([
      DeviceEventOutcome.TASK_CREATED,
      DeviceEventOutcome.TASK_UPDATED,
    ]);
    const task = await openTaskOf(alarm.deviceId);
    expect((await updatesOf(task!.id)).map((u) => u.type)).toEqual([
      'CREATED',
      'DEVICE_INTERACTION_DOOR_CLOSED',
    ]);
    // The open's own job, when it runs, finds its event processed and changes nothing.
    expect(await applyStoredEvent(t.worker.pool, opened.id, logger)).toBeNull();
    expect(await updatesOf(task!.id)).toHaveLength(2);
  });

  it('the resident pendant pressed while the task is OPEN_CONFIRMING confirms care', async () => {
    const { pendant } = f.residents.MC;
    await send(eventOf(pendant.hardwareId));
    const task = await openTaskOf(pendant.deviceId);
    await startConfirming(task!.id, new Date());
    const key = `care-confirmation:${task!.id}`;
    expect(await jobOf(key)).not.toBeNull();

    const stored = await send(eventOf(pendant.hardwareId));
    expect(stored.outcome).toBe(DeviceEventOutcome.CARE_CONFIRMED);
    const after = await t.prisma.task.findUniqueOrThrow({ where: { id: task!.id } });
    expect(after.status).toBe('OPEN_CONFIRMED');
    expect(after.confirmingSince).toBeNull();
    expect(after.assigneeId).toBe(f.staff.caregiver.id);
    expect((await updatesOf(task!.id)).map((u) => u.type)).toEqual(['CREATED', 'CARE_CONFIRMED']);
    const changes = await changesOf(task!.id);
    expect(changes.at(-1)).toMatchObject({ status: 'OPEN_CONFIRMED' });
    // The press confirmed care: no second task, and the server-side timeout is gone.
    expect(await t.prisma.task.count({ where: { deviceId: pendant.deviceId } })).toBe(1);
    expect(await jobOf(key)).toBeNull();
    await closeTask(task!.id);
  });

  it("any wall button of the unit confirms care for the unit's resident", async () => {
    const resident = f.residents.AL;
    await send(eventOf(resident.pendant.hardwareId));
    const task = await openTaskOf(resident.pendant.deviceId);
    await startConfirming(task!.id, new Date());

    const stored = await send(eventOf(f.units.AL.wallButton.hardwareId));
    expect(stored.outcome).toBe(DeviceEventOutcome.CARE_CONFIRMED);
    expect((await t.prisma.task.findUniqueOrThrow({ where: { id: task!.id } })).status).toBe(
      'OPEN_CONFIRMED',
    );
    // The wall button raised no task of its own.
    expect(await openTaskOf(f.units.AL.wallButton.deviceId)).toBeNull();
    await closeTask(task!.id);
  });

  it("another unit's wall button does not confirm care, it raises its own alert", async () => {
    const resident = f.residents.STR;
    await send(eventOf(resident.pendant.hardwareId));
    const task = await openTaskOf(resident.pendant.deviceId);
    await startConfirming(task!.id, new Date());

    const stored = await send(eventOf(f.units.IL.wallButton.hardwareId));
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    expect((await t.prisma.task.findUniqueOrThrow({ where: { id: task!.id } })).status).toBe(
      'OPEN_CONFIRMING',
    );
    await closeTask(task!.id);
    await closeTask((await openTaskOf(f.units.IL.wallButton.deviceId))!.id);
  });

  it('a press while the task is only claimed is a DEVICE_INTERACTION, not a confirmation', async () => {
    const { pendant } = f.residents.IL;
    await send(eventOf(pendant.hardwareId));
    const task = await openTaskOf(pendant.deviceId);
    await t.prisma.task.update({
      where: { id: task!.id },
      data: { status: 'OPEN_CLAIMED', assigneeId: f.staff.caregiver.id },
    });
    const stored = await send(eventOf(pendant.hardwareId));
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_UPDATED);
    expect((await t.prisma.task.findUniqueOrThrow({ where: { id: task!.id } })).status).toBe('OPEN_CLAIMED');
    await closeTask(task!.id);
  });

  it("a door opening raises an alert only inside the door's alert period; closing adds an update", async () => {
    const d = await createTestFacility(t.prisma);
    const alarm = d.door.alarm;
    // The door's own schedule is 19:00-07:00 in Chicago (UTC-5 or UTC-6).
    const night = recentUtc(2); // 20:00 or 21:00
    const noon = recentUtc(17); // 11:00 or 12:00
    const stored = await send(eventOf(alarm.hardwareId, 'DOOR_OPEN', night), d);
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    const task = await openTaskOf(alarm.deviceId);
    expect(task).toMatchObject({
      facilityId: d.facilityId,
      severity: 'HIGH_PRIORITY',
      title: `${d.door.name} door opened`,
      residentId: null,
      unitId: null,
    });
    await send(eventOf(alarm.hardwareId, 'DOOR_CLOSED', night), d);
    await send(eventOf(alarm.hardwareId, 'DOOR_OPEN', night), d);
    expect((await updatesOf(task!.id)).map((u) => u.type)).toEqual([
      'CREATED',
      'DEVICE_INTERACTION_DOOR_CLOSED',
      'DEVICE_INTERACTION_DOOR_OPEN',
    ]);
    await closeTask(task!.id);

    // Outside the period: no alert; a close with no open alert changes nothing.
    expect((await send(eventOf(alarm.hardwareId, 'DOOR_OPEN', noon), d)).outcome).toBe(
      DeviceEventOutcome.OUTSIDE_ALERT_PERIOD,
    );
    expect((await send(eventOf(alarm.hardwareId, 'DOOR_CLOSED', noon), d)).outcome).toBe(
      DeviceEventOutcome.NO_OPEN_TASK,
    );
    expect(await openTaskOf(alarm.deviceId)).toBeNull();

    // Without a schedule of its own the door follows the facility default (Always Alert here)...
    await t.prisma.door.update({ where: { id: d.door.id }, data: { doorAlarmScheduleId: null } });
    await t.prisma.deviceAllocation.update({
      where: { id: alarm.allocationId },
      data: { doorAlarmScheduleId: null },
    });
    expect((await send(eventOf(alarm.hardwareId, 'DOOR_OPEN', noon), d)).outcome).toBe(
      DeviceEventOutcome.TASK_CREATED,
    );
    await closeTask((await openTaskOf(alarm.deviceId))!.id);
    // ...Never Alert when the default says so...
    await t.prisma.doorAlarmSchedule.update({
      where: { id: d.defaultDoorScheduleId },
      data: { alwaysAlert: false, neverAlert: true },
    });
    expect((await send(eventOf(alarm.hardwareId, 'DOOR_OPEN', night), d)).outcome).toBe(
      DeviceEventOutcome.OUTSIDE_ALERT_PERIOD,
    );
    // ...and always, the safe side, when the facility has no default either.
    await t.prisma.doorAlarmSchedule.delete({ where: { id: d.defaultDoorScheduleId } });
    expect((await send(eventOf(alarm.hardwareId, 'DOOR_OPEN', noon), d)).outcome).toBe(
      DeviceEventOutcome.TASK_CREATED,
    );
  });

  it('a fall is an emergency; a second detection updates the open fall alert', async () => {
    const sensor = f.fallSensor;
    const stored = await send(eventOf(sensor.hardwareId, 'FALL_DETECTED'));
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    const task = await openTaskOf(sensor.deviceId);
    expect(task).toMatchObject({
      severity: 'EMERGENCY',
      severityRank: 1,
      unitId: f.units.MC.id,
      title: `Fall detected in ${f.units.MC.displayName} (Bedroom)`,
    });
    await send(eventOf(sensor.hardwareId, 'FALL_DETECTED'));
    expect((await updatesOf(task!.id)).map((u) => u.type)).toEqual([
      'CREATED',
      'DEVICE_INTERACTION_FALL_DETECTED',
    ]);
    await closeTask(task!.id);
  });

  it('M3 bath and alert events map to their update types; a cancel only updates the open task', async () => {
    const device = await t.prisma.device.create({
      data: {
        hardwareId: `M3-${randomUUID()}`,
        type: 'MELTEN_M3_DEVICE',
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
      },
    });
    await t.prisma.deviceAllocation.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        deviceId: device.id,
        unitId: f.units.LTC.id,
        activeDeviceKey: device.id,
      },
    });
    // A cancel with nothing open raises nothing.
    expect((await send(eventOf(device.hardwareId, 'M3_BATH_CANCELED'))).outcome).toBe(
      DeviceEventOutcome.NO_OPEN_TASK,
    );

    expect((await send(eventOf(device.hardwareId, 'M3_BATH_TRIGGERED'))).outcome).toBe(
      DeviceEventOutcome.TASK_CREATED,
    );
    const task = await openTaskOf(device.id);
    expect(task).toMatchObject({
      severity: 'HIGH_PRIORITY',
      title: `Bath alert: ${f.units.LTC.displayName}`,
    });
    await send(eventOf(device.hardwareId, 'M3_BATH_CANCELED'));
    await send(eventOf(device.hardwareId, 'M3_ALERT_TRIGGERED'));
    await send(eventOf(device.hardwareId, 'M3_ALERT_CANCELED'));
    expect((await updatesOf(task!.id)).map((u) => u.type)).toEqual([
      'CREATED',
      'M3_BATH_TRIGGERED',
      'M3_BATH_CANCELED',
      'M3_ALERT_TRIGGERED',
      'M3_ALERT_CANCELED',
    ]);
    expect(await t.prisma.task.count({ where: { deviceId: device.id } })).toBe(1);
    await closeTask(task!.id);
  });

  it("a press of the unit's check-in button completes today's check-in instead of raising an alert", async () => {
    const button = f.checkInButton;
    const dayOf = (at: Date) => new Date(at.toISOString().slice(0, 10));
    // 15:00 UTC is 09:00 or 10:00 in Chicago, on the same date: that day's check-in, created as it does not exist yet.
    const morning = recentUtc(15);
    const stored = await send(eventOf(button.hardwareId, 'BUTTON_PRESS', morning));
    expect(stored.outcome).toBe(DeviceEventOutcome.CHECK_IN_COMPLETED);
    const checkIn = await t.prisma.checkIn.findFirstOrThrow({
      where: { facilityId: f.facilityId, unitId: f.units.IL.id, date: dayOf(morning) },
    });
    expect(checkIn).toMatchObject({
      status: 'COMPLETE',
      checkInReason: 'BUTTON_PRESSED',
      enterpriseId: f.enterpriseId,
    });
    expect(checkIn.checkInTimestamp?.toISOString()).toBe(morning.toISOString());
    expect(await t.prisma.task.count({ where: { deviceId: button.deviceId } })).toBe(0);

    // A pending check-in of the day is completed; before 4:00 am a press belongs to the previous day.
    // 08:00 UTC is 02:00 or 03:00 in Chicago: the check-in of the date before.
    const early = recentUtc(8);
    const dayBefore = dayOf(early);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    await t.prisma.checkIn.deleteMany({
      where: { facilityId: f.facilityId, unitId: f.units.IL.id, date: dayBefore },
    });
    await t.prisma.checkIn.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        unitId: f.units.IL.id,
        date: dayBefore,
        status: 'PENDING',
      },
    });
    await send(eventOf(button.hardwareId, 'BUTTON_PRESS', early));
    const pending = await t.prisma.checkIn.findFirstOrThrow({
      where: { facilityId: f.facilityId, unitId: f.units.IL.id, date: dayBefore },
    });
    expect(pending).toMatchObject({ status: 'COMPLETE', checkInReason: 'BUTTON_PRESSED' });
    expect(pending.checkInTimestamp?.toISOString()).toBe(early.toISOString());
    // Nothing of the press's own date was completed by it.
    expect(
      await t.prisma.checkIn.count({
        where: {
          facilityId: f.facilityId,
          unitId: f.units.IL.id,
          date: dayOf(early),
          checkInTimestamp: early,
        },
      }),
    ).toBe(0);
  });

  it('a heartbeat records the battery only; an unallocated pendant records activity but raises nothing', async () => {
    const { wallButton } = f.units.MC;
    // Written by the ingest's heartbeat path before its 202 (decision 0660): no event stored.
    expect(
      (await post({ ...eventOf(wallButton.hardwareId, 'HEARTBEAT'), batteryLevel: 41 })).statusCode,
    ).toBe(202);
    const device = await t.prisma.device.findUniqueOrThrow({ where: { id: wallButton.deviceId } });
    expect(device.batteryLevel).toBe(41);
    expect(device.lastPressTimestamp).toBeNull();
    expect(await openTaskOf(wallButton.deviceId)).toBeNull();

    const spare = await send(eventOf(f.sparePendant.hardwareId));
    expect(spare.outcome).toBe(DeviceEventOutcome.UNALLOCATED_DEVICE);
    expect(await t.prisma.task.count({ where: { deviceId: f.sparePendant.deviceId } })).toBe(0);
  });

  it("a gateway of another facility cannot raise alerts on this facility's devices", async () => {
    const other = await createTestFacility(t.prisma);
    const stored = await send(eventOf(f.residents.STR.pendant.hardwareId), other);
    expect(stored.outcome).toBe(DeviceEventOutcome.REFUSED_OTHER_COMMUNITY);
    expect(await t.prisma.task.count({ where: { facilityId: other.facilityId } })).toBe(0);
    expect(await openTaskOf(f.residents.STR.pendant.deviceId)).toBeNull();
  });
});

describe('[WORKER][ALERTS][CARE_CONFIRMATION]: the 30 s limit is enforced by the server', () => {
  let t: TestWorker;
  let f: TestFacility;

  beforeAll(async () => {
    t = await startTestWorker();
    f = await createTestFacility(t.prisma);
  });
  afterAll(() => t.close());

  const createClaimedTask = async (deviceId: string) =>
    t.prisma.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: 'Needs assistance',
        severity: 'HIGH_PRIORITY',
        severityRank: 3,
        status: 'OPEN_CLAIMED',
        assigneeId: f.staff.caregiver.id,
        deviceId,
        openDeviceKey: deviceId,
      },
    });
  const confirming = (taskId: string, since: Date) =>
    t.prisma.$transaction(async (tx) => {
      await tx.task.update({
        where: { id: taskId },
        data: { status: 'OPEN_CONFIRMING', confirmingSince: since },
      });
      await scheduleCareConfirmationTimeout(tx, { taskId, confirmingSince: since.toISOString() });
    });
  const jobRunAt = async (taskId: string) => {
    const rows = await t.prisma.$queryRawUnsafe<{ run_at: Date }[]>(
      'SELECT run_at FROM graphile_worker.jobs WHERE key = $1',
      `care-confirmation:${taskId}`,
    );
    return rows[0]?.run_at ?? null;
  };

  it('a task left confirming for 30 s goes back to OPEN_CLAIMED with CARE_CONFIRMATION_FAILED, with no client', async () => {
    const task = await createClaimedTask(f.residents.AL.pendant.deviceId);
    // Confirmation began 29 s ago: the job is due in about a second.
    await confirming(task.id, new Date(Date.now() - 29_000));
    const failed = await eventually(async () => {
      const current = await t.prisma.task.findUniqueOrThrow({ where: { id: task.id } });
      return current.status === 'OPEN_CLAIMED' ? current : null;
    });
    expect(failed.confirmingSince).toBeNull();
    expect(failed.assigneeId).toBe(f.staff.caregiver.id);
    const updates = await t.prisma.taskUpdate.findMany({ where: { taskId: task.id } });
    expect(updates.map((u) => u.type)).toEqual(['CARE_CONFIRMATION_FAILED']);
    const changes = await t.prisma.taskChange.findMany({ where: { taskId: task.id } });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ status: 'OPEN_CLAIMED', facilityId: f.facilityId });
  });

  it('does nothing once care was confirmed or confirmation started again later', async () => {
    const confirmed = await createClaimedTask(f.residents.MC.pendant.deviceId);
    const restarted = await createClaimedTask(f.residents.IL.pendant.deviceId);
    const since = new Date(Date.now() - 29_000);
    await confirming(confirmed.id, since);
    await confirming(restarted.id, since);
    await t.prisma.task.update({
      where: { id: confirmed.id },
      data: { status: 'OPEN_CONFIRMED', confirmingSince: null },
    });
    // Confirmation of the second restarted 10 s later: the first timeout must not end it.
    const later = new Date(since.getTime() + 10_000);
    await t.prisma.task.update({ where: { id: restarted.id }, data: { confirmingSince: later } });
    await t.prisma.$executeRawUnsafe(
      `SELECT graphile_worker.add_job($1, json_build_object('taskId', $2::text, 'confirmingSince', $3::text))`,
      JobName.careConfirmationTimeout,
      restarted.id,
      since.toISOString(),
    );
    await eventually(
      async () => (await jobRunAt(confirmed.id)) === null && (await jobRunAt(restarted.id)) === null,
    );
    await eventually(async () => {
      const rows = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1`,
        JobName.careConfirmationTimeout,
      );
      return rows[0]?.n === 0;
    });
    expect((await t.prisma.task.findUniqueOrThrow({ where: { id: confirmed.id } })).status).toBe(
      'OPEN_CONFIRMED',
    );
    expect((await t.prisma.task.findUniqueOrThrow({ where: { id: restarted.id } })).status).toBe(
      'OPEN_CONFIRMING',
    );
    expect(await t.prisma.taskUpdate.count({ where: { taskId: { in: [confirmed.id, restarted.id] } } })).toBe(
      0,
    );
  });

  it('a timeout job that runs early checks again when the 30 s are up', async () => {
    const task = await createClaimedTask(f.residents.LTC.pendant.deviceId);
    const since = new Date();
    await t.prisma.task.update({
      where: { id: task.id },
      data: { status: 'OPEN_CONFIRMING', confirmingSince: since },
    });
    // Queued to run now instead of in 30 s.
    await t.prisma.$executeRawUnsafe(
      `SELECT graphile_worker.add_job($1, json_build_object('taskId', $2::text, 'confirmingSince', $3::text),
                                      job_key := $4)`,
      JobName.careConfirmationTimeout,
      task.id,
      since.toISOString(),
      `care-confirmation:${task.id}`,
    );
    const runAt = await eventually(async () => {
      const at = await jobRunAt(task.id);
      return at && at.getTime() > Date.now() + 5_000 ? at : null;
    });
    expect(Math.abs(runAt.getTime() - (since.getTime() + 30_000))).toBeLessThan(1_000);
    expect((await t.prisma.task.findUniqueOrThrow({ where: { id: task.id } })).status).toBe(
      'OPEN_CONFIRMING',
    );
  });
});
