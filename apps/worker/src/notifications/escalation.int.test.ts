import { randomUUID } from 'node:crypto';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH, SEVERITY_VALUES } from '@sage/contract';
import { type PrismaClient, type Severity, scheduleTaskNotifications } from '@sage/db';
import { createTestFacility, replaceAlertPolicy, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import {
  type LocalPushService,
  type ReceivedPush,
  startLocalPushService,
} from '@sage/notify/push-service-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { eventually } from '../test/worker';
import { startWorker, type WorkerProcess } from '../worker';

/**
 * Escalation end to end: a real job queue, a real local push service (HTTPS on loopback, the body decrypted
 * here), text messages through the outbox. Short test policies: block A at once, every 1 s, to on-shift care
 * staff whose zones cover the unit; break-glass block B after 1.5 s to care staff and management.
 */
let db: TestDatabase;
let prisma: PrismaClient;
let push: LocalPushService;
let worker: WorkerProcess;

beforeAll(async () => {
  push = await startLocalPushService();
  db = await createTestDatabase();
  prisma = db.prisma;
  const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
  worker = await startWorker(config, {
    logger: false,
    listen: false,
    notifications: { pushAgent: push.agent },
  });
});

afterAll(async () => {
  await worker?.close();
  await push?.close();
  await db?.drop();
});

const INTERVAL_MS = 1000;
const BREAK_GLASS_MS = 1500;

interface Setup {
  f: TestFacility;
  endpoints: { caregiver: string; caregiverGone: string; nurse: string; manager: string };
}

async function setUp(breakGlassMs = BREAK_GLASS_MS): Promise<Setup> {
  const f = await createTestFacility(prisma);
  const { facilityId, enterpriseId, groups, staff } = f;
  await replaceAlertPolicy(prisma, { facilityId, enterpriseId }, 'Short test policy', [
    {
      facilityId,
      executionTimeAfterStartInMs: 0,
      recurringIntervalInMs: INTERVAL_MS,
      priority: 1,
      filters: {
        create: [{ facilityId, groupIds: [groups.CareStaff, groups.NurseMedTech], onCallOnly: true }],
      },
    },
    {
      facilityId,
      executionTimeAfterStartInMs: breakGlassMs,
      recurringIntervalInMs: 0,
      isBreakGlass: true,
      priority: 2,
      filters: {
        create: [
          {
            facilityId,
            groupIds: [groups.CareStaff, groups.NurseMedTech, groups.Management],
            onCallOnly: false,
          },
        ],
      },
    },
  ]);
  // Zones decide: nobody receives all care alerts here.
  await prisma.staffMemberFacilityConfig.updateMany({
    where: { facilityId },
    data: { shouldReceiveAllCareAlerts: false },
  });
  // On shift: caregiver (zones AL+MC) and nurse (zones LTC+STR); the care admin is off shift.
  await prisma.onCallState.createMany({
    data: [
      { facilityId, staffMemberId: staff.caregiver.id, isOnCall: true },
      { facilityId, staffMemberId: staff.nurse.id, isOnCall: true },
      { facilityId, staffMemberId: staff.careAdmin.id, isOnCall: false },
    ],
  });
  const subscriptions = {
    caregiver: push.subscribe(`caregiver-${f.tag}`),
    caregiverGone: push.subscribe(`caregiver-gone-${f.tag}`, 410),
    nurse: push.subscribe(`nurse-${f.tag}`),
    manager: push.subscribe(`manager-${f.tag}`),
  };
  const owner = {
    caregiver: staff.caregiver.id,
    caregiverGone: staff.caregiver.id,
    nurse: staff.nurse.id,
    manager: staff.manager.id,
  };
  await prisma.webPushSubscription.createMany({
    data: (Object.keys(subscriptions) as (keyof typeof subscriptions)[]).map((k) => ({
      recipientId: owner[k],
      facilityId,
      endpoint: subscriptions[k].endpoint,
      p256dh: subscriptions[k].keys.p256dh,
      auth: subscriptions[k].keys.auth,
    })),
  });
  // Text messages: the manager receives the alerts number; the nurse said STOP to it; the caregiver
  // receives only the tasks number.
  await prisma.phoneNumberSubscription.createMany({
    data: [
      {
        facilityId,
        senderPhoneNumber: f.emergencyNotificationNumber,
        recipientPhoneNumber: staff.manager.phoneNumber,
        topic: 'ALERTS',
        status: 'SUBSCRIBED',
      },
      {
        facilityId,
        senderPhoneNumber: f.emergencyNotificationNumber,
        recipientPhoneNumber: staff.nurse.phoneNumber,
        topic: 'ALERTS',
        status: 'UNSUBSCRIBED',
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
  return {
    f,
    endpoints: {
      caregiver: `caregiver-${f.tag}`,
      caregiverGone: `caregiver-gone-${f.tag}`,
      nurse: `nurse-${f.tag}`,
      manager: `manager-${f.tag}`,
    },
  };
}

/** A new task in the AL unit, with its notifications queued in the same transaction (as task creators do). */
async function openTask(
  f: TestFacility,
  severity: Severity = 'EMERGENCY',
): Promise<{ id: string; createdAt: number }> {
  return prisma.$transaction(async (tx) => {
    const task = await tx.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: `${f.units.AL.displayName} has reported an emergency`,
        severity,
        severityRank: SEVERITY_VALUES[severity],
        unitId: f.units.AL.id,
        deviceId: f.units.AL.wallButton.deviceId,
      },
      select: { id: true, creationTimestamp: true },
    });
    await scheduleTaskNotifications(tx, {
      taskId: task.id,
      facilityId: f.facilityId,
      severityRank: SEVERITY_VALUES[severity],
    });
    return { id: task.id, createdAt: task.creationTimestamp.getTime() };
  });
}

const pushesTo = (path: string, taskId: string): ReceivedPush[] =>
  push.received.filter(
    (r) => r.path === path && (r.payload as { data: { taskId: string } }).data.taskId === taskId,
  );

/** The pushes among `pushes` whose message was sent by block `blockIndex` of an escalation. */
const pushesOfBlock = async (pushes: ReceivedPush[], blockIndex: number): Promise<ReceivedPush[]> => {
  const messageRids = pushes.map((r) => (r.payload as { data: { messageRid: string } }).data.messageRid);
  const messages = await prisma.message.findMany({
    where: { id: { in: messageRids } },
    select: { id: true, data: true },
  });
  const ofBlock = new Set(
    messages
      .filter(
        (m) => (m.data as { escalation?: { blockIndex: number } }).escalation?.blockIndex === blockIndex,
      )
      .map((m) => m.id),
  );
  return pushes.filter((r) => ofBlock.has((r.payload as { data: { messageRid: string } }).data.messageRid));
};

const pendingJobs = async (contextId: string): Promise<number> => {
  const rows = await prisma.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key LIKE $1`,
    `notify-block:${contextId}:%`,
  );
  return rows[0]?.n ?? 0;
};

describe('[NOTIFICATIONS][ESCALATION]: policy blocks on the job queue', () => {
  it('pushes to on-shift staff whose zones cover the unit at once, repeats, breaks glass later, and stops on claim', async () => {
    const { f, endpoints } = await setUp();
    const task = await openTask(f);

    // Block A, run 0: the caregiver (on shift, zone AL covers the unit), decrypted from the push body.
    const [first] = await eventually(async () => {
      const got = pushesTo(endpoints.caregiver, task.id);
      return got.length > 0 && got;
    });
    const data = (first!.payload as { title: string; data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ isCheckIn: false, taskId: task.id, taskSeverity: 'EMERGENCY' });
    expect(typeof data.notificationCreateTime).toBe('number');
    expect(data.notificationCreateTime as number).toBeGreaterThanOrEqual(task.createdAt);
    const sent = await prisma.messageSent.findUniqueOrThrow({ where: { id: data.messageSentRid as string } });
    expect(sent).toMatchObject({
      messageId: data.messageRid,
      recipientId: f.staff.caregiver.id,
      channel: 'PUSH_NOTIFICATION',
      status: 'SENT',
      facilityId: f.facilityId,
    });
    expect((first!.payload as { title: string }).title).toBe(
      `${f.units.AL.displayName} has reported an emergency`,
    );
    // Signed with the VAPID key pair generated once and stored.
    const vapid = await prisma.serverKey.findUniqueOrThrow({ where: { name: 'vapid' } });
    expect(String(first!.headers.authorization)).toContain(`k=${vapid.publicKey}`);
    expect(first!.headers['content-encoding']).toBe('aes128gcm');
    expect(first!.headers.urgency).toBe('high');

    // The expired subscription (410) is removed and its delivery recorded as failed.
    await eventually(async () =>
      (await prisma.webPushSubscription.count({
        where: { endpoint: { endsWith: `/${endpoints.caregiverGone}` } },
      })) === 0
        ? true
        : null,
    );
    const failed = await prisma.messageSent.findFirstOrThrow({
      where: { recipientId: f.staff.caregiver.id, status: 'FAILED', message: { taskId: task.id } },
    });
    expect(failed.error).toContain('410');

    // Block A repeats every interval. The caregiver is in break-glass block B's groups too, so a second push to
    // them is not by itself a repeat: count only pushes of block A's messages. (A run 0 that ends after the
    // first interval has passed skips run 1, so under load block B's push can come before block A's repeat.)
    const repeats = await eventually(async () => {
      const got = await pushesOfBlock(pushesTo(endpoints.caregiver, task.id), 0);
      return got.length >= 2 && got;
    });
    expect(repeats[1]!.receivedAt).toBeGreaterThanOrEqual(task.createdAt + INTERVAL_MS);

    // Break-glass block B: the wider group (management, staff off shift or outside the zone), not before its time.
    const managerPush = await eventually(async () => pushesTo(endpoints.manager, task.id)[0]);
    expect(managerPush.receivedAt).toBeGreaterThanOrEqual(task.createdAt + BREAK_GLASS_MS);
    const nurseFirst = await eventually(async () => pushesTo(endpoints.nurse, task.id)[0]);
    expect(nurseFirst.receivedAt).toBeGreaterThanOrEqual(task.createdAt + BREAK_GLASS_MS);

    // Text messages from the alerts number, only to SUBSCRIBED recipients.
    const managerText = await eventually(() =>
      prisma.outboxMessage.findFirst({ where: { to: f.staff.manager.phoneNumber } }),
    );
    expect(managerText.from).toBe(f.emergencyNotificationNumber);
    expect(managerText.body).toContain(f.units.AL.displayName);
    expect(await prisma.outboxMessage.count({ where: { to: f.staff.nurse.phoneNumber } })).toBe(0);
    expect(await prisma.outboxMessage.count({ where: { to: f.staff.caregiver.phoneNumber } })).toBe(0);
    const smsSent = await prisma.messageSent.findFirstOrThrow({
      where: { recipientId: f.staff.manager.id, channel: 'SMS', message: { taskId: task.id } },
    });
    expect(smsSent).toMatchObject({ to: f.staff.manager.phoneNumber, status: 'SENT' });

    // Someone claims it: the next run stops the escalation and nothing is queued any more.
    await prisma.task.update({ where: { id: task.id }, data: { status: 'OPEN_CLAIMED' } });
    const context = await eventually(() =>
      prisma.notificationContext.findFirst({ where: { taskId: task.id, completedAt: { not: null } } }),
    );
    expect((context.state as { stoppedBecause?: string }).stoppedBecause).toBe('OPEN_CLAIMED');
    expect(context.policyVersion).toBe(1);
    await eventually(async () => ((await pendingJobs(context.id)) === 0 ? true : null));
    const settled = pushesTo(endpoints.caregiver, task.id).length;
    const messages = await prisma.message.count({ where: { taskId: task.id } });
    expect(pushesTo(endpoints.caregiver, task.id).length).toBe(settled);
    // Every run was recorded: one message per block run, none after the stop.
    expect(messages).toBeGreaterThanOrEqual(3);
    const lastMessage = await prisma.message.findFirstOrThrow({
      where: { taskId: task.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(lastMessage.createdAt.getTime()).toBeLessThanOrEqual(context.completedAt!.getTime());

    // Given back unclaimed (as the API does on unassign): a new escalation, counted from now, not the press.
    const givenBackAt = Date.now();
    await prisma.$transaction(async (tx) => {
      await tx.task.update({ where: { id: task.id }, data: { status: 'OPEN_UNCLAIMED' } });
      await scheduleTaskNotifications(tx, { taskId: task.id, facilityId: f.facilityId, severityRank: 1 });
    });
    const restarted = await eventually(() =>
      prisma.notificationContext.findFirst({ where: { taskId: task.id, completedAt: null } }),
    );
    expect(restarted.id).not.toBe(context.id);
    expect(restarted.startedAt.getTime()).toBeGreaterThanOrEqual(givenBackAt - 5);
    await eventually(async () => pushesTo(endpoints.caregiver, task.id).length > settled || null);
    // The break-glass block waits its 1.5 s again.
    const managerPushes = pushesTo(endpoints.manager, task.id);
    const afterRestart = await eventually(async () =>
      pushesTo(endpoints.manager, task.id).find((r) => !managerPushes.includes(r)),
    );
    expect(afterRestart.receivedAt).toBeGreaterThanOrEqual(restarted.startedAt.getTime() + BREAK_GLASS_MS);
    await prisma.task.update({ where: { id: task.id }, data: { status: 'CLOSED_RESOLVED' } });
  });

  it('queues emergency-type tasks ahead of others, and does not start for a task already claimed or resolved', async () => {
    // Break-glass far away, so its queued job can be read.
    const { f } = await setUp(60_000);
    const emergency = await openTask(f, 'EMERGENCY');
    const low = await openTask(f, 'LOW_PRIORITY');
    const priorityOfBreakGlass = async (taskId: string) => {
      const context = await eventually(() => prisma.notificationContext.findFirst({ where: { taskId } }));
      const job = await eventually(async () => {
        const rows = await prisma.$queryRawUnsafe<{ priority: number }[]>(
          `SELECT priority FROM graphile_worker.jobs WHERE key = $1`,
          `notify-block:${context.id}:1`,
        );
        return rows[0];
      });
      return job.priority;
    };
    // The queue runs lower numbers first: emergency-type ahead of everything (device events run at 0).
    expect(await priorityOfBreakGlass(emergency.id)).toBe(-2);
    expect(await priorityOfBreakGlass(low.id)).toBe(0);
    await prisma.task.updateMany({
      where: { id: { in: [emergency.id, low.id] } },
      data: { status: 'OPEN_CLAIMED' },
    });

    const claimed = await prisma.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: 'Claimed before notifications started',
        severity: 'EMERGENCY',
        severityRank: 1,
        status: 'CLOSED_RESOLVED',
        unitId: f.units.AL.id,
      },
    });
    await scheduleTaskNotifications(prisma, { taskId: claimed.id, facilityId: f.facilityId });
    await eventually(async () => {
      const rows = await prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1`,
        `notify-start:${claimed.id}`,
      );
      return rows[0]?.n === 0 ? true : null;
    });
    expect(await prisma.notificationContext.count({ where: { taskId: claimed.id } })).toBe(0);
    expect(await prisma.message.count({ where: { taskId: claimed.id } })).toBe(0);
  });

  it('a pendant press opens a task whose first block reaches the push service (ingest wiring)', async () => {
    const { f, endpoints } = await setUp(60_000);
    const pressedAt = Date.now();
    const res = await worker.ingest.inject({
      method: 'POST',
      url: INGEST_EVENTS_PATH,
      headers: { [GATEWAY_KEY_HEADER]: f.gateway.key },
      payload: {
        eventId: randomUUID(),
        hardwareId: f.residents.AL.pendant.hardwareId,
        type: 'BUTTON_PRESS',
        timestamp: new Date(pressedAt).toISOString(),
      },
    });
    expect(res.statusCode).toBe(202);
    const task = await eventually(() =>
      prisma.task.findFirst({
        where: { facilityId: f.facilityId, deviceId: f.residents.AL.pendant.deviceId },
      }),
    );
    const pushed = await eventually(async () => pushesTo(endpoints.caregiver, task.id)[0]);
    expect(pushed.payload).toMatchObject({
      title: task.title,
      data: { taskId: task.id, taskSeverity: task.severity, isCheckIn: false },
    });
    await prisma.task.update({ where: { id: task.id }, data: { status: 'CLOSED_RESOLVED' } });
  });
});
