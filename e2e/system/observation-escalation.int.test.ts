import { buildApp } from '@sage/api';
import { loadConfig } from '@sage/api/env';
import { openSessionToken } from '@sage/api/live-client';
import { PROFILE_HEADER, type TResidentActivity, type TTaskReply } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { createTestFacility, replaceAlertPolicy, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import {
  type LocalPushService,
  type ReceivedPush,
  startLocalPushService,
} from '@sage/notify/push-service-testing';
import { startWorker, type WorkerProcess } from '@sage/worker';
import { loadWorkerConfig } from '@sage/worker/env';
import { eventually } from '@sage/worker/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Observation escalation end to end (decision 0241): the real API records a resolution or a care log with
 * observations, the real job queue runs the facility's policy, the nurse on shift gets the push (local push
 * service, decrypted here) and the text (outbox, from the tasks number); the caregiver who observed does not.
 */
let db: TestDatabase;
let prisma: PrismaClient;
let push: LocalPushService;
let worker: WorkerProcess;
let api: FastifyInstance;
let jwtSecret: string;
let f: TestFacility;

const TASKS = '/admin/api/v1/tasks';

beforeAll(async () => {
  push = await startLocalPushService();
  db = await createTestDatabase();
  prisma = db.prisma;
  worker = await startWorker(
    loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url }),
    { logger: false, listen: false, notifications: { pushAgent: push.agent } },
  );
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
  jwtSecret = config.JWT_SECRET;
  api = await buildApp(config, { prisma, logger: false });
  await api.ready();

  f = await createTestFacility(prisma);
  const { facilityId, enterpriseId, groups, staff } = f;
  // The policy: block A at once to on-shift care staff only; break-glass much later. A task for the nurses
  // takes the timing from it and goes to the nurses (not to the care staff the filter names).
  await replaceAlertPolicy(prisma, { facilityId, enterpriseId }, 'Test policy', [
    {
      facilityId,
      executionTimeAfterStartInMs: 0,
      recurringIntervalInMs: 0,
      priority: 1,
      filters: { create: [{ facilityId, groupIds: [groups.CareStaff], onCallOnly: true }] },
    },
    {
      facilityId,
      executionTimeAfterStartInMs: 3_600_000,
      recurringIntervalInMs: 0,
      isBreakGlass: true,
      priority: 2,
      filters: { create: [{ facilityId, groupIds: [groups.Management], onCallOnly: false }] },
    },
  ]);
  await prisma.onCallState.createMany({
    data: [
      { facilityId, staffMemberId: staff.caregiver.id, isOnCall: true },
      { facilityId, staffMemberId: staff.nurse.id, isOnCall: true },
    ],
  });
  const nurse = push.subscribe(`nurse-${f.tag}`);
  const caregiver = push.subscribe(`caregiver-${f.tag}`);
  await prisma.webPushSubscription.createMany({
    data: [
      { recipientId: staff.nurse.id, facilityId, endpoint: nurse.endpoint, ...nurse.keys },
      { recipientId: staff.caregiver.id, facilityId, endpoint: caregiver.endpoint, ...caregiver.keys },
    ],
  });
  await prisma.phoneNumberSubscription.createMany({
    data: [
      {
        facilityId,
        senderPhoneNumber: f.taskNotificationNumber,
        recipientPhoneNumber: staff.nurse.phoneNumber,
        topic: 'TASKS',
        status: 'SUBSCRIBED',
      },
      {
        facilityId,
        senderPhoneNumber: f.taskNotificationNumber,
        recipientPhoneNumber: staff.caregiver.phoneNumber,
        topic: 'TASKS',
        status: 'SUBSCRIBED',
      },
    ],
  });
});

afterAll(async () => {
  await api?.close();
  await worker?.close();
  await push?.close();
  await db?.drop();
});

async function call(staffMemberId: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const { token } = await openSessionToken(prisma, staffMemberId, jwtSecret, 600);
  return api.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, [PROFILE_HEADER]: staffMemberId },
    ...(payload ? { payload } : {}),
  });
}

const pushesFor = (name: string, taskId: string): ReceivedPush[] =>
  push.received.filter(
    (r) => r.path.endsWith(name) && (r.payload as { data: { taskId: string } }).data.taskId === taskId,
  );
const escalationOf = (residentId: string, after: Date) =>
  eventually(() =>
    prisma.task.findFirst({
      where: {
        facilityId: f.facilityId,
        residentId,
        severity: 'ESCALATION_OBSERVATION',
        creationTimestamp: { gte: after },
      },
    }),
  );

