import type { IngestEventType } from '@sage/contract';
import { taskNotificationsJobKey } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceEventOutcome } from '../device-events/model';
import { eventually, pressOf, sendEvent, startTestWorker, type TestWorker } from '../test/worker';
import { runSupervisionCheck } from './check';
import { TROUBLE_CLOSED_DESCRIPTIONS, troubleKey } from './trouble-tasks';

describe('[WORKER][SUPERVISION]: device and gateway trouble (decision 0105)', () => {
  let t: TestWorker;
  let f: TestFacility;

  beforeAll(async () => {
    t = await startTestWorker();
    f = await createTestFacility(t.prisma);
  });
  afterAll(() => t.close());

  const send = (hardwareId: string, type: IngestEventType, extra: object = {}, facility: TestFacility = f) =>
    sendEvent(t, facility, pressOf(hardwareId, { type, ...extra }));
  const check = async () => {
    const client = await t.worker.pool.connect();
    try {
      return await runSupervisionCheck(client);
    } finally {
      client.release();
    }
  };
  const troubleOf = (id: string, cause: Parameters<typeof troubleKey>[1]) =>
    t.prisma.task.findUnique({ where: { openTroubleKey: troubleKey(id, cause) } });
  const troublesOf = (deviceId: string) =>
    t.prisma.task.findMany({ where: { deviceId, kind: 'DEVICE_TROUBLE' }, include: { updates: true } });
  const hoursAgo = (h: number) => new Date(Date.now() - h * 60 * 60 * 1000);
  /** Makes a device look silent: last heard, and allocated, `h` hours ago. */
  const silence = async (deviceId: string, h: number) => {
    await t.prisma.device.update({ where: { id: deviceId }, data: { lastHeardAt: hoursAgo(h) } });
    await t.prisma.deviceAllocation.updateMany({ where: { deviceId }, data: { createdAt: hoursAgo(h) } });
  };
  /** The escalation to phones a task started: its start job still queued, or the escalation it began. */
  const notificationJobs = async (taskId: string) =>
    (
      await t.prisma.$queryRawUnsafe<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1',
        taskNotificationsJobKey(taskId),
      )
    )[0]!.n + (await t.prisma.notificationContext.count({ where: { taskId } }));

  it('a device not heard from within its interval raises one trouble task; a heartbeat closes it', async () => {
    const { pendant } = f.residents.AL;
    await silence(pendant.deviceId, 5); // pendants: 4 h
    const { wallButton } = f.units.AL;
    await silence(wallButton.deviceId, 3); // within its 4 h: no trouble

    await check();
    await check(); // a repeated check adds nothing
    const trouble = await troubleOf(pendant.deviceId, 'DEVICE_SILENT');
    expect(trouble).toMatchObject({
      facilityId: f.facilityId,
      kind: 'DEVICE_TROUBLE',
      troubleCause: 'DEVICE_SILENT',
      status: 'OPEN_UNCLAIMED',
      severity: 'HIGH_PRIORITY',
      title: `Not heard from: ${f.residents.AL.firstName} ${f.residents.AL.lastName}'s pendant`,
      residentId: f.residents.AL.id,
      openDeviceKey: null,
    });
    expect(await troublesOf(pendant.deviceId)).toHaveLength(1);
    expect(await troubleOf(wallButton.deviceId, 'DEVICE_SILENT')).toBeNull();
    // It reaches live clients, and starts no escalation to phones.
    expect(await t.prisma.taskChange.count({ where: { taskId: trouble!.id } })).toBe(1);
    expect(await notificationJobs(trouble!.id)).toBe(0);

    const heartbeat = await send(pendant.hardwareId, 'HEARTBEAT');
    expect(heartbeat.outcome).toBe(DeviceEventOutcome.ACTIVITY_RECORDED);
    const closed = await t.prisma.task.findUniqueOrThrow({
      where: { id: trouble!.id },
      include: { updates: { orderBy: { createdAt: 'asc' } } },
    });
    expect(closed).toMatchObject({ status: 'CLOSED_RESOLVED', openTroubleKey: null, resolvedById: null });
    expect(closed.resolvedAt).not.toBeNull();
    expect(closed.updates.map((u) => [u.type, u.description])).toEqual([
      ['CREATED', trouble!.title],
      ['CLOSED', TROUBLE_CLOSED_DESCRIPTIONS.DEVICE_SILENT],
    ]);
    expect(await t.prisma.taskChange.count({ where: { taskId: trouble!.id } })).toBe(2);

    // Heard now: the next check raises nothing for it.
    await check();
    expect(await troubleOf(pendant.deviceId, 'DEVICE_SILENT')).toBeNull();
    expect(await troublesOf(pendant.deviceId)).toHaveLength(1);
  });

  it("a press keeps the resident's alert apart from the device's trouble", async () => {
    const { pendant } = f.residents.MC;
    await silence(pendant.deviceId, 5);
    await check();
    const trouble = await troubleOf(pendant.deviceId, 'DEVICE_SILENT');
    expect(trouble).not.toBeNull();
    const press = await send(pendant.hardwareId, 'BUTTON_PRESS');
    expect(press.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    const alert = await t.prisma.task.findUniqueOrThrow({ where: { openDeviceKey: pendant.deviceId } });
    expect(alert.kind).toBe('ALERT');
    expect(alert.id).not.toBe(trouble!.id);
    // The resident's alert starts the escalation to phones; the trouble did not.
    expect(await eventually(async () => (await notificationJobs(alert.id)) > 0)).toBe(true);
    expect(await notificationJobs(trouble!.id)).toBe(0);
    expect((await t.prisma.task.findUniqueOrThrow({ where: { id: trouble!.id } })).status).toBe(
      'CLOSED_RESOLVED',
    );
  });

  it('a low battery raises one trouble task; a charged report closes it', async () => {
    const { pendant } = f.residents.LTC;
    await send(pendant.hardwareId, 'HEARTBEAT', { batteryLevel: 15 }); // pendants: low under 20
    await send(pendant.hardwareId, 'HEARTBEAT', { batteryLevel: 12 });
    const trouble = await troubleOf(pendant.deviceId, 'LOW_BATTERY');
    expect(trouble).toMatchObject({
      kind: 'DEVICE_TROUBLE',
      troubleCause: 'LOW_BATTERY',
      severity: 'MEDIUM_PRIORITY',
      status: 'OPEN_UNCLAIMED',
      title: `Low battery: ${f.residents.LTC.firstName} ${f.residents.LTC.lastName}'s pendant`,
    });
    expect(await troublesOf(pendant.deviceId)).toHaveLength(1);
    expect(await notificationJobs(trouble!.id)).toBe(0);

    // An unknown level (-1) neither raises nor closes.
    await send(pendant.hardwareId, 'HEARTBEAT', { batteryLevel: -1 });
    expect(await troubleOf(pendant.deviceId, 'LOW_BATTERY')).not.toBeNull();

    await send(pendant.hardwareId, 'BUTTON_PRESS', { batteryLevel: 95 });
    const closed = await t.prisma.task.findUniqueOrThrow({
      where: { id: trouble!.id },
      include: { updates: { orderBy: { createdAt: 'asc' } } },
    });
    expect(closed.status).toBe('CLOSED_RESOLVED');
    expect(closed.updates.at(-1)).toMatchObject({
      type: 'CLOSED',
      description: TROUBLE_CLOSED_DESCRIPTIONS.LOW_BATTERY,
    });
    // The press itself is the resident's alert, as always.
    expect((await t.prisma.task.findUniqueOrThrow({ where: { openDeviceKey: pendant.deviceId } })).kind).toBe(
      'ALERT',
    );
  });

  it("a facility's own interval replaces the device type's", async () => {
    const g = await createTestFacility(t.prisma);
    await t.prisma.facility.update({
      where: { id: g.facilityId },
      data: { deviceSupervisionIntervalMin: 30 },
    });
    const { pendant } = g.residents.AL;
    await silence(pendant.deviceId, 1); // within a pendant's 4 h, past the facility's 30 min
    await silence(f.residents.IL.pendant.deviceId, 1); // the other facility keeps 4 h
    await check();
    expect(await troubleOf(pendant.deviceId, 'DEVICE_SILENT')).not.toBeNull();
    expect(await troubleOf(f.residents.IL.pendant.deviceId, 'DEVICE_SILENT')).toBeNull();
  });

  it("a device's trouble closes when it is no longer allocated", async () => {
    const { wallButton } = f.units.STR;
    await silence(wallButton.deviceId, 5);
    await check();
    const trouble = await troubleOf(wallButton.deviceId, 'DEVICE_SILENT');
    expect(trouble?.title).toBe(`Not heard from: ${f.units.STR.displayName} wall button`);
    await t.prisma.deviceAllocation.updateMany({
      where: { deviceId: wallButton.deviceId },
      data: { isActive: false, activeDeviceKey: null },
    });
    await check();
    expect((await t.prisma.task.findUniqueOrThrow({ where: { id: trouble!.id } })).status).toBe(
      'CLOSED_RESOLVED',
    );
  });

  it('a silent gateway raises one trouble task, cleared once it posts again', async () => {
    const g = await createTestFacility(t.prisma);
    await t.prisma.facilityGateway.update({ where: { id: g.gateway.id }, data: { createdAt: hoursAgo(1) } });
    // Two workers' checks at once still raise one task (the unique open-trouble key).
    await Promise.all([check(), check()]);
    await check();
    const trouble = await troubleOf(g.gateway.id, 'GATEWAY_SILENT');
    expect(trouble).toMatchObject({
      facilityId: g.facilityId,
      kind: 'DEVICE_TROUBLE',
      troubleCause: 'GATEWAY_SILENT',
      gatewayId: g.gateway.id,
      deviceId: null,
      status: 'OPEN_UNCLAIMED',
    });
    expect(trouble!.title).toMatch(/^Gateway offline: /);
    expect(await t.prisma.task.count({ where: { gatewayId: g.gateway.id } })).toBe(1);
    expect(await notificationJobs(trouble!.id)).toBe(0);

    // Any post counts, even a heartbeat of the gateway's own (unknown hardware): cleared as it is applied.
    await send(`GATEWAY-${g.tag}`, 'HEARTBEAT', {}, g);
    const cleared = await t.prisma.task.findUniqueOrThrow({
      where: { id: trouble!.id },
      include: { updates: { orderBy: { createdAt: 'asc' } } },
    });
    expect(cleared.status).toBe('CLOSED_RESOLVED');
    expect(cleared.updates.at(-1)).toMatchObject({
      type: 'CLOSED',
      description: TROUBLE_CLOSED_DESCRIPTIONS.GATEWAY_SILENT,
    });
    expect(await t.prisma.taskChange.count({ where: { taskId: trouble!.id } })).toBe(2);
    await check();
    expect(await t.prisma.task.count({ where: { gatewayId: g.gateway.id } })).toBe(1);

    // Silent again later: a new trouble task; the periodic check clears it too once the gateway is heard
    // (whatever applied its events).
    await t.prisma.$executeRawUnsafe(
      `UPDATE "DeviceEvent" SET "receivedAt" = now() - interval '1 hour' WHERE "gatewayId" = $1`,
      g.gateway.id,
    );
    await check();
    const again = await troubleOf(g.gateway.id, 'GATEWAY_SILENT');
    expect(again).not.toBeNull();
    await t.prisma.$executeRawUnsafe(
      `UPDATE "DeviceEvent" SET "receivedAt" = now() WHERE "gatewayId" = $1`,
      g.gateway.id,
    );
    await check();
    expect((await t.prisma.task.findUniqueOrThrow({ where: { id: again!.id } })).status).toBe(
      'CLOSED_RESOLVED',
    );
    expect(await t.prisma.task.count({ where: { gatewayId: g.gateway.id } })).toBe(2);
  });
});
