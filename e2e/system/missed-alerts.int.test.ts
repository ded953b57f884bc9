import { createHmac } from 'node:crypto';
import { buildApp } from '@sage/api';
import { loadConfig } from '@sage/api/env';
import {
  messageDeliveryPath,
  PUSH_RECEIPT_HEADER,
  SERVICE_BASE_PATHS,
  SEVERITY_VALUES,
  SMS_STATUS_CALLBACK_PATH,
  type TPushPayload,
  TWILIO_SIGNATURE_HEADER,
} from '@sage/contract';
import { missedAlertJobKey, type PrismaClient, scheduleTaskNotifications } from '@sage/db';
import { createTestFacility, replaceAlertPolicy, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import type { SmsTransport } from '@sage/notify';
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
 * Missed alerts (decision 0144), end to end: the real queue, the loopback push service, the API's delivery
 * receipt route for SHOWN reports. The limit to be SHOWN is a minute here (PUSH_SHOWN_TIMEOUT_SECONDS): the test
 * checks the check job is due then, and brings it forward with graphile-worker's reschedule_jobs rather than
 * waiting. Policy: block 0 at once to on-shift care staff; block 1 (break-glass) after 10 minutes to management,
 * so a management push within the test can only be the escalation brought forward.
 */
let db: TestDatabase;
let prisma: PrismaClient;
let push: LocalPushService;
let worker: WorkerProcess;
let api: FastifyInstance;
let webhookToken: string;
const refusedNumbers = new Set<string>();

const SHOWN_LIMIT_S = 60;
const SECOND_BLOCK_MS = 10 * 60_000;

beforeAll(async () => {
  push = await startLocalPushService();
  db = await createTestDatabase();
  prisma = db.prisma;
  const apiConfig = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
  webhookToken = apiConfig.SMS_WEBHOOK_DEV_TOKEN;
  api = await buildApp(apiConfig, { prisma, logger: false });
  await api.ready();
  // The carrier refuses some numbers (as Twilio does with error 30006); the others go to the outbox.
  const sms: SmsTransport = {
    kind: 'outbox',
    async send(message) {
      if (refusedNumbers.has(message.to)) {
        throw Object.assign(new Error('Landline or unreachable carrier'), { code: 30006 });
      }
      const { statusCallback: _callback, ...text } = message;
      const stored = await prisma.outboxMessage.create({
        data: { channel: 'SMS', ...text },
        select: { id: true },
      });
      return { providerMessageId: `SM${stored.id.replaceAll('-', '')}` };
    },
  };
  const config = loadWorkerConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    PUSH_SHOWN_TIMEOUT_SECONDS: String(SHOWN_LIMIT_S),
  });
  worker = await startWorker(config, {
    logger: false,
    listen: false,
    notifications: { pushAgent: push.agent, sms },
  });
});

afterAll(async () => {
  await worker?.close();
  await api?.close();
  await push?.close();
  await db?.drop();
});

async function setUp(options: { caregiverBy: 'push' | 'text' }) {
  const f = await createTestFacility(prisma);
  const { facilityId, enterpriseId, groups, staff } = f;
  await replaceAlertPolicy(prisma, { facilityId, enterpriseId }, 'Missed-alert test policy', [
    {
      facilityId,
      executionTimeAfterStartInMs: 0,
      recurringIntervalInMs: 0,
      priority: 1,
      filters: { create: [{ facilityId, groupIds: [groups.CareStaff], onCallOnly: true }] },
    },
    {
      facilityId,
      executionTimeAfterStartInMs: SECOND_BLOCK_MS,
      recurringIntervalInMs: 0,
      isBreakGlass: true,
      priority: 2,
      filters: { create: [{ facilityId, groupIds: [groups.Management], onCallOnly: false }] },
    },
  ]);
  await prisma.staffMemberFacilityConfig.updateMany({
    where: { facilityId },
    data: { shouldReceiveAllCareAlerts: true },
  });
  await prisma.onCallState.create({
    data: { facilityId, staffMemberId: staff.caregiver.id, isOnCall: true },
  });
  const endpoints = { caregiver: `missed-caregiver-${f.tag}`, manager: `missed-manager-${f.tag}` };
  const subscriptions = [
    ...(options.caregiverBy === 'push'
      ? [{ recipientId: staff.caregiver.id, ...push.subscribe(endpoints.caregiver) }]
      : []),
    { recipientId: staff.manager.id, ...push.subscribe(endpoints.manager) },
  ];
  await prisma.webPushSubscription.createMany({
    data: subscriptions.map((s) => ({
      recipientId: s.recipientId,
      facilityId,
      endpoint: s.endpoint,
      p256dh: s.keys.p256dh,
      auth: s.keys.auth,
    })),
  });
  if (options.caregiverBy === 'text') {
    await prisma.phoneNumberSubscription.create({
      data: {
        facilityId,
        senderPhoneNumber: f.emergencyNotificationNumber,
        recipientPhoneNumber: staff.caregiver.phoneNumber,
        topic: 'ALERTS',
        status: 'SUBSCRIBED',
      },
    });
  }
  return { f, endpoints };
}

