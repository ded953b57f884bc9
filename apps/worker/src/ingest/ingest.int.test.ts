import { randomUUID } from 'node:crypto';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceEventOutcome } from '../device-events/model';
import { postEvent, pressOf, processedEvent, startTestWorker, type TestWorker } from '../test/worker';

/** The 400s as the schemas wrote them before decision 0860 (taken from main at 2e914d0), byte for byte. */
const BAD_LONG_KEY =
  '{"statusCode":400,"error":"Bad Request","message":"headers.x-gateway-key: Too big: expected string to have <=500 characters (maximum)","code":"VALIDATION_FAILED","issues":[{"field":"headers.x-gateway-key","rule":"maximum","message":"Too big: expected string to have <=500 characters"}]}';
const BAD_BODY =
  '{"statusCode":400,"error":"Bad Request","message":"body.hardwareId: Too small: expected string to have >=1 characters (minimum)","code":"VALIDATION_FAILED","issues":[{"field":"body.hardwareId","rule":"minimum","message":"Too small: expected string to have >=1 characters"},{"field":"body.hardwareId","rule":"format","message":"must not contain control characters"},{"field":"body.batteryLevel","rule":"type","message":"Invalid input: expected int, received number"}]}';
const BAD_ARRAY =
  '{"statusCode":400,"error":"Bad Request","message":"body: Invalid input: expected object, received array (type)","code":"VALIDATION_FAILED","issues":[{"field":"body","rule":"type","message":"Invalid input: expected object, received array"}]}';

describe('[WORKER][INGEST]: device events from facility gateways', () => {
  let t: TestWorker;
  let facility: TestFacility;

  beforeAll(async () => {
    t = await startTestWorker();
    facility = await createTestFacility(t.prisma);
  });
  afterAll(() => t.close());

  const post = (body: object, key: string | null = facility.gateway.key) =>
    postEvent(t.worker.ingest, body, key);
  const press = pressOf;
  const processed = (eventId: string) => processedEvent(t.prisma, eventId);

  it('stores the event before answering 202, then records the device activity', async () => {
    const pendant = facility.residents.AL.pendant;
    const event = press(pendant.hardwareId, { batteryLevel: 64 });
    const res = await post(event);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true, eventId: event.eventId });
    // Durable at the time of the reply.
    expect(await t.prisma.deviceEvent.count({ where: { eventId: event.eventId } })).toBe(1);

    const stored = await processed(event.eventId);
    expect(stored.outcome).toBe(DeviceEventOutcome.TASK_CREATED);
    const device = await t.prisma.device.findUniqueOrThrow({ where: { hardwareId: pendant.hardwareId } });
    expect(device.batteryLevel).toBe(64);
    expect(device.lastPressTimestamp?.toISOString()).toBe(event.timestamp);
    expect(await t.prisma.deviceActivity.count({ where: { deviceEventId: stored.id } })).toBe(1);
  });

  it('accepts the same eventId again with no second effect', async () => {
    const event = press(facility.units.MC.wallButton.hardwareId);
    expect((await post(event)).statusCode).toBe(202);
    expect((await post(event)).statusCode).toBe(202);
    const stored = await processed(event.eventId);
    expect(await t.prisma.deviceEvent.count({ where: { eventId: event.eventId } })).toBe(1);
    // Give a (wrongly) queued second job time to run, then check it did nothing.
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.prisma.deviceActivity.count({ where: { deviceEventId: stored.id } })).toBe(1);
  });

  it('stores unknown hardware as unallocated activity', async () => {
    const event = press(`UNKNOWN-${randomUUID()}`);
    expect((await post(event)).statusCode).toBe(202);
    const stored = await processed(event.eventId);
    expect(stored.outcome).toBe(DeviceEventOutcome.UNALLOCATED_HARDWARE);
    expect(stored.deviceId).toBeNull();
  });

  it('refuses a missing or unknown gateway key with 401 and stores nothing', async () => {
    const event = press(facility.residents.AL.pendant.hardwareId);
    expect((await post(event, null)).statusCode).toBe(401);
    const wrong = await post(event, 'not-the-key');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_gateway_key');
    expect(await t.prisma.deviceEvent.count({ where: { eventId: event.eventId } })).toBe(0);
  });

  it('answers a bad body with 400 naming the field', async () => {
    const res = await post({ ...press('X'), type: 'EXPLODED' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toMatchObject({ field: 'body.type', rule: 'enum' });
    const noTimestamp = await post({ eventId: 'e', hardwareId: 'h', type: 'BUTTON_PRESS' });
    expect(noTimestamp.json().issues[0]).toMatchObject({ field: 'body.timestamp' });
  });

  // The route's own validators and 202 (decision 0860) answer as the schemas did: the same JSON, the same 400s.
  it('answers the 202 as its schema writes it, and bad input with the schemas’ own 400s', async () => {
    const event = press(`UNKNOWN-${randomUUID()}`, { type: 'HEARTBEAT', extra: 'ignored' });
    const ok = await post(event);
    expect(ok.statusCode).toBe(202);
    expect(ok.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ok.body).toBe(`{"accepted":true,"eventId":${JSON.stringify(event.eventId)}}`);

    const longKey = await post(press('X'), 'k'.repeat(501));
    expect(longKey.statusCode).toBe(400);
    expect(longKey.body).toBe(BAD_LONG_KEY);
    const bad = await post({ ...press('X'), batteryLevel: 100.5, hardwareId: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe(BAD_BODY);
    const notAnObject = await t.worker.ingest.inject({
      method: 'POST',
      url: INGEST_EVENTS_PATH,
      headers: { [GATEWAY_KEY_HEADER]: facility.gateway.key, 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.body).toBe(BAD_ARRAY);
  });
});
