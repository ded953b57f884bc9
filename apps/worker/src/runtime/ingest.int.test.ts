import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { createTestFacility } from '@sage/db/factories';
import { createTestDatabase, startTcpRelay } from '@sage/db/testing';
import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { startIngest } from './ingest';

/** A test database with a facility, and an ingest reaching it through a relay the test can cut; its log lines. */
async function ingestBehindRelay() {
  const db = await createTestDatabase();
  const facility = await createTestFacility(db.prisma);
  const relay = await startTcpRelay({
    host: new URL(db.url).hostname,
    port: Number(new URL(db.url).port || 5432),
  });
  const relayed = new URL(db.url);
  relayed.host = `127.0.0.1:${relay.port}`;
  const config = loadWorkerConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: relayed.toString(),
  });
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const { ingest, close } = await startIngest(config, { logger: { level: 'info', stream }, listen: false });
  return { db, facility, relay, lines, ingest, close };
}

describe('[WORKER][INGEST]: while the database is unreachable (decision 0112)', () => {
  it('answers 503 with Retry-After, stores nothing, and accepts the same event once the database is back', async () => {
    const { db, facility, relay, lines, ingest, close } = await ingestBehindRelay();
    const eventId = randomUUID();
    const post = () =>
      ingest.inject({
        method: 'POST',
        url: INGEST_EVENTS_PATH,
        headers: { [GATEWAY_KEY_HEADER]: facility.gateway.key },
        payload: {
          eventId,
          hardwareId: facility.residents.MC.pendant.hardwareId,
          type: 'BUTTON_PRESS',
          timestamp: new Date().toISOString(),
        },
      });
    try {
      await relay.cut();
      const refused = await post();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toMatchObject({ statusCode: 503, code: 'database_unavailable' });
      expect(await db.prisma.deviceEvent.count({ where: { eventId } })).toBe(0);
      // The gateway resends each second: the loss is one warning, not a line per refusal (decision 0591).
      for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(503);

      await relay.restore();
      const accepted = await post();
      expect(accepted.statusCode).toBe(202);
      const said = lines.filter((l) => l.level >= 30).map((l) => `${l.level} ${l.msg}`);
      expect(said.filter((l) => l.startsWith('50') || l.startsWith('60'))).toEqual([]);
      expect(said.filter((l) => l.includes('database connection'))).toEqual([
        '40 database connection lost: retrying (further failures at debug level)',
        '30 database connection back',
      ]);
      expect(await db.prisma.deviceEvent.count({ where: { eventId } })).toBe(1);
      // A bad key is still a 401, not a 503: only an unreachable database is.
      const unknownKey = await ingest.inject({
        method: 'POST',
        url: INGEST_EVENTS_PATH,
        headers: { [GATEWAY_KEY_HEADER]: 'not-a-key' },
        payload: {
          eventId: randomUUID(),
          hardwareId: 'X',
          type: 'BUTTON_PRESS',
          timestamp: new Date().toISOString(),
        },
      });
      expect(unknownKey.statusCode).toBe(401);
    } finally {
      await close();
      await relay.cut();
      await db.drop();
    }
  });

  it('a heartbeat meeting the loss on the heartbeat path answers 503 too, the loss logged once; taken once back', async () => {
    const { db, facility, relay, lines, ingest, close } = await ingestBehindRelay();
    const { pendant } = facility.residents.AL;
    const beat = () => ({
      eventId: randomUUID(),
      hardwareId: pendant.hardwareId,
      type: 'HEARTBEAT',
      timestamp: new Date().toISOString(),
    });
    const post = (body: object) =>
      ingest.inject({
        method: 'POST',
        url: INGEST_EVENTS_PATH,
        headers: { [GATEWAY_KEY_HEADER]: facility.gateway.key },
        payload: body,
      });
    try {
      // Taken while the database is there (and the gateway's key remembered, decision 0410's 5 s).
      expect((await post(beat())).statusCode).toBe(202);
      await relay.cut();
      const lost = beat();
      const refused = await post(lost);
      expect(refused.statusCode).toBe(503);
      expect((await post(lost)).statusCode).toBe(503);

      await relay.restore();
      const back = beat();
      expect((await post(back)).statusCode).toBe(202);
      const device = await db.prisma.device.findUniqueOrThrow({ where: { id: pendant.deviceId } });
      expect(device.lastHeardAt?.toISOString()).toBe(back.timestamp);
      expect(await db.prisma.deviceEvent.count({ where: { hardwareId: pendant.hardwareId } })).toBe(0);
      const said = lines.filter((l) => l.level >= 30).map((l) => `${l.level} ${l.msg}`);
      expect(said.filter((l) => l.startsWith('50') || l.startsWith('60') || l.includes('heartbeat'))).toEqual(
        [],
      );
      expect(said.filter((l) => l.includes('database connection'))).toEqual([
        '40 database connection lost: retrying (further failures at debug level)',
        '30 database connection back',
      ]);
    } finally {
      await close();
      await relay.cut();
      await db.drop();
    }
  });
});
