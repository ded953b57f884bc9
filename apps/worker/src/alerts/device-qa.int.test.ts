import { randomUUID } from 'node:crypto';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH, QA_SESSION_PRESS_OUTCOME } from '@sage/contract';
import { openDeviceQaSession } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceEventOutcome } from '../jobs/process-device-event';
import { eventually, startTestWorker, type TestWorker } from '../test/worker';

/**
 * Presses during a facility's device QA walk (docs/decisions/0271), posted to the ingest endpoint as a
 * gateway sends them: recorded (battery, last press, the event's outcome) and raising no alert, no check-in
 * and no care confirmation; another facility's presses, and the facility's once the walk ended, alert as usual.
 */
describe('[WORKER][DEVICE-QA]: presses during a QA walk are the walk’s and raise no alert', () => {
  let t: TestWorker;
  let f: TestFacility;
  let other: TestFacility;

  beforeAll(async () => {
    t = await startTestWorker();
    [f, other] = await Promise.all([createTestFacility(t.prisma), createTestFacility(t.prisma)]);
  });
  afterAll(() => t.close());

  const send = async (
    facility: TestFacility,
    hardwareId: string,
    extra: { type?: string; batteryLevel?: number } = {},
  ) => {
    const eventId = randomUUID();
    const res = await t.worker.ingest.inject({
      method: 'POST',
      url: INGEST_EVENTS_PATH,
      headers: { [GATEWAY_KEY_HEADER]: facility.gateway.key },
      payload: { eventId, hardwareId, type: 'BUTTON_PRESS', timestamp: new Date().toISOString(), ...extra },
    });
    expect(res.statusCode).toBe(202);
    return eventually(() =>
      t.prisma.deviceEvent.findFirst({ where: { eventId, processedAt: { not: null } } }),
    );
  };
  const tasksOf = (facility: TestFacility) =>
    t.prisma.task.count({ where: { facilityId: facility.facilityId } });

  it('a pendant, a wall button, a check-in button and a door pressed: QA presses with their battery, no task, no check-in', async () => {
    const walk = await openDeviceQaSession(t.prisma, {
      facilityId: f.facilityId,
      startedById: f.staff.maintenance.id,
      startedAt: new Date(Date.now() - 1000),
      durationMs: 60 * 60_000,
    });
    const before = await tasksOf(f);
    const stored = [
      await send(f, f.residents.AL.pendant.hardwareId, { batteryLevel: 77 }),
      await send(f, f.units.MC.wallButton.hardwareId, { batteryLevel: 93 }),
      await send(f, f.checkInButton.hardwareId),
      await send(f, f.door.alarm.hardwareId, { type: 'DOOR_OPEN', batteryLevel: 88 }),
    ];
    expect(stored.map((e) => e.outcome)).toEqual([
      QA_SESSION_PRESS_OUTCOME,
      QA_SESSION_PRESS_OUTCOME,
      QA_SESSION_PRESS_OUTCOME,
      QA_SESSION_PRESS_OUTCOME,
    ]);
    expect(DeviceEventOutcome.QA_SESSION_PRESS).toBe(QA_SESSION_PRESS_OUTCOME);
    expect(await tasksOf(f)).toBe(before);
    expect(await t.prisma.taskChange.count({ where: { facilityId: f.facilityId } })).toBe(0);
    // The check-in button completed no check-in.
    expect(await t.prisma.checkIn.count({ where: { unitId: f.units.IL.id, status: 'COMPLETE' } })).toBe(0);
    // The device itself was heard: battery and last press, and its activity row.
    const pendant = await t.prisma.device.findUniqueOrThrow({
      where: { id: f.residents.AL.pendant.deviceId },
    });
    expect(pendant.batteryLevel).toBe(77);
    expect(pendant.lastPressTimestamp).not.toBeNull();
    expect(await t.prisma.deviceActivity.count({ where: { deviceEventId: stored[0]!.id } })).toBe(1);
    // The walk is still the facility's one walk in progress.
    expect(await t.prisma.deviceQaSession.findUniqueOrThrow({ where: { id: walk.id } })).toMatchObject({
      status: 'IN_PROGRESS',
      activeFacilityKey: f.facilityId,
    });

    // Another community's press at the same time still alerts.
    const elsewhere = await send(other, other.residents.AL.pendant.hardwareId);
    expect(elsewhere.outcome).toBe(DeviceEventOutcome.TASK_CREATED);

    // Once the walk has ended, the same pendant alerts again.
    await t.prisma.deviceQaSession.update({
      where: { id: walk.id },
      data: { status: 'COMPLETED', activeFacilityKey: null, endedAt: new Date() },
    });
    const after = await send(f, f.residents.AL.pendant.hardwareId);
    expect(after.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    expect(await tasksOf(f)).toBe(before + 1);
  });

  it('a walk past its end time counts no press: the press alerts', async () => {
    const facility = await createTestFacility(t.prisma);
    await openDeviceQaSession(t.prisma, {
      facilityId: facility.facilityId,
      startedById: null,
      startedAt: new Date(Date.now() - 10 * 60_000),
      durationMs: 5 * 60_000,
    });
    const stored = await send(facility, facility.units.AL.wallButton.hardwareId);
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
  });

  it('a heartbeat during a walk stays a heartbeat (not a press of the walk)', async () => {
    const facility = await createTestFacility(t.prisma);
    await openDeviceQaSession(t.prisma, {
      facilityId: facility.facilityId,
      startedById: null,
      startedAt: new Date(Date.now() - 1000),
      durationMs: 60 * 60_000,
    });
    const stored = await send(facility, facility.units.AL.wallButton.hardwareId, { type: 'HEARTBEAT' });
    expect(stored.outcome).toBe(DeviceEventOutcome.ACTIVITY_RECORDED);
  });
});