async function openTask(f: TestFacility): Promise<string> {
  return prisma.$transaction(async (tx) => {
    const task = await tx.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: `${f.units.AL.displayName} has reported an emergency`,
        severity: 'EMERGENCY',
        severityRank: SEVERITY_VALUES.EMERGENCY,
        unitId: f.units.AL.id,
      },
      select: { id: true },
    });
    await scheduleTaskNotifications(tx, {
      taskId: task.id,
      facilityId: f.facilityId,
      severityRank: SEVERITY_VALUES.EMERGENCY,
    });
    return task.id;
  });
}

const pushesTo = (path: string, taskId: string): ReceivedPush[] =>
  push.received.filter((r) => r.path === path && (r.payload as TPushPayload).data.taskId === taskId);

const checkJob = async (messageRid: string) =>
  (
    await prisma.$queryRawUnsafe<{ id: string; run_at: Date }[]>(
      `SELECT id::text, run_at FROM graphile_worker.jobs WHERE key = $1`,
      missedAlertJobKey(messageRid),
    )
  )[0];

/** The check job of a message: due at the limit after the push; brought forward to now (no minute of waiting). */
async function runCheckNow(messageRid: string, pushedAt: number): Promise<void> {
  const job = await eventually(() => checkJob(messageRid));
  expect(job.run_at.getTime()).toBeGreaterThanOrEqual(pushedAt + SHOWN_LIMIT_S * 1000 - 1000);
  expect(job.run_at.getTime()).toBeLessThanOrEqual(Date.now() + SHOWN_LIMIT_S * 1000);
  await prisma.$queryRawUnsafe(
    `SELECT id FROM graphile_worker.reschedule_jobs(ARRAY[$1::bigint], run_at := now())`,
    job.id,
  );
  await eventually(async () => ((await checkJob(messageRid)) ? null : true));
}

const secondBlockRunAt = async (contextId: string) =>
  (
    await prisma.$queryRawUnsafe<{ run_at: Date }[]>(
      `SELECT run_at FROM graphile_worker.jobs WHERE key = $1`,
      `notify-block:${contextId}:1`,
    )
  )[0]?.run_at;

