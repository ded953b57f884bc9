import { randomUUID } from 'node:crypto';
import { buildApp } from '@sage/api';
import { loadConfig } from '@sage/api/env';
import { openSessionToken } from '@sage/api/live-client';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH, PROFILE_HEADER } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { eventually, startTestWorker, type TestWorker } from '@sage/worker/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A simulated press (POST /admin/api/v1/devices/{deviceType}/simulate) goes through the same path as a
 * gateway's (docs/decisions/0190): the same stored event and job, applied by the worker's job runner into the
 * same task. Two residents' pendants of one community: one pressed through the ingest, one simulated.
 */
describe('[WORKER][SIMULATE]: a simulated press creates a task exactly as a gateway press does', () => {
  let t: TestWorker;
  let api: FastifyInstance;
  let f: TestFacility;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await startTestWorker();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.db.url });
    api = await buildApp(config, { prisma: t.prisma, logger: false });
    await api.ready();
    f = await createTestFacility(t.prisma);
    const { token } = await openSessionToken(t.prisma, f.staff.manager.id, config.JWT_SECRET, 600);
    headers = { authorization: `Bearer ${token}`, [PROFILE_HEADER]: f.staff.manager.id };
  });
  afterAll(async () => {
    await api.close();
    await t.close();
  });

  /** The task of a press, with what differs between two residents' presses (ids, names, times) left out. */
  const taskOf = async (deviceId: string, resident: { firstName: string; lastName: string }) => {
    const task = await eventually(() =>
      t.prisma.task.findFirst({
        where: { deviceId },
        include: { updates: { orderBy: { createdAt: 'asc' } } },
      }),
    );
    const event = await t.prisma.deviceEvent.findFirstOrThrow({ where: { deviceId } });
    const activity = await t.prisma.deviceActivity.findFirstOrThrow({ where: { deviceId } });
    const device = await t.prisma.device.findUniqueOrThrow({ where: { id: deviceId } });
    // The task's notification escalation starts (a job the press queued, run by the worker).
    const escalation = await eventually(() =>
      t.prisma.notificationContext.findFirst({ where: { taskId: task.id } }),
    );
    return {
      task: {
        title: task.title.replaceAll(resident.firstName, '<first>').replaceAll(resident.lastName, '<last>'),
        status: task.status,
        severity: task.severity,
        severityRank: task.severityRank,
        kind: task.kind,
        facilityId: task.facilityId,
        hasResident: task.residentId !== null,
        openDeviceKey: task.openDeviceKey === deviceId,
        isTest: task.isTest,
        gatewayId: task.gatewayId,
        updates: task.updates.map((u) => [u.type, u.deviceId === deviceId]),
      },
      event: { outcome: event.outcome, processed: event.processedAt !== null, type: event.type },
      activity: { type: activity.type, taskId: activity.taskId === task.id },
      devicePressed: device.lastPressTimestamp !== null,
      escalation: { policyId: escalation.policyId, policyVersion: escalation.policyVersion },
    };
  };

  it('gives the same task, updates, activity, device state and notification escalation', async () => {
    const pressed = f.residents.AL;
    const simulated = f.residents.MC;

    const ingest = await t.worker.ingest.inject({
      method: 'POST',
      url: INGEST_EVENTS_PATH,
      headers: { [GATEWAY_KEY_HEADER]: f.gateway.key },
      payload: {
        eventId: randomUUID(),
        hardwareId: pressed.pendant.hardwareId,
        type: 'BUTTON_PRESS',
        timestamp: new Date().toISOString(),
      },
    });
    expect(ingest.statusCode).toBe(202);
    const simulate = await api.inject({
      method: 'POST',
      url: '/admin/api/v1/devices/SAGE_BUTTON/simulate',
      headers,
      payload: { facilityRid: f.facilityId, hardwareId: simulated.pendant.hardwareId },
    });
    expect(simulate.statusCode).toBe(202);

    const fromGateway = await taskOf(pressed.pendant.deviceId, pressed);
    const fromSimulation = await taskOf(simulated.pendant.deviceId, simulated);
    expect(fromGateway.task.status).toBe('OPEN_UNCLAIMED');
    expect(fromGateway.event).toEqual({ outcome: 'TASK_CREATED', processed: true, type: 'BUTTON_PRESS' });
    expect(fromGateway.escalation.policyId).toBe(f.notificationPolicyId);
    expect(fromSimulation).toEqual(fromGateway);
  });
});
