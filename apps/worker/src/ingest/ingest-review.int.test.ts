import { randomUUID } from 'node:crypto';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceEventOutcome } from '../device-events/model';
import { type IngestApp, startIngestApp } from '../test/ingest-app';
import { postEvent, pressOf, processedEvent, startTestWorker, type TestWorker } from '../test/worker';
import { INGEST_OPERATION_ID } from './routes';

/** The device-ingest defects found at review (issue 17): tenancy, event ids, timestamps, ids, limits, docs. */
describe('[WORKER][INGEST]: review fixes', () => {
  let t: TestWorker;
  let a: TestFacility;
  let b: TestFacility;

  beforeAll(async () => {
    t = await startTestWorker();
    [a, b] = await Promise.all([createTestFacility(t.prisma), createTestFacility(t.prisma)]);
  });
  afterAll(() => t.close());

  const post = (body: object, facility: TestFacility = a) =>
    postEvent(t.worker.ingest, body, facility.gateway.key);
  const press = pressOf;
  const processed = (gatewayId: string, eventId: string) => processedEvent(t.prisma, eventId, gatewayId);

  describe('[TENANCY]', () => {
    it("refuses a gateway's event for another community's device: recorded, nothing changes", async () => {
      const pendant = b.residents.IL.pendant;
      const before = await t.prisma.device.findUniqueOrThrow({ where: { id: pendant.deviceId } });
      const event = press(pendant.hardwareId, { batteryLevel: 3 });
      // 202 as for unknown hardware: a gateway cannot probe other communities' hardware ids (decision 0100).
      expect((await post(event, a)).statusCode).toBe(202);
      const stored = await processed(a.gateway.id, event.eventId);
      expect(stored.outcome).toBe(DeviceEventOutcome.REFUSED_OTHER_COMMUNITY);
      expect(stored.deviceId).toBeNull();

      const after = await t.prisma.device.findUniqueOrThrow({ where: { id: pendant.deviceId } });
      expect(after.batteryLevel).toBe(before.batteryLevel);
      expect(after.lastPressTimestamp).toEqual(before.lastPressTimestamp);
      expect(after.lastHeardAt).toEqual(before.lastHeardAt);
      expect(await t.prisma.task.count({ where: { deviceId: pendant.deviceId } })).toBe(0);
      expect(await t.prisma.task.count({ where: { facilityId: a.facilityId } })).toBe(0);
      expect(await t.prisma.deviceActivity.count({ where: { deviceId: pendant.deviceId } })).toBe(0);
    });

    it("accepts a device with no facility registered to the gateway's enterprise", async () => {
      const spare = a.sparePendant;
      await t.prisma.device.update({
        where: { id: spare.deviceId },
        data: { facilityId: null, enterpriseId: a.enterpriseId },
      });
      const event = press(spare.hardwareId, { type: 'HEARTBEAT', batteryLevel: 77 });
      expect((await post(event, a)).statusCode).toBe(202);
      expect((await processed(a.gateway.id, event.eventId)).outcome).toBe(
        DeviceEventOutcome.UNALLOCATED_DEVICE,
      );
      expect((await t.prisma.device.findUniqueOrThrow({ where: { id: spare.deviceId } })).batteryLevel).toBe(
        77,
      );

      // The same device is another community's for a gateway of another enterprise.
      const other = press(spare.hardwareId, { type: 'HEARTBEAT', batteryLevel: 5 });
      expect((await post(other, b)).statusCode).toBe(202);
      expect((await processed(b.gateway.id, other.eventId)).outcome).toBe(
        DeviceEventOutcome.REFUSED_OTHER_COMMUNITY,
      );
      expect((await t.prisma.device.findUniqueOrThrow({ where: { id: spare.deviceId } })).batteryLevel).toBe(
        77,
      );
    });
  });

  describe('[EVENT_IDS]', () => {
    it("scopes event ids to the gateway: another gateway's id never swallows a press", async () => {
      const eventId = randomUUID();
      const fromA = press(a.residents.AL.pendant.hardwareId, { eventId });
      const fromB = press(b.residents.AL.pendant.hardwareId, { eventId });
      expect((await post(fromA, a)).statusCode).toBe(202);
      expect((await post(fromB, b)).statusCode).toBe(202);
      expect((await processed(a.gateway.id, eventId)).outcome).toBe(DeviceEventOutcome.TASK_CREATED);
      expect((await processed(b.gateway.id, eventId)).outcome).toBe(DeviceEventOutcome.TASK_CREATED);
      expect(await t.prisma.task.count({ where: { openDeviceKey: a.residents.AL.pendant.deviceId } })).toBe(
        1,
      );
      expect(await t.prisma.task.count({ where: { openDeviceKey: b.residents.AL.pendant.deviceId } })).toBe(
        1,
      );

      // The same gateway sending it again: accepted, no second row, no second effect.
      expect((await post(fromA, a)).statusCode).toBe(202);
      expect(await t.prisma.deviceEvent.count({ where: { gatewayId: a.gateway.id, eventId } })).toBe(1);
      const task = await t.prisma.task.findFirstOrThrow({
        where: { openDeviceKey: a.residents.AL.pendant.deviceId },
        include: { updates: true },
      });
      expect(task.updates.map((u) => u.type)).toEqual(['CREATED']);
    });
  });

  describe('[TIMESTAMPS]', () => {
    it.each([
      ['year 0', '0000-01-01T00:00:00Z'],
      ['year 1999', '1999-12-31T23:59:59Z'],
      ['year 2100', '2100-01-01T00:00:00Z'],
      ['year 10000', '10000-01-01T00:00:00Z'],
      ['an expanded year', '+010000-01-01T00:00:00Z'],
    ])('refuses %s with a 400 naming body.timestamp', async (_what, timestamp) => {
      const event = press(a.residents.MC.pendant.hardwareId, { timestamp });
      const res = await post(event);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toMatchObject({ field: 'body.timestamp' });
      expect(await t.prisma.deviceEvent.count({ where: { eventId: event.eventId } })).toBe(0);
    });

    it("stores an event stamped ahead of the server's clock with its receipt time, and still raises the alert", async () => {
      const ahead = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      const event = press(a.residents.MC.pendant.hardwareId, { timestamp: ahead });
      expect((await post(event)).statusCode).toBe(202);
      const stored = await processed(a.gateway.id, event.eventId);
      expect(stored.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
      expect(stored.reportedTimestamp?.toISOString()).toBe(ahead);
      expect(stored.eventTimestamp).toEqual(stored.receivedAt);
      const device = await t.prisma.device.findUniqueOrThrow({
        where: { id: a.residents.MC.pendant.deviceId },
      });
      expect(device.lastPressTimestamp).toEqual(stored.receivedAt);
    });

    it('applies an event buffered for hours (a gateway back online), and records a days-old one as suspect', async () => {
      const pendant = a.residents.LTC.pendant;
      const buffered = press(pendant.hardwareId, {
        timestamp: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
      });
      expect((await post(buffered)).statusCode).toBe(202);
      expect((await processed(a.gateway.id, buffered.eventId)).outcome).toBe(DeviceEventOutcome.TASK_CREATED);
      const task = await t.prisma.task.findFirstOrThrow({ where: { openDeviceKey: pendant.deviceId } });
      await t.prisma.task.update({
        where: { id: task.id },
        data: { status: 'CLOSED_RESOLVED', openDeviceKey: null },
      });
      const before = await t.prisma.device.findUniqueOrThrow({ where: { id: pendant.deviceId } });

      const old = press(pendant.hardwareId, {
        timestamp: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
        batteryLevel: 5,
      });
      expect((await post(old)).statusCode).toBe(202);
      const stored = await processed(a.gateway.id, old.eventId);
      expect(stored.outcome).toBe(DeviceEventOutcome.STALE_EVENT);
      expect(
        await t.prisma.task.count({
          where: { deviceId: pendant.deviceId, status: { not: 'CLOSED_RESOLVED' } },
        }),
      ).toBe(0);
      const after = await t.prisma.device.findUniqueOrThrow({ where: { id: pendant.deviceId } });
      expect(after.batteryLevel).toBe(before.batteryLevel);
      expect(after.lastPressTimestamp).toEqual(before.lastPressTimestamp);
    });
  });

  describe('[IDS]', () => {
    it.each([
      ['eventId', { eventId: 'a\u0000b' }],
      ['eventId', { eventId: 'line\nbreak' }],
      ['hardwareId', { hardwareId: 'PENDANT\u0000' }],
      ['hardwareId', { hardwareId: '\u0007bell' }],
    ])('refuses a control character in %s with a 400 naming it', async (field, extra) => {
      const res = await post(press('X', extra));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toMatchObject({ field: `body.${field}`, rule: 'format' });
    });

    it('refuses ids longer than 200 characters', async () => {
      const res = await post(press('H'.repeat(201)));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toMatchObject({ field: 'body.hardwareId', rule: 'maximum' });
    });
  });

  describe('[OPENAPI]', () => {
    it('documents the ingest route for hardware vendors at /docs/json', async () => {
      const res = await t.worker.ingest.inject({ method: 'GET', url: '/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      const op = doc.paths[INGEST_EVENTS_PATH].post;
      expect(op.operationId).toBe(INGEST_OPERATION_ID);
      expect(op.summary).toBeTruthy();
      expect(Object.keys(op.responses).sort()).toEqual(['202', '400', '401', '429']);
      // The header, as OpenAPI says an API key header: a security scheme the operation requires.
      expect(op.security).toEqual([{ gatewayKey: [] }]);
      const body = op.requestBody.content['application/json'].schema;
      expect(body.required).toEqual(expect.arrayContaining(['eventId', 'hardwareId', 'type', 'timestamp']));
      expect(body.properties.type.enum).toContain('HEARTBEAT');
      expect(doc.components.securitySchemes.gatewayKey).toMatchObject({
        in: 'header',
        name: GATEWAY_KEY_HEADER,
      });
      // The UI too.
      expect((await t.worker.ingest.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
    });
  });

  describe('[RATE_LIMIT]', () => {
    let ingest: IngestApp;

    beforeAll(async () => {
      ingest = await startIngestApp(t.db.url, 3);
    });
    afterAll(() => ingest.close());

    const postTo = (
      facility: TestFacility,
      body: object = press(facility.residents.STR.pendant.hardwareId),
    ) =>
      ingest.app.inject({
        method: 'POST',
        url: INGEST_EVENTS_PATH,
        headers: { [GATEWAY_KEY_HEADER]: facility.gateway.key },
        payload: body,
        remoteAddress: '10.1.2.3',
      });

    it('answers 429 with Retry-After past a gateway key’s budget, counting each key apart', async () => {
      for (let i = 0; i < 3; i++) {
        const accepted = await postTo(a, press(a.units.STR.wallButton.hardwareId, { type: 'HEARTBEAT' }));
        expect(accepted.statusCode).toBe(202);
        // The budget's headers on every answer, as @fastify/rate-limit wrote them (decision 0860).
        expect(accepted.headers).toMatchObject({
          'x-ratelimit-limit': '3',
          'x-ratelimit-remaining': String(2 - i),
          'x-ratelimit-reset': expect.stringMatching(/^(59|60)$/),
        });
      }
      const refused = press(a.residents.STR.pendant.hardwareId);
      const res = await postTo(a, refused);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0' });
      expect(res.headers['x-ratelimit-reset']).toBe(res.headers['retry-after']);
      expect(res.json()).toMatchObject({
        statusCode: 429,
        error: 'Too Many Requests',
        code: 'rate_limited',
        message: expect.stringMatching(
          /^Too many events from this gateway: at most 3 per 1 minute; retry after (59|60) s$/,
        ),
      });
      expect(await t.prisma.deviceEvent.count({ where: { eventId: refused.eventId } })).toBe(0);

      // Another gateway behind the same address has its own budget.
      expect(
        (await postTo(b, press(b.units.STR.wallButton.hardwareId, { type: 'HEARTBEAT' }))).statusCode,
      ).toBe(202);
    });
  });
});
