import { DEVICE_QA_TEST_WINDOW_MS, QA_SESSION_PRESS_OUTCOME } from '@sage/contract';
import { armDeviceQaTest, openDeviceQaSession, scheduleDeviceQaExpiry } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { DEVICE_QA_CHANNEL } from '@sage/live-bus';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceEventOutcome } from '../device-events/model';
import { IngestGroupCommit } from '../ingest/group-commit';
import { eventually, pressOf, sendEvent, startTestWorker, type TestWorker } from '../test/worker';

/**
 * A device QA walk silences nothing by itself (docs/decisions/0505, issue #29): only the device the technician put
 * on test is quiet, for its first ordinary press within its window; a fall, a device not on test, the tested
 * device pressed again, a press after the window, and everything once the walk ended alert as without a walk.
 * Every press goes through the real ingest (the HTTP endpoint a gateway posts to, or its group commit).
 */
describe('[WORKER][DEVICE-QA]: during a QA walk, only the device on test is quiet, for its first press', () => {
  let t: TestWorker;
  let pool: pg.Pool;

  beforeAll(async () => {
    t = await startTestWorker();
    pool = new pg.Pool({ connectionString: t.db.url, max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
  });

  const send = (
    facility: TestFacility,
    hardwareId: string,
    extra: { type?: string; batteryLevel?: number } = {},
  ) => sendEvent(t, facility, pressOf(hardwareId, extra));
  const tasksOfDevice = (deviceId: string) => t.prisma.task.findMany({ where: { deviceId } });
  const startWalk = (facility: TestFacility, over: { startedAt?: Date; durationMs?: number } = {}) =>
    openDeviceQaSession(t.prisma, {
      facilityId: facility.facilityId,
      startedById: facility.staff.maintenance.id,
      startedAt: over.startedAt ?? new Date(Date.now() - 1000),
      durationMs: over.durationMs ?? 60 * 60_000,
    });
  const putOnTest = (
    facility: TestFacility,
    walkId: string,
    deviceId: string,
    armedAt = new Date(Date.now() - 500),
  ) =>
    armDeviceQaTest(t.prisma, {
      deviceQaSessionId: walkId,
      facilityId: facility.facilityId,
      deviceId,
      armedById: facility.staff.maintenance.id,
      armedAt,
    });

  it('a fall sensor’s FALL_DETECTED during a walk raises its emergency alert', async () => {
    const f = await createTestFacility(t.prisma);
    const walk = await startWalk(f);
    const stored = await send(f, f.fallSensor.hardwareId, { type: 'FALL_DETECTED' });
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    const [task] = await tasksOfDevice(f.fallSensor.deviceId);
    expect(task).toMatchObject({ severity: 'EMERGENCY', status: 'OPEN_UNCLAIMED' });

    // Even while the fall sensor itself is on test: a fall is never the test.
    const other = await createTestFacility(t.prisma);
    const otherWalk = await startWalk(other);
    const test = await putOnTest(other, otherWalk.id, other.fallSensor.deviceId);
    const fall = await send(other, other.fallSensor.hardwareId, { type: 'FALL_DETECTED' });
    expect(fall.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    // The fall did not use up the test.
    expect(await t.prisma.deviceQaTest.findUniqueOrThrow({ where: { id: test.id } })).toMatchObject({
      testedAt: null,
      armedDeviceKey: other.fallSensor.deviceId,
    });
    expect(walk.id).not.toBe(otherWalk.id);
  });

  it('a pendant not put on test raises its alert during the walk, while another device is on test', async () => {
    const f = await createTestFacility(t.prisma);
    const walk = await startWalk(f);
    await putOnTest(f, walk.id, f.units.MC.wallButton.deviceId);
    const stored = await send(f, f.residents.AL.pendant.hardwareId);
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    const [task] = await tasksOfDevice(f.residents.AL.pendant.deviceId);
    expect(task).toMatchObject({ severity: 'HIGH_PRIORITY', status: 'OPEN_UNCLAIMED' });
  });

  it('a pendant put on test: its first press is the quiet test (recorded), its second press alerts', async () => {
    const f = await createTestFacility(t.prisma);
    const walk = await startWalk(f);
    const pendant = f.residents.AL.pendant;
    const test = await putOnTest(f, walk.id, pendant.deviceId);

    const first = await send(f, pendant.hardwareId, { batteryLevel: 77 });
    expect(first.outcome).toBe(QA_SESSION_PRESS_OUTCOME);
    expect(await tasksOfDevice(pendant.deviceId)).toEqual([]);
    expect(await t.prisma.taskChange.count({ where: { facilityId: f.facilityId } })).toBe(0);
    // Marked tested, by this press; the device was heard (battery, last press, its activity row).
    expect(await t.prisma.deviceQaTest.findUniqueOrThrow({ where: { id: test.id } })).toMatchObject({
      armedDeviceKey: null,
      testedEventId: first.id,
      testedAt: first.receivedAt,
    });
    const device = await t.prisma.device.findUniqueOrThrow({ where: { id: pendant.deviceId } });
    expect(device.batteryLevel).toBe(77);
    expect(device.lastPressTimestamp).not.toBeNull();
    expect(await t.prisma.deviceActivity.count({ where: { deviceEventId: first.id } })).toBe(1);

    // Pressed again within the two minutes: a resident's call, it alerts.
    const second = await send(f, pendant.hardwareId);
    expect(second.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    expect(await tasksOfDevice(pendant.deviceId)).toHaveLength(1);
  });

  it('a press after the test window alerts', async () => {
    const f = await createTestFacility(t.prisma);
    const walk = await startWalk(f, { startedAt: new Date(Date.now() - 10 * 60_000) });
    const test = await putOnTest(
      f,
      walk.id,
      f.units.AL.wallButton.deviceId,
      new Date(Date.now() - DEVICE_QA_TEST_WINDOW_MS - 1000),
    );
    const stored = await send(f, f.units.AL.wallButton.hardwareId);
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    expect((await t.prisma.deviceQaTest.findUniqueOrThrow({ where: { id: test.id } })).testedAt).toBeNull();
  });

  it('two presses of the device on test in ONE ingest batch: one quiet test, one alert', async () => {
    const f = await createTestFacility(t.prisma);
    const walk = await startWalk(f);
    const pendant = f.residents.MC.pendant;
    await putOnTest(f, walk.id, pendant.deviceId);
    // One batch in flight: the first event goes alone, the two presses wait for it and make the next batch.
    const ingest = new IngestGroupCommit(pool, { info() {}, warn() {} }, { maxInFlight: 1 });
    const gateway = { id: f.gateway.id, facilityId: f.facilityId };
    const at = Date.now() - 2000;
    const event = (n: number, hardwareId: string, type = 'BUTTON_PRESS') => ({
      eventId: `qa-batch-${f.tag}-${n}`,
      hardwareId,
      type: type as 'BUTTON_PRESS',
      timestamp: new Date(at + n * 10).toISOString(),
    });
    await Promise.all([
      ingest.accept(gateway, event(0, f.sparePendant.hardwareId, 'HEARTBEAT')),
      ingest.accept(gateway, event(1, pendant.hardwareId)),
      ingest.accept(gateway, event(2, pendant.hardwareId)),
    ]);
    const rows = await t.prisma.$queryRawUnsafe<{ eventId: string; outcome: string; xmin: string }[]>(
      `SELECT "eventId", outcome, xmin::text AS xmin FROM "DeviceEvent"
        WHERE "gatewayId" = $1 AND "eventId" = ANY($2::text[]) ORDER BY "eventTimestamp"`,
      f.gateway.id,
      [event(1, '').eventId, event(2, '').eventId],
    );
    // The two presses were applied in one transaction (the same batch).
    expect(new Set(rows.map((r) => r.xmin)).size).toBe(1);
    expect(rows.map((r) => r.outcome)).toEqual([QA_SESSION_PRESS_OUTCOME, DeviceEventOutcome.TASK_CREATED]);
    expect(await tasksOfDevice(pendant.deviceId)).toHaveLength(1);
  });

  it('a check-in button and a door on test: quiet test, no check-in completed; the door closing is not the test', async () => {
    const f = await createTestFacility(t.prisma);
    const walk = await startWalk(f);
    await putOnTest(f, walk.id, f.checkInButton.deviceId);
    const checkIn = await send(f, f.checkInButton.hardwareId);
    expect(checkIn.outcome).toBe(QA_SESSION_PRESS_OUTCOME);
    expect(await t.prisma.checkIn.count({ where: { unitId: f.units.IL.id, status: 'COMPLETE' } })).toBe(0);

    const test = await putOnTest(f, walk.id, f.door.alarm.deviceId);
    // A door closing is not how a door is tested: it applies as usual (no open task: nothing) and keeps the test.
    const closed = await send(f, f.door.alarm.hardwareId, { type: 'DOOR_CLOSED' });
    expect(closed.outcome).toBe(DeviceEventOutcome.NO_OPEN_TASK);
    const opened = await send(f, f.door.alarm.hardwareId, { type: 'DOOR_OPEN' });
    expect(opened.outcome).toBe(QA_SESSION_PRESS_OUTCOME);
    expect((await t.prisma.deviceQaTest.findUniqueOrThrow({ where: { id: test.id } })).testedEventId).toBe(
      opened.id,
    );
    expect(await t.prisma.task.count({ where: { facilityId: f.facilityId } })).toBe(0);
  });

  it('putting another device on test takes the first off: its press alerts', async () => {
    const f = await createTestFacility(t.prisma);
    const walk = await startWalk(f);
    await putOnTest(f, walk.id, f.residents.AL.pendant.deviceId);
    await putOnTest(f, walk.id, f.residents.IL.pendant.deviceId);
    expect((await send(f, f.residents.AL.pendant.hardwareId)).outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    expect((await send(f, f.residents.IL.pendant.hardwareId)).outcome).toBe(QA_SESSION_PRESS_OUTCOME);
  });

  it('a heartbeat of the device on test is a heartbeat and keeps the test', async () => {
    const f = await createTestFacility(t.prisma);
    const walk = await startWalk(f);
    const test = await putOnTest(f, walk.id, f.units.AL.wallButton.deviceId);
    // A heartbeat the pipeline applies: one with a low battery (the ingest's heartbeat path leaves those to it,
    // decision 0660; one it takes never reaches the test at all).
    const beat = await send(f, f.units.AL.wallButton.hardwareId, { type: 'HEARTBEAT', batteryLevel: 10 });
    expect(beat.outcome).toBe(DeviceEventOutcome.ACTIVITY_RECORDED);
    expect((await t.prisma.deviceQaTest.findUniqueOrThrow({ where: { id: test.id } })).armedDeviceKey).toBe(
      f.units.AL.wallButton.deviceId,
    );
  });

  it('once the walk ended or expired, the device left on test alerts; another community is never affected', async () => {
    const f = await createTestFacility(t.prisma);
    const other = await createTestFacility(t.prisma);
    const walk = await startWalk(f);
    await putOnTest(f, walk.id, f.residents.AL.pendant.deviceId);
    // Another community's press at the same time alerts.
    expect((await send(other, other.residents.AL.pendant.hardwareId)).outcome).toBe(
      DeviceEventOutcome.TASK_CREATED,
    );
    // Ended (the key freed) with the test still armed: the ingest honours the test only inside a walk in progress.
    await t.prisma.deviceQaSession.update({
      where: { id: walk.id },
      data: { status: 'COMPLETED', activeFacilityKey: null, endedAt: new Date() },
    });
    expect((await send(f, f.residents.AL.pendant.hardwareId)).outcome).toBe(DeviceEventOutcome.TASK_CREATED);

    // A walk past its end time, with a device armed inside the test window: the press alerts.
    const g = await createTestFacility(t.prisma);
    const expired = await startWalk(g, {
      startedAt: new Date(Date.now() - 10 * 60_000),
      durationMs: 5 * 60_000,
    });
    await putOnTest(g, expired.id, g.units.AL.wallButton.deviceId);
    expect((await send(g, g.units.AL.wallButton.hardwareId)).outcome).toBe(DeviceEventOutcome.TASK_CREATED);
  });

  it('at its end time the worker expires the walk, takes its device off test and tells the screens (banner cleared)', async () => {
    const f = await createTestFacility(t.prisma);
    const listener = new pg.Client({ connectionString: t.db.url });
    await listener.connect();
    const notices: string[] = [];
    listener.on('notification', (n) => {
      if (n.channel === DEVICE_QA_CHANNEL && n.payload) notices.push(n.payload);
    });
    await listener.query(`LISTEN ${DEVICE_QA_CHANNEL}`);
    try {
      const startedAt = new Date();
      const walk = await t.prisma.$transaction(async (tx) => {
        const w = await openDeviceQaSession(tx, {
          facilityId: f.facilityId,
          startedById: f.staff.maintenance.id,
          startedAt,
          durationMs: 1500,
        });
        await scheduleDeviceQaExpiry(
          tx,
          { facilityId: f.facilityId, deviceQaSessionId: w.id },
          new Date(startedAt.getTime() + 1500),
        );
        return w;
      });
      const test = await putOnTest(f, walk.id, f.residents.AL.pendant.deviceId, startedAt);
      const expired = await eventually(async () => {
        const row = await t.prisma.deviceQaSession.findUniqueOrThrow({ where: { id: walk.id } });
        return row.status === 'EXPIRED' ? row : null;
      });
      expect(expired).toMatchObject({ activeFacilityKey: null, endedAt: expired.expiresAt });
      expect(
        (await t.prisma.deviceQaTest.findUniqueOrThrow({ where: { id: test.id } })).armedDeviceKey,
      ).toBeNull();
      await eventually(async () => notices.length > 0);
      expect(notices.map((n) => JSON.parse(n))).toEqual([{ facilityRid: f.facilityId }]);
    } finally {
      await listener.end();
    }
  });
});
