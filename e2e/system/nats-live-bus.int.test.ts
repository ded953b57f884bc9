import { randomUUID } from 'node:crypto';
import { buildApp } from '@sage/api';
import { loadConfig } from '@sage/api/env';
import { connectLive, type LiveClient, openSessionToken } from '@sage/api/live-client';
import {
  GATEWAY_KEY_HEADER,
  INGEST_EVENTS_PATH,
  LIVE_CLOSE_CODE_UNAUTHORIZED,
  PROFILE_HEADER,
  SERVICE_BASE_PATHS,
  type TLiveServerMessage,
  ZTokenReplySchema,
} from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { type NatsServer, startNatsServer } from '@sage/live-bus/testing';
import { startTestWorker, type TestWorker } from '@sage/worker/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The live bus on NATS (LIVE_BUS_URL=nats://..., decision 0400) across processes, against a real nats-server:
 * a press applied by the worker, a logout on one API instance and a high five reach the websocket clients of
 * the other instance through NATS, and no API instance LISTENs on Postgres; changes committed while the NATS
 * server is down reach the clients once it is back. Without LIVE_BUS_URL the bus stays Postgres LISTEN/NOTIFY.
 */
describe('[WORKER][LIVE]: the live bus on NATS', () => {
  let nats: NatsServer;
  let t: TestWorker;
  let apis: FastifyInstance[];
  let urls: string[];
  let f: TestFacility;
  let config: ReturnType<typeof loadConfig>;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    t = await startTestWorker({ LIVE_BUS_URL: nats.url });
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: t.db.url,
      LIVE_BUS_URL: nats.url,
    });
    apis = await Promise.all([0, 1].map(() => buildApp(config, { prisma: t.prisma, logger: false })));
    urls = await Promise.all(apis.map((api) => api.listen({ host: '127.0.0.1', port: 0 })));
    f = await createTestFacility(t.prisma);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const api of apis ?? []) await api.close();
    await t?.close();
    await nats?.stop();
  });

  const live = async (url: string, staffMemberId: string, accessToken?: string) => {
    const token =
      accessToken ?? (await openSessionToken(t.prisma, staffMemberId, config.JWT_SECRET, 600)).token;
    const client = await connectLive(url, { auth: { accessToken: token, staffMemberId } });
    clients.push(client);
    await client.waitFor((m) => m.type === 'ready');
    return client;
  };
  const press = async (hardwareId: string) => {
    const res = await t.worker.ingest.inject({
      method: 'POST',
      url: INGEST_EVENTS_PATH,
      headers: { [GATEWAY_KEY_HEADER]: f.gateway.key },
      payload: {
        eventId: randomUUID(),
        hardwareId,
        type: 'BUTTON_PRESS',
        timestamp: new Date().toISOString(),
      },
    });
    expect(res.statusCode).toBe(202);
  };
  const created = (taskOf: () => Promise<string>) => async (clients: LiveClient[]) => {
    const frames = await Promise.all(
      clients.map((c) =>
        c.waitFor((m) => m.type === 'task.changed' && m.status === 'OPEN_UNCLAIMED', 10_000),
      ),
    );
    const taskId = await taskOf();
    for (const frame of frames) expect(frame).toMatchObject({ taskId, facilityId: f.facilityId });
  };
  const openTaskOf = (deviceId: string) => async () =>
    (await t.prisma.task.findUniqueOrThrow({ where: { openDeviceKey: deviceId } })).id;

  it('a press applied by the worker reaches the clients of both API instances, with no LISTEN on task changes', async () => {
    const both = [await live(urls[0]!, f.staff.caregiver.id), await live(urls[1]!, f.staff.manager.id)];
    const { pendant } = f.residents.AL;
    await press(pendant.hardwareId);
    await created(openTaskOf(pendant.deviceId))(both);
    // No API instance holds a LISTEN connection (the Postgres bus's, named sage-live-bus); one relay leads.
    const connections = await t.prisma.$queryRaw<{ name: string; n: number }[]>`
      SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND application_name IN ('sage-live-bus', 'sage-live-relay')
       GROUP BY application_name`;
    expect(connections).toEqual([{ name: 'sage-live-relay', n: 3 }]);
  });

  it('a change committed while the NATS server is down reaches the clients once it is back', async () => {
    const client = await live(urls[1]!, f.staff.nurse.id);
    await nats.stop();
    const resident = Object.values(f.residents).find((r) => r !== f.residents.AL)!;
    await press(resident.pendant.hardwareId);
    const deviceId = resident.pendant.deviceId;
    // Applied and committed with no NATS server to publish to.
    await expect
      .poll(async () => (await t.prisma.task.count({ where: { openDeviceKey: deviceId } })) === 1, {
        timeout: 10_000,
      })
      .toBe(true);
    await nats.start();
    await created(openTaskOf(deviceId))([client]);
  });

  it('a logout on one instance closes the session’s socket on the other (session ended through NATS)', async () => {
    const phoneNumber = f.staff.caregiver.phoneNumber;
    const remoteAddress = '10.9.0.1';
    const start = await apis[0]!.inject({
      method: 'POST',
      url: '/auth/api/v1/passwordless/start',
      payload: { phoneNumber },
      remoteAddress,
    });
    expect(start.statusCode).toBe(200);
    const outbox = await apis[0]!.inject({ url: `/dev/api/v1/outbox?to=${encodeURIComponent(phoneNumber)}` });
    const code = (outbox.json() as { body: string }[])[0]?.body.match(/\b(\d{6})\b/)?.[1];
    const verified = await apis[0]!.inject({
      method: 'POST',
      url: '/auth/api/v1/passwordless/verify',
      payload: { phoneNumber, code },
    });
    const session = ZTokenReplySchema.parse(verified.json());
    const there = await live(urls[1]!, session.staffMemberId, session.accessToken);
    const out = await apis[0]!.inject({
      method: 'POST',
      url: '/auth/api/v1/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect(await there.closed).toEqual({ code: LIVE_CLOSE_CODE_UNAUTHORIZED, reason: 'session ended' });
  });

  it('a high five sent on one instance reaches the recipient on the other (through NATS)', async () => {
    const nurse = await live(urls[1]!, f.staff.nurse.id);
    const { token } = await openSessionToken(t.prisma, f.staff.manager.id, config.JWT_SECRET, 600);
    const sent = await apis[0]!.inject({
      method: 'POST',
      url: `${SERVICE_BASE_PATHS.gamification}/recognitions`,
      headers: { authorization: `Bearer ${token}`, [PROFILE_HEADER]: f.staff.manager.id },
      payload: { facilityRid: f.facilityId, recipientRid: f.staff.nurse.id, note: 'Thank you!' },
    });
    expect(sent.statusCode).toBe(201);
    const { recognitionRid } = sent.json() as { recognitionRid: string };
    const frame = await nurse.waitFor(
      (m: TLiveServerMessage) => m.type === 'recognition.received' && m.recognitionRid === recognitionRid,
      10_000,
    );
    expect(frame).toMatchObject({ type: 'recognition.received', recognitionRid });
  });

  it('without LIVE_BUS_URL an API instance LISTENs on Postgres (the default bus)', async () => {
    const pgConfig = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.db.url });
    expect(pgConfig.LIVE_BUS_URL).toBeUndefined();
    const app = await buildApp(pgConfig, { prisma: t.prisma, logger: false });
    try {
      const listening = await t.prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'sage-live-bus'`;
      expect(listening[0]!.n).toBe(1);
    } finally {
      await app.close();
    }
  });
});
