import { type IngestEventType, TaskUpdateType } from '@sage/contract';
import { JobName, TASK_CHANGED_CHANNEL, type TaskChangedNotification } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceEventOutcome } from '../device-events/model';
import { type Accepted, IngestGroupCommit } from './group-commit';

/**
 * The new alerts of one ingest batch are raised in one statement (decision 0455). These tests drive the group
 * commit itself with one batch in flight, so that every event after the first is in ONE batch (checked by the
 * rows' transaction id), and compare every row and notification with what the events one by one would give.
 */
describe('[WORKER][INGEST][BATCH]: the new alerts of a batch, raised together', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let listener: pg.Client;
  let a: TestFacility;
  let b: TestFacility;
  const notified: TaskChangedNotification[] = [];
  const logger = { info() {}, warn() {} };

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    listener.on('notification', (n) => {
      if (n.channel === TASK_CHANGED_CHANNEL && n.payload) notified.push(JSON.parse(n.payload));
    });
    await listener.query(`LISTEN ${TASK_CHANGED_CHANNEL}`);
    a = await createTestFacility(db.prisma);
    b = await createTestFacility(db.prisma);
  });
  afterAll(async () => {
    await listener.end();
    await pool.end();
    await db.drop();
  });

  let n = 0;
  // A batch applies its events in the order they happened (decision 0032): each press 10 ms after the last.
  const start = Date.now() - 60_000;
  const press = (facility: TestFacility, hardwareId: string, type: IngestEventType = 'BUTTON_PRESS') => {
    n += 1;
    const timestamp = new Date(start + n * 10).toISOString();
    return { facility, event: { eventId: `batch-raise-${n}`, hardwareId, type, timestamp } };
  };
  type Press = ReturnType<typeof press>;
  /**
   * Hands the presses to one group commit at once: the first goes alone (the one slot in flight), the others
   * wait for it and make the next batch, together.
   */
  const inOneBatch = (presses: Press[]): Promise<Accepted[]> => {
    const ingest = new IngestGroupCommit(pool, logger, { maxInFlight: 1 });
    return Promise.all(
      presses.map((p) =>
        ingest.accept({ id: p.facility.gateway.id, facilityId: p.facility.facilityId }, p.event),
      ),
    );
  };
  const eventRow = (p: Press) =>
    db.prisma.deviceEvent.findUniqueOrThrow({
      where: { gatewayId_eventId: { gatewayId: p.facility.gateway.id, eventId: p.event.eventId } },
    });
  const tasksOf = (deviceId: string) =>
    db.prisma.task.findMany({ where: { deviceId }, orderBy: { creationTimestamp: 'asc' } });
  const updateTypes = async (taskId: string) =>
    (await db.prisma.taskUpdate.findMany({ where: { taskId } })).map((u) => u.type).sort();
  const waitForNotifications = async (count: number) => {
    for (let i = 0; i < 200 && notified.length < count; i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('several devices of two facilities, an open task, a device twice and a replay: each row once, in its facility, in order', async () => {
    const pendantAL = a.residents.AL.pendant;
    const pendantMC = a.residents.MC.pendant;
    const wallIL = a.units.IL.wallButton;
    const pendantB = b.residents.AL.pendant;
    const wallB = b.units.LTC.wallButton;
    const fall = a.fallSensor;

    // An open task before the batch: the batch's press on that device is an update of it.
    const [opened] = await inOneBatch([press(a, pendantMC.hardwareId)]);
    expect(opened!.duplicate).toBe(false);
    const [openTask] = await tasksOf(pendantMC.deviceId);
    const versionBefore = (await db.prisma.taskChange.aggregate({ _max: { version: true } }))._max.version!;
    notified.length = 0;

    const blocker = press(a, a.sparePendant.hardwareId, 'HEARTBEAT');
    const e1 = press(a, pendantAL.hardwareId);
    const e2 = press(b, pendantB.hardwareId);
    const e3 = press(a, pendantMC.hardwareId);
    const e4 = press(a, wallIL.hardwareId);
    const e5 = press(a, pendantAL.hardwareId);
    const replay = { facility: a, event: { ...e4.event } };
    const e7 = press(b, wallB.hardwareId);
    // Pressed again with nothing between: its first raise must be sent before the second meets its task.
    const e7again = press(b, wallB.hardwareId);
    const e8 = press(a, fall.hardwareId, 'FALL_DETECTED');
    const answers = await inOneBatch([blocker, e1, e2, e3, e4, e5, replay, e7, e7again, e8]);
    expect(answers.map((x) => x.duplicate)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ]);

    // One task per new alert, in its own facility and enterprise; the open task and the device pressed twice
    // keep one task each.
    const [taskAL] = await tasksOf(pendantAL.deviceId);
    const [taskB] = await tasksOf(pendantB.deviceId);
    const [taskIL] = await tasksOf(wallIL.deviceId);
    const [taskWallB] = await tasksOf(wallB.deviceId);
    const [taskFall] = await tasksOf(fall.deviceId);
    for (const [device, facility] of [
      [pendantAL, a],
      [pendantB, b],
      [pendantMC, a],
      [wallIL, a],
      [wallB, b],
      [fall, a],
    ] as const) {
      const tasks = await tasksOf(device.deviceId);
      expect(tasks).toHaveLength(1);
      expect(tasks[0]).toMatchObject({
        facilityId: facility.facilityId,
        enterpriseId: facility.enterpriseId,
        openDeviceKey: device.deviceId,
        status: 'OPEN_UNCLAIMED',
      });
    }
    expect((await tasksOf(pendantMC.deviceId))[0]!.id).toBe(openTask!.id);
    expect(taskFall!.severity).toBe('EMERGENCY');
    expect(taskB!.residentId).toBe(b.residents.AL.id);
    expect(taskWallB!.unitId).toBe(b.units.LTC.id);

    // All in one transaction: the batch's tasks and changes share their transaction id.
    const xmins = await db.prisma.$queryRawUnsafe<{ xmin: string }[]>(
      `SELECT DISTINCT xmin::text AS xmin FROM "TaskChange" WHERE version > $1`,
      versionBefore,
    );
    expect(xmins).toHaveLength(1);

    // The updates: CREATED once per new task; the second presses as interactions of the open tasks.
    expect(await updateTypes(taskAL!.id)).toEqual([
      TaskUpdateType.CREATED,
      TaskUpdateType.DEVICE_INTERACTION,
    ]);
    expect(await updateTypes(openTask!.id)).toEqual([
      TaskUpdateType.CREATED,
      TaskUpdateType.DEVICE_INTERACTION,
    ]);
    expect(await updateTypes(taskWallB!.id)).toEqual([
      TaskUpdateType.CREATED,
      TaskUpdateType.DEVICE_INTERACTION,
    ]);
    for (const task of [taskB!, taskIL!, taskFall!]) {
      expect(await updateTypes(task.id)).toEqual([TaskUpdateType.CREATED]);
    }
    const updates = await db.prisma.taskUpdate.findMany({
      where: { taskId: { in: [taskAL!.id, taskB!.id, taskIL!.id, taskWallB!.id, taskFall!.id] } },
    });
    for (const u of updates) {
      const task = [taskAL, taskB, taskIL, taskWallB, taskFall].find((t) => t!.id === u.taskId)!;
      expect(u.facilityId).toBe(task.facilityId);
      expect(u.deviceId).toBe(task.deviceId);
    }

    // The changes, in the order of the events as one by one (a new task, or an update, per event), and the
    // same NOTIFYs in the same order.
    const changes = await db.prisma.taskChange.findMany({
      where: { version: { gt: versionBefore } },
      orderBy: { version: 'asc' },
    });
    expect(changes.map((c) => [c.taskId, c.facilityId])).toEqual([
      [taskAL!.id, a.facilityId],
      [taskB!.id, b.facilityId],
      [openTask!.id, a.facilityId],
      [taskIL!.id, a.facilityId],
      [taskAL!.id, a.facilityId],
      [taskWallB!.id, b.facilityId],
      [taskWallB!.id, b.facilityId],
      [taskFall!.id, a.facilityId],
    ]);
    await waitForNotifications(changes.length);
    expect(notified).toEqual(
      changes.map((c) => ({
        facilityId: c.facilityId,
        taskId: c.taskId,
        status: c.status,
        severity: c.severity,
        version: Number(c.version),
      })),
    );

    // Each event processed once with its outcome; its activity row names its task.
    const expected: [Press, string, string | null][] = [
      [e1, DeviceEventOutcome.TASK_CREATED, taskAL!.id],
      [e2, DeviceEventOutcome.TASK_CREATED, taskB!.id],
      [e3, DeviceEventOutcome.TASK_UPDATED, openTask!.id],
      [e4, DeviceEventOutcome.TASK_CREATED, taskIL!.id],
      [e5, DeviceEventOutcome.TASK_UPDATED, taskAL!.id],
      [e7, DeviceEventOutcome.TASK_CREATED, taskWallB!.id],
      [e7again, DeviceEventOutcome.TASK_UPDATED, taskWallB!.id],
      [e8, DeviceEventOutcome.TASK_CREATED, taskFall!.id],
    ];
    for (const [p, outcome, taskId] of expected) {
      const row = await eventRow(p);
      expect(row.processedAt).not.toBeNull();
      expect(row.outcome).toBe(outcome);
      const activity = await db.prisma.deviceActivity.findMany({ where: { deviceEventId: row.id } });
      expect(activity.map((x) => x.taskId)).toEqual([taskId]);
    }
    expect(await db.prisma.deviceEvent.count({ where: { eventId: e4.event.eventId } })).toBe(1);

    // The escalation starts: each new task once, the fall in a job of its own priority.
    const jobs = await db.prisma.$queryRawUnsafe<{ payload: unknown; priority: number }[]>(
      `SELECT j.payload, j.priority FROM graphile_worker._private_jobs j
         JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = $1 ORDER BY j.priority`,
      JobName.startTaskNotifications,
    );
    const started = jobs
      .flatMap((j) => (Array.isArray(j.payload) ? j.payload : [j.payload]))
      .map((s) => (s as { taskId: string }).taskId);
    const created = [taskAL!.id, taskB!.id, taskIL!.id, taskWallB!.id, taskFall!.id];
    expect(started.filter((id) => id !== openTask!.id).sort()).toEqual([...created].sort());
    const fallJob = jobs.find((j) => JSON.stringify(j.payload).includes(taskFall!.id))!;
    expect(JSON.stringify(fallJob.payload)).not.toContain(taskAL!.id);
  });

  it('the whole batch sent again (every eventId replayed) stores and changes nothing', async () => {
    const first = [
      press(a, a.units.AL.wallButton.hardwareId),
      press(a, a.units.MC.wallButton.hardwareId),
      press(b, b.units.AL.wallButton.hardwareId),
      press(b, b.residents.MC.pendant.hardwareId),
    ];
    const blocker = press(b, b.sparePendant.hardwareId, 'HEARTBEAT');
    await inOneBatch([blocker, ...first]);
    const counts = async () => ({
      tasks: await db.prisma.task.count(),
      updates: await db.prisma.taskUpdate.count(),
      changes: await db.prisma.taskChange.count(),
      events: await db.prisma.deviceEvent.count(),
      activity: await db.prisma.deviceActivity.count(),
    });
    const before = await counts();
    await waitForNotifications(notified.length + first.length);
    notified.length = 0;

    const again = await inOneBatch([press(b, b.sparePendant.hardwareId, 'HEARTBEAT'), ...first]);
    expect(again.slice(1).map((x) => x.duplicate)).toEqual([true, true, true, true]);
    const after = await counts();
    // Only the new heartbeat is stored (and its activity recorded).
    expect(after).toEqual({ ...before, events: before.events + 1, activity: before.activity + 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(notified).toEqual([]);
  });
});
