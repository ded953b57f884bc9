import { ClaimReminderMessages, SEVERITY_LABELS, SEVERITY_VALUES } from '@sage/contract';
import {
  JobName,
  type PrismaClient,
  type Severity,
  scheduleTaskNotifications,
  scheduleUnconfirmedClaimReminder,
  type TaskStatus,
  unconfirmedClaimJobKey,
} from '@sage/db';
import { createTestFacility, replaceAlertPolicy, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { type LocalPushService, startLocalPushService } from '@sage/notify/push-service-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { eventually } from '../test/worker';
import { startWorker, type WorkerProcess } from '../worker';

/**
 * Acknowledged but not cleared (UL 1069; decision 0515), on the real job queue: a claim queues the reminder at the
 * facility's setting; when it falls due (brought forward here: the setting's minutes are what the claim computed,
 * checked below) the claimer is re-alerted once and the next escalation step runs; a confirmed or resolved task is
 * not re-alerted.
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

/** Steps: at once to care staff, after 2 min to the nurses, after 10 min to management; everyone subscribed to push. */
async function setUp(): Promise<TestFacility> {
  const f = await createTestFacility(prisma);
  const { facilityId, enterpriseId, groups, staff } = f;
  const step = (atMs: number, group: string, priority: number) => ({
    facilityId,
    executionTimeAfterStartInMs: atMs,
    recurringIntervalInMs: 0,
    priority,
    filters: { create: [{ facilityId, groupIds: [group], onCallOnly: false }] },
  });
  await replaceAlertPolicy(prisma, { facilityId, enterpriseId }, 'Three steps', [
    step(0, groups.CareStaff, 1),
    step(120_000, groups.NurseMedTech, 2),
    step(600_000, groups.Management, 3),
  ]);
  await prisma.staffMemberFacilityConfig.updateMany({
    where: { facilityId },
    data: { shouldReceiveAllCareAlerts: true },
  });
  for (const who of ['caregiver', 'nurse', 'manager', 'careAdmin'] as const) {
    const s = push.subscribe(`${who}-${f.tag}`);
    await prisma.webPushSubscription.create({
      data: {
        recipientId: staff[who].id,
        facilityId,
        endpoint: s.endpoint,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
      },
    });
  }
  return f;
}

async function openTask(
  f: TestFacility,
  severity: Severity = 'HIGH_PRIORITY',
  deviceId = f.units.AL.wallButton.deviceId,
): Promise<string> {
  return prisma.$transaction(async (tx) => {
    const task = await tx.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: `${f.units.AL.displayName} wall button`,
        severity,
        severityRank: SEVERITY_VALUES[severity],
        unitId: f.units.AL.id,
        deviceId,
      },
      select: { id: true },
    });
    await scheduleTaskNotifications(tx, {
      taskId: task.id,
      facilityId: f.facilityId,
      severityRank: SEVERITY_VALUES[severity],
    });
    return task.id;
  });
}

/** A claim as the API writes it (change-task.ts): status, assignee and the reminder, in one transaction. */
async function claim(f: TestFacility, taskId: string, staffMemberId: string): Promise<Date> {
  const claimedAt = new Date();
  await prisma.$transaction(async (tx) => {
    await tx.task.update({
      where: { id: taskId },
      data: { status: 'OPEN_CLAIMED', assigneeId: staffMemberId },
    });
    await scheduleUnconfirmedClaimReminder(tx, {
      taskId,
      facilityId: f.facilityId,
      assigneeId: staffMemberId,
      claimedAt: claimedAt.toISOString(),
      severityRank: SEVERITY_VALUES.HIGH_PRIORITY,
    });
  });
  return claimedAt;
}

interface Job {
  id: string;
  run_at: Date;
  payload: { assigneeId: string; round?: number; nextBlock?: number };
  attempts: number;
}
const reminderJob = async (taskId: string): Promise<Job | undefined> =>
  (
    await prisma.$queryRawUnsafe<Job[]>(
      'SELECT id::text, run_at, payload, attempts FROM graphile_worker._private_jobs WHERE key = $1',
      unconfirmedClaimJobKey(taskId),
    )
  )[0];

