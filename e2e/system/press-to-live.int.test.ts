import { randomUUID } from 'node:crypto';
import { buildApp } from '@sage/api';
import { loadConfig } from '@sage/api/env';
import { connectLive, type LiveClient, openSessionToken } from '@sage/api/live-client';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH, type TLiveServerMessage } from '@sage/contract';
import { scheduleCareConfirmationTimeout } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { eventually, startTestWorker, type TestWorker } from '@sage/worker/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The whole path of an alert across processes: a gateway posts a press to the worker, the worker raises
 * the task and records the change, and two API instances on the same database each deliver it to their
 * own websocket clients.
 */
describe('[WORKER][LIVE]: a press reaches the clients of every API instance', () => {
  let t: TestWorker;
  let apis: FastifyInstance[];
  let urls: string[];
  let f: TestFacility;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await startTestWorker();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.db.url });
    apis = await Promise.all([0, 1].map(() => buildApp(config, { prisma: t.prisma, logger: false })));
    urls = await Promise.all(apis.map((api) => api.listen({ host: '127.0.0.1', port: 0 })));
    f = await createTestFacility(t.prisma);
    for (const [i, url] of urls.entries()) {
      const staffMemberId = i === 0 ? f.staff.caregiver.id : f.staff.manager.id;
      const { token } = await openSessionToken(t.prisma, staffMemberId, config.JWT_SECRET, 600);
      const client = await connectLive(url, { auth: { accessToken: token, staffMemberId } });
      await client.waitFor((m) => m.type === 'ready');
      clients.push(client);
    }
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const api of apis) await api.close();
    await t.close();
  });

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
  const changed = (status: string) => (m: TLiveServerMessage) =>
    m.type === 'task.changed' && m.status === status;

  it('both instances deliver the new task, then its confirmation by press and the server-side timeout', async () => {
    const { pendant } = f.residents.AL;
    await press(pendant.hardwareId);
    const created = await Promise.all(clients.map((c) => c.waitFor(changed('OPEN_UNCLAIMED'))));
    const task = await t.prisma.task.findUniqueOrThrow({ where: { openDeviceKey: pendant.deviceId } });
    for (const frame of created) {
      expect(frame).toMatchObject({ taskId: task.id, facilityId: f.facilityId, severity: 'HIGH_PRIORITY' });
    }

    // A caregiver starts care confirmation (what the API does), then presses the pendant.
    const startConfirming = (since: Date) =>
      t.prisma.$transaction(async (tx) => {
        await tx.task.update({
          where: { id: task.id },
          data: { status: 'OPEN_CONFIRMING', assigneeId: f.staff.caregiver.id, confirmingSince: since },
        });
        await scheduleCareConfirmationTimeout(tx, { taskId: task.id, confirmingSince: since.toISOString() });
      });
    await startConfirming(new Date());
    await press(pendant.hardwareId);
    await Promise.all(clients.map((c) => c.waitFor(changed('OPEN_CONFIRMED'))));

    // Confirming again, 29 s ago, with nobody pressing: the worker ends it, and both instances say so.
    await t.prisma.task.update({ where: { id: task.id }, data: { status: 'OPEN_CLAIMED' } });
    await startConfirming(new Date(Date.now() - 29_000));
    await Promise.all(clients.map((c) => c.waitFor(changed('OPEN_CLAIMED'), 10_000)));
    await eventually(async () => {
      const updates = await t.prisma.taskUpdate.findMany({ where: { taskId: task.id } });
      return updates.some((u) => u.type === 'CARE_CONFIRMATION_FAILED');
    });
  });
});
