import { JobName, type PrismaClient } from '@sage/db';
import { createTestFacility, replaceAlertPolicy, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { type LocalPushService, startLocalPushService } from '@sage/notify/push-service-testing';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { testJobHelpers } from '../test/worker';
import { createNotificationTasks } from './jobs';

/**
 * Timed block runs of many escalations at once (decision 0430): the jobs the process holds together run as one
 * batch, with the same outcome per job as one at a time. No job runner: the jobs' function is called for many
 * payloads at once with helpers that queue through the database, and the queue is read back.
 */
let db: TestDatabase;
let prisma: PrismaClient;
let push: LocalPushService;
let tasks: Awaited<ReturnType<typeof createNotificationTasks>>;
let helpers: JobHelpers;

const INTERVAL_MS = 60_000;
const BREAK_GLASS_MS = 120_000;

beforeAll(async () => {
  push = await startLocalPushService();
  db = await createTestDatabase();
  prisma = db.prisma;
  const config = loadWorkerConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    WORKER_TIMER_CONCURRENCY: '16',
  });
  tasks = await createNotificationTasks(prisma, config, { log: { warn: () => {} }, pushAgent: push.agent });
  helpers = testJobHelpers(prisma);
});

afterAll(async () => {
  await push?.close();
  await db?.drop();
});

/** A facility whose policy names its people (no shift or zone rule in the way): the caregiver at once and every
 * minute, the nurse as break-glass after 2 min; the caregiver has a browser subscribed. */
async function setUp(): Promise<TestFacility> {
  const f = await createTestFacility(prisma);
  const { facilityId, enterpriseId, staff } = f;
  await replaceAlertPolicy(prisma, { facilityId, enterpriseId }, 'Batch test policy', [
    {
      facilityId,
      executionTimeAfterStartInMs: 0,
      recurringIntervalInMs: INTERVAL_MS,
      priority: 1,
      filters: { create: [{ facilityId, staffMemberIds: [staff.caregiver.id], onCallOnly: false }] },
    },
    {
      facilityId,
      executionTimeAfterStartInMs: BREAK_GLASS_MS,
      recurringIntervalInMs: 0,
      isBreakGlass: true,
      priority: 2,
      filters: { create: [{ facilityId, staffMemberIds: [staff.nurse.id], onCallOnly: false }] },
    },
  ]);
  const subscription = push.subscribe(`block-batch-${f.tag}`);
  await prisma.webPushSubscription.create({
    data: {
      recipientId: staff.caregiver.id,
      facilityId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    },
  });
  return f;
}

/** An open task and its started escalation (the start job runs block 0 at once). */
async function escalating(f: TestFacility, pressedMsAgo = 1_000) {
  const task = await prisma.task.create({
    data: {
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      title: 'Block batch',
      severity: 'EMERGENCY',
      severityRank: 1,
      status: 'OPEN_UNCLAIMED',
      unitId: f.units.AL.id,
      creationTimestamp: new Date(Date.now() - pressedMsAgo),
    },
  });
  await tasks[JobName.startTaskNotifications]!(
    { taskId: task.id, facilityId: f.facilityId } as never,
    helpers,
  );
  const context = await prisma.notificationContext.findFirstOrThrow({ where: { taskId: task.id } });
  return { task, context };
}

const messages = (taskId: string, blockIndex: number) =>
  prisma.message.count({
    where: { taskId, data: { path: ['escalation', 'blockIndex'], equals: blockIndex } },
  });

const job = (key: string) =>
  prisma.$queryRawUnsafe<{ run_at: Date; payload: { run: number } }[]>(
    'SELECT run_at, payload FROM graphile_worker._private_jobs WHERE key = $1',
    key,
  );

