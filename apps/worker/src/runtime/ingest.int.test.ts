import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { createTestFacility } from '@sage/db/factories';
import { createTestDatabase, startTcpRelay } from '@sage/db/testing';
import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { startIngest } from './ingest';

describe('[WORKER][INGEST]: while the database is unreachable (decision 0112)', () => {
  it('answers 503 with Retry-After, stores nothing, and accepts the same event once the database is back', async () => {
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
});
