import { taskNotificationsJobKey } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { eventually, startTestWorker, type TestWorker } from '../test/worker';
import { startWorker } from '../worker';
import { TASK_SCHEDULE_SWEEP } from './jobs';
import { runTaskScheduleSweep } from './sweep';

describe('[WORKER][TASK SCHEDULES]: each occurrence creates its task once (decision 0240)', () => {
  let t: TestWorker;
  let f: TestFacility;

  beforeAll(async () => {
    t = await startTestWorker();
    f = await createTestFacility(t.prisma, { timezone: 'America/Chicago' });
  });
  afterAll(() => t.close());

  const schedule = (data: {
    title: string;
    startAt: Date;
    recurringIntervalInMin: number | null;
    assigneeId?: string;
    assigneeGroupId?: string;
  }) =>
    t.prisma.taskSchedule.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        severity: 'LOW_PRIORITY',
        nextRunAt: data.startAt,
        ...data,
      },
    });
  const tasksOf = (taskScheduleId: string) =>
    t.prisma.task.findMany({
      where: { taskScheduleId },
      orderBy: { scheduledFor: 'asc' },
      include: { updates: true },
    });
  const queueSweep = () =>
    t.prisma.$executeRawUnsafe('SELECT graphile_worker.add_job($1)', TASK_SCHEDULE_SWEEP);

  it('the worker creates the due task through its job; after a restart, and with the next run put back, not again', async () => {
    const startAt = new Date(Date.now() - 90_000);
    const s = await schedule({
      title: 'Check the oxygen stock',
      startAt,
      recurringIntervalInMin: 60,
      assigneeGroupId: f.groups.NurseMedTech,
    });
    await queueSweep();
    const [task] = await eventually(async () => {
      const tasks = await tasksOf(s.id);
      return tasks.length ? tasks : null;
    });
    expect(task).toMatchObject({
      facilityId: f.facilityId,
      title: 'Check the oxygen stock',
      status: 'OPEN_UNCLAIMED',
      severity: 'LOW_PRIORITY',
      assigneeGroupId: f.groups.NurseMedTech,
      scheduledFor: startAt,
    });
    expect(task!.updates.map((u) => u.type)).toEqual(['CREATED']);
    // An unclaimed scheduled task starts the notification policy like any task, once: its start job runs and
    // leaves one context. (Read at the end: the starts' pool completes its jobs in batches, so for a moment
    // the started task's job row is still there beside its context; decision 0478.)
    await eventually(async () => {
      const queued = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1',
        taskNotificationsJobKey(task!.id),
      );
      return queued[0]!.n === 0 ? true : null;
    });
    expect(await t.prisma.notificationContext.count({ where: { taskId: task!.id } })).toBe(1);
    const after = await t.prisma.taskSchedule.findUniqueOrThrow({ where: { id: s.id } });
    expect(after.nextRunAt!.getTime()).toBe(startAt.getTime() + 3_600_000);

    // The worker restarts: a new process on the same database sweeps again; nothing is due, nothing new.
    await t.worker.close();
    const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.db.url });
    t.worker = await startWorker(config, { logger: false, listen: false });
    await queueSweep();
    await eventually(async () => {
      const { rows } = await t.worker.pool.query(
        'SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1',
        [TASK_SCHEDULE_SWEEP],
      );
      return rows[0].n === 0;
    });
    expect(await tasksOf(s.id)).toHaveLength(1);

    // Even a schedule whose next run points at the fired occurrence again (an old plan) creates nothing more.
    await t.prisma.taskSchedule.update({ where: { id: s.id }, data: { nextRunAt: startAt } });
    expect(await runTaskScheduleSweep(t.worker.pool)).toEqual([]);
    expect(await tasksOf(s.id)).toHaveLength(1);
  });

  it('two workers sweeping at the same moment create each task once', async () => {
    const startAt = new Date(Date.now() - 60_000);
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        schedule({ title: `Round ${i}`, startAt, recurringIntervalInMin: 1440 }).then((s) => s.id),
      ),
    );
    const other = new pg.Pool({ connectionString: t.db.url, max: 2 });
    try {
      const now = new Date();
      const [a, b] = await Promise.all([
        runTaskScheduleSweep(t.worker.pool, now),
        runTaskScheduleSweep(other, now),
      ]);
      expect([...a, ...b].filter((x) => ids.includes(x.scheduleId))).toHaveLength(8);
    } finally {
      await other.end();
    }
    for (const id of ids) expect(await tasksOf(id)).toHaveLength(1);
  });

  it('a daily 8:00 task in Chicago is created at 8:00 local on both sides of the March change, once each', async () => {
    // 2026-03-07 08:00 CST = 14:00Z; 2026-03-08 08:00 CDT = 13:00Z; 2026-03-09 08:00 CDT = 13:00Z.
    const s = await schedule({
      title: 'Morning vitals',
      startAt: new Date('2026-03-07T14:00:00Z'),
      recurringIntervalInMin: 1440,
      assigneeId: f.staff.nurse.id,
    });
    const sweep = (at: string) => runTaskScheduleSweep(t.worker.pool, new Date(at));
    expect(await sweep('2026-03-07T13:59:00Z')).toHaveLength(0);
    expect(await sweep('2026-03-07T14:00:20Z')).toHaveLength(1);
    expect(await sweep('2026-03-07T14:01:20Z')).toHaveLength(0);
    expect(await sweep('2026-03-08T12:59:00Z')).toHaveLength(0);
    expect(await sweep('2026-03-08T13:00:20Z')).toHaveLength(1);
    // Two days without a worker: only the latest occurrence is created (decision 0240).
    expect(await sweep('2026-03-11T13:30:00Z')).toHaveLength(1);
    const tasks = await tasksOf(s.id);
    expect(tasks.map((x) => x.scheduledFor!.toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-11T13:00:00.000Z',
    ]);
    // Assigned: claimed by the assignee, with CREATED and ASSIGNMENT.
    expect(tasks[0]).toMatchObject({ status: 'OPEN_CLAIMED', assigneeId: f.staff.nurse.id });
    expect(tasks[0]!.updates.map((u) => u.type).sort()).toEqual(['ASSIGNMENT', 'CREATED']);
    const after = await t.prisma.taskSchedule.findUniqueOrThrow({ where: { id: s.id } });
    expect(after.nextRunAt!.toISOString()).toBe('2026-03-12T13:00:00.000Z');
  });

  it('a one-off schedule creates one task, then rests; an inactive one creates none', async () => {
    const once = await schedule({
      title: 'Fire drill',
      startAt: new Date(Date.now() - 1000),
      recurringIntervalInMin: null,
    });
    const off = await schedule({
      title: 'Paused',
      startAt: new Date(Date.now() - 1000),
      recurringIntervalInMin: 60,
    });
    await t.prisma.taskSchedule.update({ where: { id: off.id }, data: { isActive: false } });
    await runTaskScheduleSweep(t.worker.pool);
    await runTaskScheduleSweep(t.worker.pool);
    expect(await tasksOf(once.id)).toHaveLength(1);
    expect((await t.prisma.taskSchedule.findUniqueOrThrow({ where: { id: once.id } })).nextRunAt).toBeNull();
    expect(await tasksOf(off.id)).toHaveLength(0);
  });
});