/** The setting has passed: the pending reminder falls due now. */
const letTheSettingPass = async (taskId: string) =>
  prisma.$executeRawUnsafe(
    'UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = $1',
    unconfirmedClaimJobKey(taskId),
  );

/** Who received which message body about the task, by push. */
const deliveries = async (taskId: string) =>
  (
    await prisma.messageSent.findMany({
      where: { message: { taskId }, channel: 'PUSH_NOTIFICATION' },
      select: { recipientId: true, message: { select: { body: true } } },
      orderBy: { createdAt: 'asc' },
    })
  ).map((d) => ({ to: d.recipientId, body: d.message.body }));

const label = SEVERITY_LABELS.HIGH_PRIORITY;
/** The texts with the minutes since the claim (whatever they are when the job runs). */
const anyMinutes = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('999', '\\d+')}$`);
const isClaimerBody = (body: string) => anyMinutes(ClaimReminderMessages.claimerBody(label, 999)).test(body);
const isStepBody = (body: string, claimer: string) =>
  anyMinutes(ClaimReminderMessages.escalationBody(label, claimer, 999)).test(body);

describe('[SAFETY][UL1069]: a claimed alert with no bedside confirmation re-alerts its claimer, then the next step', () => {
  it('queues the reminder at the setting, re-alerts the claimer once and runs the next step; the next round follows', async () => {
    const f = await setUp();
    await prisma.facility.update({
      where: { id: f.facilityId },
      data: { unconfirmedClaimReminderMinutes: 7 },
    });
    const taskId = await openTask(f);
    // Step 1 at once: the care staff (caregiver, care admin).
    await eventually(async () => (await deliveries(taskId)).some((d) => d.to === f.staff.caregiver.id));
    const claimedAt = await claim(f, taskId, f.staff.caregiver.id);

    const job = await reminderJob(taskId);
    expect(job?.payload.assigneeId).toBe(f.staff.caregiver.id);
    expect(job!.run_at.getTime()).toBe(claimedAt.getTime() + 7 * 60_000);

    const before = (await deliveries(taskId)).length;
    await letTheSettingPass(taskId);
    const claimerName = `${f.staff.caregiver.firstName} ${f.staff.caregiver.lastName}`;
    const after = await eventually(async () => {
      const got = (await deliveries(taskId)).slice(before);
      return got.some((d) => isStepBody(d.body, claimerName)) && got;
    });
    // The claimer, once; the next step (2 min: the nurses), not the claimer again.
    expect(after.filter((d) => isClaimerBody(d.body)).map((d) => d.to)).toEqual([f.staff.caregiver.id]);
    expect(after.filter((d) => isStepBody(d.body, claimerName)).map((d) => d.to)).toEqual([f.staff.nurse.id]);
    expect(after).toHaveLength(2);

    // The next round is queued one setting later, running the step after (management).
    const next = await eventually(async () => {
      const j = await reminderJob(taskId);
      return j && j.payload.round === 1 && j;
    });
    expect(next.payload).toMatchObject({ assigneeId: f.staff.caregiver.id, nextBlock: 2 });
    expect(next.run_at.getTime()).toBeGreaterThan(Date.now() + 6 * 60_000);
    await letTheSettingPass(taskId);
    const managers = await eventually(async () => {
      const got = (await deliveries(taskId)).filter((d) => d.to === f.staff.manager.id);
      return got.length > 0 && got;
    });
    expect(managers.every((d) => isStepBody(d.body, claimerName))).toBe(true);
    expect(managers).toHaveLength(1);
    const reminders = (await deliveries(taskId)).filter((d) => isClaimerBody(d.body));
    expect(reminders.map((d) => d.to)).toEqual([f.staff.caregiver.id, f.staff.caregiver.id]);
  });

  it.each<[string, TaskStatus, boolean]>([
    ['confirmed at the bedside', 'OPEN_CONFIRMED', true],
    ['resolved', 'CLOSED_RESOLVED', true],
    ['given back unclaimed', 'OPEN_UNCLAIMED', false],
  ])(
    'a task %s by then is not re-alerted and nothing more is queued',
    async (_name, status, keepAssignee) => {
      const f = await setUp();
      const taskId = await openTask(f);
      await eventually(async () => (await deliveries(taskId)).length > 0);
      await claim(f, taskId, f.staff.caregiver.id);
      await prisma.task.update({
        where: { id: taskId },
        data: { status, ...(keepAssignee ? {} : { assigneeId: null }) },
      });
      const before = await deliveries(taskId);
      await letTheSettingPass(taskId);
      // The job runs and completes (it is gone from the queue) without sending anything.
      await eventually(async () => (await reminderJob(taskId)) === undefined);
      expect(await deliveries(taskId)).toEqual(before);
    },
  );

  it('a door alarm (nothing to confirm at a bedside) is not reminded', async () => {
    const f = await setUp();
    const taskId = await openTask(f, 'HIGH_PRIORITY', f.door.alarm.deviceId);
    await eventually(async () => (await deliveries(taskId)).length > 0);
    await claim(f, taskId, f.staff.caregiver.id);
    const before = await deliveries(taskId);
    await letTheSettingPass(taskId);
    await eventually(async () => (await reminderJob(taskId)) === undefined);
    expect(await deliveries(taskId)).toEqual(before);
  });

  it('waits for a bedside confirmation under way: checked again once its 30 s limit is over', async () => {
    const f = await setUp();
    const taskId = await openTask(f);
    // The alert's own first step is sent first, so the deliveries read below are all there will be.
    await eventually(async () => (await deliveries(taskId)).length > 0);
    await claim(f, taskId, f.staff.caregiver.id);
    const confirmingSince = new Date();
    await prisma.task.update({ where: { id: taskId }, data: { status: 'OPEN_CONFIRMING', confirmingSince } });
    const before = await deliveries(taskId);
    const first = await reminderJob(taskId);
    await letTheSettingPass(taskId);
    const again = await eventually(async () => {
      const j = await reminderJob(taskId);
      return j && j.id !== first!.id && j;
    });
    expect(again.run_at.getTime()).toBe(confirmingSince.getTime() + 31_000);
    expect(await deliveries(taskId)).toEqual(before);
  });

  it('a re-claim by another person moves the timer to them; the earlier claimer is not reminded', async () => {
    const f = await setUp();
    const taskId = await openTask(f);
    await claim(f, taskId, f.staff.caregiver.id);
    const firstJob = await reminderJob(taskId);
    await new Promise((r) => setTimeout(r, 20));
    const reclaimedAt = await claim(f, taskId, f.staff.careAdmin.id);
    const job = await reminderJob(taskId);
    expect(job?.payload.assigneeId).toBe(f.staff.careAdmin.id);
    expect(job!.run_at.getTime()).toBe(reclaimedAt.getTime() + 5 * 60_000);
    expect(job!.run_at.getTime()).toBeGreaterThan(firstJob!.run_at.getTime());
    // One reminder per task: the first was replaced.
    const count = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = $1 AND j.payload->>'taskId' = $2`,
      JobName.unconfirmedClaim,
      taskId,
    );
    expect(count[0]!.n).toBe(1);
    const before = (await deliveries(taskId)).length;
    await letTheSettingPass(taskId);
    const got = await eventually(async () => {
      const d = (await deliveries(taskId)).slice(before);
      return d.some((x) => isClaimerBody(x.body)) && d;
    });
    expect(got.filter((d) => isClaimerBody(d.body)).map((d) => d.to)).toEqual([f.staff.careAdmin.id]);
  });
});
