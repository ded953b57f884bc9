import { randomUUID } from 'node:crypto';
import {
  GATEWAY_KEY_HEADER,
  INGEST_BATCH_MAX_EVENTS,
  INGEST_EVENTS_BATCH_PATH,
  INGEST_EVENTS_PATH,
} from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceEventOutcome } from '../device-events/model';
import { type IngestApp, startIngestApp } from '../test/ingest-app';
import { postEvent, pressOf, processedEvent, startTestWorker, type TestWorker } from '../test/worker';
import { INGEST_BATCH_OPERATION_ID } from './routes';

/**
 * A gateway's batch of events (decision 0920): each event taken as the one-event route takes it, in the order
 * sent, the 202 once every one is stored; a bad event refuses the whole batch; its events count against the
 * gateway's budget one by one.
 */
describe('[WORKER][INGEST]: a batch of events (decision 0920)', () => {
  let t: TestWorker;
  let a: TestFacility;
  let b: TestFacility;

  beforeAll(async () => {
    t = await startTestWorker();
    [a, b] = await Promise.all([createTestFacility(t.prisma), createTestFacility(t.prisma)]);
  });
  afterAll(() => t.close());

  const beat = (hardwareId: string, extra: Record<string, unknown> = {}) => ({
    eventId: randomUUID(),
    hardwareId,
    type: 'HEARTBEAT',
    timestamp: new Date().toISOString(),
    ...extra,
  });
  const postBatch = (events: object[], key: string | null = a.gateway.key) =>
    t.worker.ingest.inject({
      method: 'POST',
      url: INGEST_EVENTS_BATCH_PATH,
      headers: key === null ? {} : { [GATEWAY_KEY_HEADER]: key },
      payload: { events },
    });
  const device = (id: string) => t.prisma.device.findUniqueOrThrow({ where: { id } });
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

  it("takes each event as the one-event route does: heartbeats on their devices before the 202, a press's alert, ids in order", async () => {
    const { pendant } = a.residents.AL;
    const { wallButton } = a.units.MC;
    await t.prisma.device.updateMany({
      where: { id: { in: [pendant.deviceId, wallButton.deviceId] } },
      data: { lastHeardAt: hoursAgo(2), batteryLevel: 50 },
    });
    const beats = [beat(pendant.hardwareId, { batteryLevel: 90 }), beat(wallButton.hardwareId)];
    const press = pressOf(a.residents.LTC.pendant.hardwareId);
    const res = await postBatch([beats[0]!, press, beats[1]!]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      accepted: true,
      eventIds: [beats[0]!.eventId, press.eventId, beats[1]!.eventId],
    });
    // Written directly (decision 0940): the bytes the schema's serializer wrote.
    expect(res.body).toBe(
      JSON.stringify({ accepted: true, eventIds: [beats[0]!.eventId, press.eventId, beats[1]!.eventId] }),
    );
    // Read right after the 202: every event was stored before it.
    const [p, w] = await Promise.all([device(pendant.deviceId), device(wallButton.deviceId)]);
    expect(p.lastHeardAt?.toISOString()).toBe(beats[0]!.timestamp);
    expect(p.batteryLevel).toBe(90);
    expect(w.lastHeardAt?.toISOString()).toBe(beats[1]!.timestamp);
    expect(await t.prisma.deviceEvent.count({ where: { eventId: press.eventId } })).toBe(1);
    const event = await processedEvent(t.prisma, press.eventId, a.gateway.id);
    expect(event.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    const tasks = await t.prisma.task.findMany({
      where: { facilityId: a.facilityId, deviceId: a.residents.LTC.pendant.deviceId, kind: 'ALERT' },
    });
    expect(tasks).toHaveLength(1);

    // The same batch again (a gateway retrying after a failed answer): accepted, no second effect.
    const again = await postBatch([beats[0]!, press, beats[1]!]);
    expect(again.statusCode).toBe(202);
    expect(await t.prisma.deviceEvent.count({ where: { eventId: press.eventId } })).toBe(1);
    expect(
      await t.prisma.task.count({
        where: { facilityId: a.facilityId, deviceId: a.residents.LTC.pendant.deviceId, kind: 'ALERT' },
      }),
    ).toBe(1);
  });

  it('keeps a batch to its gateway: another community’s device is recorded without effect', async () => {
    const theirs = pressOf(b.residents.AL.pendant.hardwareId);
    const res = await postBatch([theirs]);
    expect(res.statusCode).toBe(202);
    const event = await processedEvent(t.prisma, theirs.eventId, a.gateway.id);
    expect(event.outcome).not.toBe(DeviceEventOutcome.TASK_CREATED);
    expect(
      await t.prisma.task.count({ where: { deviceId: b.residents.AL.pendant.deviceId, kind: 'ALERT' } }),
    ).toBe(0);
  });

  it.each([
    [
      'a bad timestamp in its second event',
      (ok: object) => [ok, pressOf('hw-x', { timestamp: 'yesterday' })],
      'body.events.1.timestamp',
    ],
    ['an unknown type', (ok: object) => [ok, pressOf('hw-x', { type: 'PRESS' })], 'body.events.1.type'],
    ['no events', () => [], 'body.events'],
    [
      `more than ${INGEST_BATCH_MAX_EVENTS} events`,
      (ok: object) => Array.from({ length: INGEST_BATCH_MAX_EVENTS + 1 }, () => ok),
      'body.events',
    ],
  ])('refuses %s with a 400 naming the field, and stores none of it', async (_what, eventsOf, field) => {
    const { pendant } = a.residents.STR;
    const before = await device(pendant.deviceId);
    const ok = pressOf(pendant.hardwareId);
    const res = await postBatch(eventsOf(ok));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toMatchObject({ field });
    expect(await t.prisma.deviceEvent.count({ where: { eventId: ok.eventId } })).toBe(0);
    expect((await device(pendant.deviceId)).lastHeardAt).toEqual(before.lastHeardAt);
  });

  it('refuses a batch without a known gateway key with a 401', async () => {
    const event = pressOf(a.residents.STR.pendant.hardwareId);
    for (const key of [null, 'not-a-key']) {
      const res = await postBatch([event], key);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_gateway_key' });
    }
    expect(await t.prisma.deviceEvent.count({ where: { eventId: event.eventId } })).toBe(0);
  });

  it('documents the batch route beside the one-event route at /docs/json', async () => {
    const doc = (await t.worker.ingest.inject({ method: 'GET', url: '/docs/json' })).json();
    const op = doc.paths[INGEST_EVENTS_BATCH_PATH].post;
    expect(op.operationId).toBe(INGEST_BATCH_OPERATION_ID);
    expect(Object.keys(op.responses).sort()).toEqual(['202', '400', '401', '429']);
    expect(op.security).toEqual([{ gatewayKey: [] }]);
    const body = op.requestBody.content['application/json'].schema;
    expect(body.properties.events.maxItems).toBe(INGEST_BATCH_MAX_EVENTS);
    expect(body.properties.events.items.required).toEqual(
      expect.arrayContaining(['eventId', 'hardwareId', 'type', 'timestamp']),
    );
  });

  describe('[RATE_LIMIT]', () => {
    let ingest: IngestApp;

    beforeAll(async () => {
      ingest = await startIngestApp(t.db.url, 4);
    });
    afterAll(() => ingest.close());

    const batchTo = (facility: TestFacility, events: object[]) =>
      ingest.app.inject({
        method: 'POST',
        url: INGEST_EVENTS_BATCH_PATH,
        headers: { [GATEWAY_KEY_HEADER]: facility.gateway.key },
        payload: { events },
        remoteAddress: '10.1.2.4',
      });

    it("counts each event of a batch against the gateway's batch budget; a batch past it stores nothing; alerts posted alone keep their own budget", async () => {
      const first = await batchTo(a, [
        beat(a.units.STR.wallButton.hardwareId),
        beat(a.units.LTC.wallButton.hardwareId),
        beat(a.units.AL.wallButton.hardwareId),
      ]);
      expect(first.statusCode).toBe(202);
      expect(first.headers).toMatchObject({ 'x-ratelimit-limit': '4', 'x-ratelimit-remaining': '1' });

      // Two more events with one left: the whole batch is refused, neither stored.
      const presses = [
        pressOf(a.residents.STR.pendant.hardwareId),
        pressOf(a.residents.AL.pendant.hardwareId),
      ];
      const refused = await batchTo(a, presses);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({
        code: 'rate_limited',
        message: expect.stringMatching(
          /^Too many events from this gateway: at most 4 per 1 minute; retry after (59|60) s$/,
        ),
      });
      expect(
        await t.prisma.deviceEvent.count({ where: { eventId: { in: presses.map((p) => p.eventId) } } }),
      ).toBe(0);

      // The heartbeats held back took nothing from the budget of the alerts posted one by one.
      const alone = await ingest.app.inject({
        method: 'POST',
        url: INGEST_EVENTS_PATH,
        headers: { [GATEWAY_KEY_HEADER]: a.gateway.key },
        payload: presses[0],
        remoteAddress: '10.1.2.4',
      });
      expect(alone.statusCode).toBe(202);
      expect(alone.headers).toMatchObject({ 'x-ratelimit-limit': '4', 'x-ratelimit-remaining': '3' });

      // Another gateway has its own budget.
      expect((await batchTo(b, [beat(b.units.STR.wallButton.hardwareId)])).statusCode).toBe(202);
    });
  });

  it('the one-event route is unchanged beside it', async () => {
    const event = pressOf(a.residents.MC.pendant.hardwareId);
    const res = await postEvent(t.worker.ingest, event, a.gateway.key);
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe(`{"accepted":true,"eventId":"${event.eventId}"}`);
  });
});
