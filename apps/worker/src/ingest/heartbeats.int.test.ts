import { randomUUID } from 'node:crypto';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceEventOutcome } from '../device-events/model';
import { runSupervisionCheck } from '../supervision/check';
import { TROUBLE_CLOSED_DESCRIPTIONS, troubleKey } from '../supervision/trouble-tasks';
import { eventually, startTestWorker, type TestWorker } from '../test/worker';

/**
 * The ingest's heartbeat path (decision 0660): a heartbeat that can change nothing but its device's last heard and
 * battery is written with its window's others in one statement, no event stored; every other goes through the
 * device-event pipeline as before.
 */
describe('[WORKER][INGEST]: the heartbeat path (decisions 0660, 0661)', () => {
  let t: TestWorker;
  let a: TestFacility;
  let b: TestFacility;

  beforeAll(async () => {
    t = await startTestWorker();
    [a, b] = await Promise.all([createTestFacility(t.prisma), createTestFacility(t.prisma)]);
  });
  afterAll(() => t.close());

  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const beat = (
    hardwareId: string,
    extra: { batteryLevel?: number; timestamp?: string; eventId?: string } = {},
  ) => ({
    eventId: randomUUID(),
    hardwareId,
    type: 'HEARTBEAT',
    timestamp: new Date().toISOString(),
    ...extra,
  });
  const post = async (body: object, facility: TestFacility = a) => {
    const res = await t.worker.ingest.inject({
      method: 'POST',
      url: INGEST_EVENTS_PATH,
      headers: { [GATEWAY_KEY_HEADER]: facility.gateway.key },
      payload: body,
    });
    expect(res.statusCode).toBe(202);
    return res;
  };
  const stored = (facility: TestFacility, eventId: string) =>
    t.prisma.deviceEvent.findFirst({ where: { gatewayId: facility.gateway.id, eventId } });
  const processed = (facility: TestFacility, eventId: string) =>
    eventually(() =>
      t.prisma.deviceEvent.findFirst({
        where: { gatewayId: facility.gateway.id, eventId, processedAt: { not: null } },
      }),
    );
  const device = (id: string) => t.prisma.device.findUniqueOrThrow({ where: { id } });
  const activities = (deviceId: string) =>
    t.prisma.deviceActivity.findMany({ where: { deviceId }, orderBy: { createdAt: 'asc' } });
  const check = async () => {
    const client = await t.worker.pool.connect();
    try {
      return await runSupervisionCheck(client);
    } finally {
      client.release();
    }
  };

  it("moves the device's last heard and battery, committed before the 202, with no event stored", async () => {
    const { pendant } = a.residents.AL;
    await t.prisma.device.update({
      where: { id: pendant.deviceId },
      data: { lastHeardAt: hoursAgo(2), batteryLevel: 50 },
    });
    const body = beat(pendant.hardwareId, { batteryLevel: 90 });
    await post(body);
    // Read right after the 202, no waiting: the write was committed before it.
    const after = await device(pendant.deviceId);
    expect(after.lastHeardAt?.toISOString()).toBe(body.timestamp);
    expect(after.batteryLevel).toBe(90);
    expect(await stored(a, body.eventId)).toBeNull();
    // The history keeps it: first heard in a new hour, and a new battery level (decision 0661).
    expect(
      (await activities(pendant.deviceId)).map((r) => [r.type, r.batteryLevel, r.timestamp.toISOString()]),
    ).toEqual([['HEARTBEAT', 90, body.timestamp]]);
  });

  it('answers 202 only once the write is committed: a held device row holds the answer', async () => {
    const { wallButton } = a.units.MC;
    const blocker = new pg.Client({ connectionString: t.db.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM "Device" WHERE id = $1 FOR UPDATE', [wallButton.deviceId]);
      const body = beat(wallButton.hardwareId, { batteryLevel: 97 });
      let answered = false;
      const reply = post(body).then((res) => {
        answered = true;
        return res;
      });
      // The heartbeat's statement is waiting for the row: no answer yet.
      await eventually(async () => {
        const { rows } = await blocker.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH hb AS%'`,
        );
        return rows[0]!.n > 0;
      });
      expect(answered).toBe(false);
      expect((await device(wallButton.deviceId)).batteryLevel).not.toBe(97);
      await blocker.query('COMMIT');
      await reply;
      expect((await device(wallButton.deviceId)).batteryLevel).toBe(97);
      expect(await stored(a, body.eventId)).toBeNull();
    } finally {
      await blocker.end();
    }
  });

  it("never touches another community's device: refused and recorded by the pipeline", async () => {
    const pendant = b.residents.IL.pendant;
    const before = await device(pendant.deviceId);
    const body = beat(pendant.hardwareId, { batteryLevel: 99 });
    await post(body, a);
    expect((await processed(a, body.eventId)).outcome).toBe(DeviceEventOutcome.REFUSED_OTHER_COMMUNITY);
    const after = await device(pendant.deviceId);
    expect(after.lastHeardAt).toEqual(before.lastHeardAt);
    expect(after.batteryLevel).toBe(before.batteryLevel);
    expect(await activities(pendant.deviceId)).toEqual([]);
  });

  it("a device's open silence trouble is closed by its heartbeat, through the pipeline", async () => {
    const { pendant } = a.residents.MC;
    await t.prisma.device.update({ where: { id: pendant.deviceId }, data: { lastHeardAt: hoursAgo(5) } });
    await t.prisma.deviceAllocation.updateMany({
      where: { deviceId: pendant.deviceId },
      data: { createdAt: hoursAgo(5) },
    });
    await check();
    const trouble = await t.prisma.task.findUniqueOrThrow({
      where: { openTroubleKey: troubleKey(pendant.deviceId, 'DEVICE_SILENT') },
    });
    const body = beat(pendant.hardwareId, { batteryLevel: 95 });
    await post(body);
    expect((await processed(a, body.eventId)).outcome).toBe(DeviceEventOutcome.ACTIVITY_RECORDED);
    const closed = await t.prisma.task.findUniqueOrThrow({
      where: { id: trouble.id },
      include: { updates: { orderBy: { createdAt: 'asc' } } },
    });
    expect(closed.status).toBe('CLOSED_RESOLVED');
    expect(closed.updates.at(-1)).toMatchObject({
      type: 'CLOSED',
      description: TROUBLE_CLOSED_DESCRIPTIONS.DEVICE_SILENT,
    });
    expect((await device(pendant.deviceId)).lastHeardAt?.toISOString()).toBe(body.timestamp);
  });

  it("a low battery for the device's type raises its trouble through the pipeline; a button's 50 % is not low", async () => {
    const { pendant } = a.residents.LTC;
    const low = beat(pendant.hardwareId, { batteryLevel: 15 }); // pendants: low under 20
    await post(low);
    expect((await processed(a, low.eventId)).outcome).toBe(DeviceEventOutcome.ACTIVITY_RECORDED);
    expect(
      await t.prisma.task.findUnique({
        where: { openTroubleKey: troubleKey(pendant.deviceId, 'LOW_BATTERY') },
      }),
    ).toMatchObject({ troubleCause: 'LOW_BATTERY', status: 'OPEN_UNCLAIMED' });

    // A door alarm's 50 % is low (under 80): the pipeline raises its trouble.
    const alarm = a.door.alarm;
    const door = beat(alarm.hardwareId, { batteryLevel: 50 });
    await post(door);
    await processed(a, door.eventId);
    expect(
      await t.prisma.task.findUnique({
        where: { openTroubleKey: troubleKey(alarm.deviceId, 'LOW_BATTERY') },
      }),
    ).not.toBeNull();

    // A pendant's 50 % is not (buttons: low under 20): taken by the heartbeat path, no trouble.
    const other = a.residents.IL.pendant;
    const ok = beat(other.hardwareId, { batteryLevel: 50 });
    await post(ok);
    expect(await stored(a, ok.eventId)).toBeNull();
    expect((await device(other.deviceId)).batteryLevel).toBe(50);
    expect(await t.prisma.task.count({ where: { deviceId: other.deviceId, kind: 'DEVICE_TROUBLE' } })).toBe(
      0,
    );
  });

  it('a repeated heartbeat, one after the other or in one window, has no second effect', async () => {
    const { wallButton } = a.units.STR;
    await t.prisma.device.update({ where: { id: wallButton.deviceId }, data: { lastHeardAt: hoursAgo(3) } });
    const body = beat(wallButton.hardwareId, { batteryLevel: 93 });
    await Promise.all([post(body), post(body), post(body)]);
    const first = await device(wallButton.deviceId);
    expect(first.lastHeardAt?.toISOString()).toBe(body.timestamp);
    expect(first.batteryLevel).toBe(93);
    expect(await activities(wallButton.deviceId)).toHaveLength(1);

    await post(body);
    // Another event id at the same time and level: the same heartbeat again in effect.
    await post({ ...body, eventId: randomUUID() });
    const again = await device(wallButton.deviceId);
    expect(again.lastHeardAt).toEqual(first.lastHeardAt);
    expect(again.batteryLevel).toBe(93);
    expect(await activities(wallButton.deviceId)).toHaveLength(1);
    expect(await t.prisma.deviceEvent.count({ where: { hardwareId: wallButton.hardwareId } })).toBe(0);

    // An older heartbeat arriving late neither moves last heard back nor overwrites the newer battery.
    await post(beat(wallButton.hardwareId, { batteryLevel: 88, timestamp: hoursAgo(1).toISOString() }));
    const late = await device(wallButton.deviceId);
    expect(late.lastHeardAt).toEqual(first.lastHeardAt);
    expect(late.batteryLevel).toBe(93);

    // A new level is history again.
    await post(beat(wallButton.hardwareId, { batteryLevel: 92 }));
    expect((await activities(wallButton.deviceId)).map((r) => r.batteryLevel)).toEqual([93, 88, 92]);
  });

  it('keeps the gateway heard: no silence trouble for a gateway whose devices only heartbeat', async () => {
    const g = await createTestFacility(t.prisma);
    await t.prisma.facilityGateway.update({ where: { id: g.gateway.id }, data: { createdAt: hoursAgo(1) } });
    const body = beat(g.units.AL.wallButton.hardwareId);
    await post(body, g);
    expect(await stored(g, body.eventId)).toBeNull();
    const gateway = await t.prisma.facilityGateway.findUniqueOrThrow({ where: { id: g.gateway.id } });
    expect(gateway.lastHeardAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await check();
    expect(
      await t.prisma.task.findUnique({
        where: { openTroubleKey: troubleKey(g.gateway.id, 'GATEWAY_SILENT') },
      }),
    ).toBeNull();

    // Its silence raised all the same (heard an hour ago): the next device heartbeat goes through the pipeline,
    // which closes it.
    await t.prisma.facilityGateway.update({
      where: { id: g.gateway.id },
      data: { lastHeardAt: hoursAgo(1) },
    });
    await check();
    const trouble = await t.prisma.task.findUniqueOrThrow({
      where: { openTroubleKey: troubleKey(g.gateway.id, 'GATEWAY_SILENT') },
    });
    const next = beat(g.units.MC.wallButton.hardwareId);
    await post(next, g);
    expect((await processed(g, next.eventId)).outcome).toBe(DeviceEventOutcome.ACTIVITY_RECORDED);
    expect((await t.prisma.task.findUniqueOrThrow({ where: { id: trouble.id } })).status).toBe(
      'CLOSED_RESOLVED',
    );
  });

  it('leaves to the pipeline what it cannot take: a stale heartbeat, a spare device, a device whose lock is held', async () => {
    const stale = beat(a.residents.STR.pendant.hardwareId, { timestamp: hoursAgo(25).toISOString() });
    await post(stale);
    expect((await processed(a, stale.eventId)).outcome).toBe(DeviceEventOutcome.STALE_EVENT);

    const spare = beat(a.sparePendant.hardwareId, { batteryLevel: 70 });
    await post(spare);
    expect((await processed(a, spare.eventId)).outcome).toBe(DeviceEventOutcome.UNALLOCATED_DEVICE);

    // A batch of the pipeline holding the device: the heartbeat waits behind it, in the pipeline.
    const { pendant } = a.residents.STR;
    const holder = new pg.Client({ connectionString: t.db.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(
        `SELECT pg_advisory_xact_lock(hashtextextended('device:' || $1::text || ':' || $2::text, 0))`,
        [a.facilityId, pendant.hardwareId],
      );
      const held = beat(pendant.hardwareId, { batteryLevel: 96 });
      const reply = post(held);
      // The pipeline's batch waits for the device's lock (the heartbeat path only tried it).
      await eventually(async () => {
        const { rows } = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event = 'advisory'`,
        );
        return rows[0]!.n > 0;
      });
      expect(await stored(a, held.eventId)).toBeNull();
      await holder.query('COMMIT');
      await reply;
      expect((await processed(a, held.eventId)).outcome).toBe(DeviceEventOutcome.ACTIVITY_RECORDED);
      expect((await device(pendant.deviceId)).batteryLevel).toBe(96);
    } finally {
      await holder.end();
    }
  });
});