describe('[NOTIFICATIONS][ESCALATION]: timed block runs in batches', () => {
  it('runs many due blocks across facilities at once: claimed tasks stop, recurring runs queue their next, a failure is retried alone', async () => {
    const facilities = [await setUp(), await setUp(), await setUp()];
    const running = [];
    for (const f of facilities) for (let i = 0; i < 3; i++) running.push({ f, ...(await escalating(f)) });
    // Down for five minutes: its recurring block skips the runs it missed.
    const late = { f: facilities[0]!, ...(await escalating(facilities[0]!, 5 * 60_000 + 1_000)) };
    for (const r of running) expect(await messages(r.task.id, 0)).toBe(1);

    // Claimed meanwhile: one task in each of two facilities.
    const claimed = [running[1]!, running[4]!];
    await prisma.task.updateMany({
      where: { id: { in: claimed.map((c) => c.task.id) } },
      data: { status: 'OPEN_CLAIMED' },
    });
    // One break-glass send fails (the database refuses its message): that job alone fails.
    const failing = running[6]!;
    await prisma.$executeRawUnsafe(`CREATE FUNCTION refuse_message() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."taskId" = '${failing.task.id}' AND NEW.data->'escalation'->>'blockIndex' = '1' THEN
          RAISE EXCEPTION 'refused for the test';
        END IF;
        RETURN NEW;
      END $$`);
    await prisma.$executeRawUnsafe(
      'CREATE TRIGGER refuse_message BEFORE INSERT ON "Message" FOR EACH ROW EXECUTE FUNCTION refuse_message()',
    );

    // Every running escalation's break-glass and next recurring run fall due together.
    const payloads = [
      ...running.flatMap((r) => [
        { contextId: r.context.id, blockIndex: 0, run: 1 },
        { contextId: r.context.id, blockIndex: 1, run: 0 },
      ]),
      { contextId: late.context.id, blockIndex: 0, run: 1 },
    ];
    const outcomes = await Promise.allSettled(
      payloads.map((p) => tasks[JobName.runNotificationBlock]!(p as never, helpers)),
    );
    const failed = payloads.filter((_, i) => outcomes[i]!.status === 'rejected');
    expect(failed).toEqual([{ contextId: failing.context.id, blockIndex: 1, run: 0 }]);

    for (const r of running) {
      const isClaimed = claimed.includes(r);
      const context = await prisma.notificationContext.findUniqueOrThrow({ where: { id: r.context.id } });
      if (isClaimed) {
        // Stopped: nothing more sent, the context ended with the reason, no next run queued.
        expect(context.completedAt).not.toBeNull();
        expect((context.state as { stoppedBecause?: string }).stoppedBecause).toBe('OPEN_CLAIMED');
        expect(await messages(r.task.id, 0)).toBe(1);
        expect(await messages(r.task.id, 1)).toBe(0);
        // No next run queued: the block's key still holds the run the start queued (the one run here).
        expect((await job(`notify-block:${r.context.id}:0`)).map((j) => j.payload.run)).toEqual([1]);
        continue;
      }
      expect(context.completedAt).toBeNull();
      expect(await messages(r.task.id, 0)).toBe(2);
      expect(await messages(r.task.id, 1)).toBe(r === failing ? 0 : 1);
      // The recurring block's next run, under the block's own key.
      const [next] = await job(`notify-block:${r.context.id}:0`);
      expect(next!.payload.run).toBe(2);
      expect(next!.run_at.getTime()).toBe(r.context.startedAt.getTime() + 2 * INTERVAL_MS);
    }
    // Missed-push watches (decision 0144): one per message sent with a push.
    const sent = await prisma.message.findMany({
      where: { taskId: { in: running.map((r) => r.task.id) } },
      select: { id: true },
    });
    const watches = await prisma.$queryRawUnsafe<{ key: string }[]>(
      `SELECT key FROM graphile_worker._private_jobs WHERE key = ANY($1::text[])`,
      sent.map((m) => `missed-alert:${m.id}`),
    );
    // The break-glass reaches the nurse, who has no browser: only the caregiver's messages are watched.
    const caregiverMessages = await prisma.message.count({
      where: {
        taskId: { in: running.map((r) => r.task.id) },
        data: { path: ['escalation', 'blockIndex'], equals: 0 },
      },
    });
    expect(watches).toHaveLength(caregiverMessages);

    // Five minutes late: runs 1-5 are skipped; the next is the first due after now.
    const [lateNext] = await job(`notify-block:${late.context.id}:0`);
    expect(lateNext!.payload.run).toBe(6);
    expect(await messages(late.task.id, 0)).toBe(2);

    // The failed job alone is retried; nothing else is sent again.
    await prisma.$executeRawUnsafe('DROP TRIGGER refuse_message ON "Message"');
    await tasks[JobName.runNotificationBlock]!(failed[0] as never, helpers);
    expect(await messages(failing.task.id, 1)).toBe(1);
    for (const r of running) {
      if (claimed.includes(r)) continue;
      expect(await messages(r.task.id, 0)).toBe(2);
      expect(await messages(r.task.id, 1)).toBe(1);
    }
  });
});
