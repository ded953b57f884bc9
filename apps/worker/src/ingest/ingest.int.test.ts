import { randomUUID } from 'node:crypto';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceEventOutcome } from '../device-events/model';
import { postEvent, pressOf, processedEvent, startTestWorker, type TestWorker } from '../test/worker';

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
});