describe('[OBSERVATIONS][ESCALATION]: observations reach the nurses (push and text)', () => {
  it('an observation on a resolution raises the task for Nurse/MedTech; the nurse is told and resolves it', async () => {
    const before = new Date();
    const task = (
      await call(f.staff.caregiver.id, 'POST', TASKS, {
        facilityId: f.facilityId,
        title: 'Help with shower',
        residentId: f.residents.AL.id,
        assigneeId: f.staff.caregiver.id,
      })
    ).json() as TTaskReply;
    const resolved = await call(f.staff.caregiver.id, 'PUT', `${TASKS}/${task.id}/resolve`, {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_BATHING' }],
      observations: ['SKIN', 'PAIN'],
      resolutionNote: 'Red patch on the left heel',
    });
    expect(resolved.statusCode).toBe(200);

    const escalation = await escalationOf(f.residents.AL.id, before);
    expect(escalation).toMatchObject({
      status: 'OPEN_UNCLAIMED',
      assigneeGroupId: f.groups.NurseMedTech,
      creatorStaffMemberId: f.staff.caregiver.id,
      observations: ['SKIN', 'PAIN'],
    });
    expect(escalation.title).toMatch(/^Observation: Skin, Pain - /);
    expect(escalation.description).toBe(
      'Observed by ' +
        `${f.staff.caregiver.firstName} ${f.staff.caregiver.lastName}` +
        " while resolving 'Help with shower'. Note: Red patch on the left heel",
    );

    // The nurse on shift gets the push and the text from the tasks number; the caregiver neither.
    const [nursePush] = await eventually(async () => {
      const p = pushesFor(`nurse-${f.tag}`, escalation.id);
      return p.length ? p : null;
    });
    expect((nursePush!.payload as { title: string }).title).toBe(escalation.title);
    const text = await eventually(() =>
      prisma.outboxMessage.findFirst({
        where: { to: f.staff.nurse.phoneNumber, body: { contains: 'Observation' } },
      }),
    );
    expect(text.from).toBe(f.taskNotificationNumber);
    expect(pushesFor(`caregiver-${f.tag}`, escalation.id)).toHaveLength(0);
    expect(
      await prisma.outboxMessage.count({
        where: { to: f.staff.caregiver.phoneNumber, body: { contains: 'Observation' } },
      }),
    ).toBe(0);

    // The nurse sees it among the tasks for her group, claims it and records what she did.
    const mine = await call(f.staff.nurse.id, 'POST', `${TASKS}/mine`, { facilityId: f.facilityId });
    expect((mine.json() as { tasks: { id: string }[] }).tasks.map((x) => x.id)).toContain(escalation.id);
    expect(
      (await call(f.staff.nurse.id, 'PUT', `${TASKS}/${escalation.id}`, { status: 'OPEN_CLAIMED' }))
        .statusCode,
    ).toBe(200);
    const done = await call(f.staff.nurse.id, 'PUT', `${TASKS}/${escalation.id}/resolve`, {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'REQUEST_MEDTECH' }],
      resolutionNote: 'Checked the heel, applied barrier cream',
      observations: ['SKIN'],
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'CLOSED_RESOLVED',
      resolutionNote: 'Checked the heel, applied barrier cream',
    });
    // The nurse's own follow-up is not escalated again.
    expect(
      await prisma.task.count({ where: { facilityId: f.facilityId, severity: 'ESCALATION_OBSERVATION' } }),
    ).toBe(1);
  });

  it('an observation on a care log raises it too; a refused body writes neither the log nor the task', async () => {
    const before = new Date();
    const bad = await call(f.staff.caregiver.id, 'POST', '/care/api/v1/loggedCare', {
      residentId: f.residents.MC.id,
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_EATING' }],
      observations: ['OTHER'],
    });
    expect(bad.statusCode).toBe(400);
    const logged = await call(f.staff.caregiver.id, 'POST', '/care/api/v1/loggedCare', {
      residentId: f.residents.MC.id,
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_EATING' }],
      observations: ['MOOD_BEHAVIOR'],
      resolutionNote: 'Agitated at lunch',
    });
    expect(logged.statusCode).toBe(201);
    expect((logged.json() as TResidentActivity).observations).toEqual(['MOOD_BEHAVIOR']);
    const escalation = await escalationOf(f.residents.MC.id, before);
    expect(escalation.title).toMatch(/^Observation: Mood\/Behavior - /);
    expect(
      await prisma.task.count({ where: { facilityId: f.facilityId, residentId: f.residents.MC.id } }),
    ).toBe(1);
    await eventually(async () => pushesFor(`nurse-${f.tag}`, escalation.id).length > 0);
  });
});