/** Twilio's status callback of a text, signed as Twilio signs it (HMAC-SHA1 of the URL and sorted fields). */
function statusCallback(fields: Record<string, string>) {
  const path = `${SERVICE_BASE_PATHS.messageOrchestration}${SMS_STATUS_CALLBACK_PATH}`;
  const data = Object.keys(fields)
    .sort()
    .reduce((acc, key) => acc + key + fields[key], `http://localhost:80${path}`);
  return api.inject({
    method: 'POST',
    url: path,
    headers: {
      host: 'localhost:80',
      'content-type': 'application/x-www-form-urlencoded',
      [TWILIO_SIGNATURE_HEADER]: createHmac('sha1', webhookToken).update(data).digest('base64'),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('[NOTIFICATIONS][MISSED ALERTS]: an alert that reached no screen escalates at once', () => {
  it('a push never reported SHOWN runs the next block early, with the reason recorded', async () => {
    const { f, endpoints } = await setUp({ caregiverBy: 'push' });
    const taskId = await openTask(f);
    const [first] = await eventually(async () => {
      const got = pushesTo(endpoints.caregiver, taskId);
      return got.length > 0 && got;
    });
    const { messageRid } = (first!.payload as TPushPayload).data;
    expect(pushesTo(endpoints.manager, taskId)).toEqual([]);

    await runCheckNow(messageRid, first!.receivedAt);

    // Block 1 (management), due 10 minutes after the press, arrives now.
    await eventually(async () => pushesTo(endpoints.manager, taskId)[0]);
    const missed = await prisma.missedAlert.findUniqueOrThrow({ where: { messageId: messageRid } });
    expect(missed).toMatchObject({
      facilityId: f.facilityId,
      taskId,
      fromBlockIndex: 0,
      toBlockIndex: 1,
      reason: 'PUSH_NOT_SHOWN',
    });
    expect(missed.detail).toContain(`within ${SHOWN_LIMIT_S} s`);
    expect(missed.detail).toContain(`${f.staff.caregiver.id} SENT`);
    await prisma.task.update({ where: { id: taskId }, data: { status: 'CLOSED_RESOLVED' } });
  });

  it('a push reported SHOWN in time (through the receipt route) leaves the escalation on its clock', async () => {
    const { f, endpoints } = await setUp({ caregiverBy: 'push' });
    const taskId = await openTask(f);
    const first = await eventually(async () => pushesTo(endpoints.caregiver, taskId)[0]);
    const payload = first.payload as TPushPayload;
    const context = await prisma.notificationContext.findFirstOrThrow({ where: { taskId } });
    const dueBefore = await eventually(() => secondBlockRunAt(context.id));

    // The service worker reports SHOWN with the push's receipt token, before the limit.
    const job = await eventually(() => checkJob(payload.data.messageRid));
    const reported = await api.inject({
      method: 'PUT',
      url: `${SERVICE_BASE_PATHS.messageOrchestration}${messageDeliveryPath(payload.data.messageRid)}?messageSentRid=${payload.data.messageSentRid}`,
      headers: { [PUSH_RECEIPT_HEADER]: payload.receiptToken },
      payload: { status: 'SHOWN', statusTimestamp: Date.now() },
    });
    expect(reported.statusCode).toBe(200);
    expect(Date.now()).toBeLessThan(job.run_at.getTime());

    await runCheckNow(payload.data.messageRid, first.receivedAt);

    expect(await prisma.missedAlert.count({ where: { taskId } })).toBe(0);
    expect(await secondBlockRunAt(context.id)).toEqual(dueBefore);
    expect(dueBefore!.getTime()).toBeGreaterThanOrEqual(context.startedAt.getTime() + SECOND_BLOCK_MS);
    expect(pushesTo(endpoints.manager, taskId)).toEqual([]);
    await prisma.task.update({ where: { id: taskId }, data: { status: 'CLOSED_RESOLVED' } });
  });

  it('a text message the carrier refuses runs the next block at once', async () => {
    const { f, endpoints } = await setUp({ caregiverBy: 'text' });
    refusedNumbers.add(f.staff.caregiver.phoneNumber);
    const taskId = await openTask(f);

    await eventually(async () => pushesTo(endpoints.manager, taskId)[0]);
    const failed = await prisma.messageSent.findFirstOrThrow({
      where: { recipientId: f.staff.caregiver.id, channel: 'SMS', message: { taskId } },
    });
    expect(failed.status).toBe('FAILED');
    const missed = await prisma.missedAlert.findUniqueOrThrow({ where: { messageId: failed.messageId } });
    expect(missed).toMatchObject({ taskId, fromBlockIndex: 0, toBlockIndex: 1, reason: 'TEXT_FAILED' });
    expect(missed.detail).toContain('30006');
    expect(await prisma.outboxMessage.count({ where: { to: f.staff.caregiver.phoneNumber } })).toBe(0);
    await prisma.task.update({ where: { id: taskId }, data: { status: 'CLOSED_RESOLVED' } });
  });

  it("a text the provider reports undelivered later (Twilio's status callback) runs the next block at once", async () => {
    const { f, endpoints } = await setUp({ caregiverBy: 'text' });
    const taskId = await openTask(f);
    const text = await eventually(() =>
      prisma.messageSent.findFirst({
        where: {
          recipientId: f.staff.caregiver.id,
          channel: 'SMS',
          message: { taskId },
          providerMessageId: { not: null },
        },
      }),
    );
    expect(text.status).toBe('SENT');

    // Delivered is not a failure: nothing moves.
    const delivered = await statusCallback({
      MessageSid: text.providerMessageId!,
      MessageStatus: 'delivered',
    });
    expect(delivered.statusCode).toBe(204);
    const queued = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1`,
      `text-failed:${text.id}`,
    );
    expect(queued[0]?.n).toBe(0);
    expect(await prisma.missedAlert.count({ where: { taskId } })).toBe(0);
    expect((await prisma.messageSent.findUniqueOrThrow({ where: { id: text.id } })).status).toBe('SENT');

    const undelivered = await statusCallback({
      MessageSid: text.providerMessageId!,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
    });
    expect(undelivered.statusCode).toBe(204);
    await eventually(async () => pushesTo(endpoints.manager, taskId)[0]);
    const missed = await prisma.missedAlert.findUniqueOrThrow({ where: { messageId: text.messageId } });
    expect(missed).toMatchObject({ taskId, fromBlockIndex: 0, toBlockIndex: 1, reason: 'TEXT_FAILED' });
    expect(missed.detail).toContain('undelivered (Twilio error 30003)');
    expect(await prisma.messageSent.findUniqueOrThrow({ where: { id: text.id } })).toMatchObject({
      status: 'FAILED',
      error: 'The text message was undelivered (Twilio error 30003)',
    });

    // An unsigned callback is refused.
    const forged = await api.inject({
      method: 'POST',
      url: `${SERVICE_BASE_PATHS.messageOrchestration}${SMS_STATUS_CALLBACK_PATH}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        MessageSid: text.providerMessageId!,
        MessageStatus: 'failed',
      }).toString(),
    });
    expect(forged.statusCode).toBe(401);
    await prisma.task.update({ where: { id: taskId }, data: { status: 'CLOSED_RESOLVED' } });
  });

  it('does nothing once the task is claimed', async () => {
    const { f, endpoints } = await setUp({ caregiverBy: 'push' });
    const taskId = await openTask(f);
    const first = await eventually(async () => pushesTo(endpoints.caregiver, taskId)[0]);
    await prisma.task.update({ where: { id: taskId }, data: { status: 'OPEN_CLAIMED' } });
    await runCheckNow((first.payload as TPushPayload).data.messageRid, first.receivedAt);
    expect(await prisma.missedAlert.count({ where: { taskId } })).toBe(0);
    expect(pushesTo(endpoints.manager, taskId)).toEqual([]);
  });
});
