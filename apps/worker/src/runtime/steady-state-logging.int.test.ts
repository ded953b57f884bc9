import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { eventually } from '../test/worker';
import { startWorker, type WorkerProcess } from '../worker';

/**
 * Issue #18: at the default level (info) nothing is written per accepted event (no request lines, no line per
 * job); what the ingest refuses is still written.
 */
describe('[WORKER][LOGGING]: the steady state writes nothing per event at the default level', () => {
  let db: TestDatabase;
  let worker: WorkerProcess;
  let facility: TestFacility;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: db.url });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    worker = await startWorker(config, { logger: { level: 'info', stream }, listen: false });
    facility = await createTestFacility(db.prisma);
  });
  afterAll(async () => {
    await worker?.close();
    await db?.drop();
  });

  const post = (body: object, key = facility.gateway.key) =>
    worker.ingest.inject({
      method: 'POST',
      url: INGEST_EVENTS_PATH,
      headers: { [GATEWAY_KEY_HEADER]: key },
      payload: body,
    });

  it('presses and heartbeats that are accepted and applied leave no line; a refused request leaves one', async () => {
    // Let start-up lines pass, then look only at what the events cause.
    await new Promise((r) => setTimeout(r, 300));
    lines.length = 0;
    const pendant = facility.residents.IL.pendant;
    const events = [
      { eventId: randomUUID(), hardwareId: pendant.hardwareId, type: 'BUTTON_PRESS' },
      { eventId: randomUUID(), hardwareId: pendant.hardwareId, type: 'HEARTBEAT' },
    ].map((e) => ({ ...e, timestamp: new Date().toISOString() }));
    for (const event of events) expect((await post(event)).statusCode).toBe(202);
    await eventually(async () => {
      const n = await db.prisma.deviceEvent.count({ where: { processedAt: { not: null } } });
      // The heartbeat is taken by the ingest's heartbeat path before its 202, no event stored (decision 0660).
      return n === events.length - 1;
    });
    // The press opened a task and its notification jobs ran (the test community has no one on shift).
    await eventually(() => db.prisma.task.findFirst({ where: { facilityId: facility.facilityId } }));
    await new Promise((r) => setTimeout(r, 500));
    expect(lines.filter((l) => l.level >= 30)).toEqual([]);

    expect((await post(events[0]!, 'not-a-gateway-key')).statusCode).toBe(401);
    expect(lines).toEqual([
      // The request's own logger (made on its first line, decision 0860) binds its id as before.
      expect.objectContaining({
        level: 40,
        msg: 'request refused',
        statusCode: 401,
        method: 'POST',
        reqId: expect.any(String),
      }),
    ]);
  });
});
