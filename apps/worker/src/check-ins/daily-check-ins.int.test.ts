import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { eventually } from '../test/worker';
import { startWorker } from '../worker';
import { runDailyCheckIns } from './daily-check-ins';
import { DAILY_CHECK_INS } from './jobs';

describe('[WORKER][CHECK-INS]: "Daily check-in starts at 4:00 am in the facility\'s timezone" (decision 0230)', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  /** America/Chicago, with IL units: one occupied, one whose residents are all on hold, one empty. */
  let chicago: TestFacility;
  let onHoldUnitId: string;
  let emptyUnitId: string;
  /** Asia/Tokyo: the same instant is another check-in day there. */
  let tokyo: TestFacility;

  const addUnit = (f: TestFacility, displayName: string, careType = 'INDEPENDENT_LIVING' as const) =>
    db.prisma.unit.create({
      data: { facilityId: f.facilityId, enterpriseId: f.enterpriseId, displayName, careType },
    });
  const addResident = (f: TestFacility, unitId: string, data: { isOnHold?: boolean; isArchived?: boolean }) =>
    db.prisma.resident.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        unitId,
        firstName: 'Held',
        lastName: `Resident-${f.tag}`,
        ...data,
      },
    });
  const checkInsOf = async (f: TestFacility, day: string) =>
    (
      await db.prisma.checkIn.findMany({
        where: { facilityId: f.facilityId, date: new Date(`${day}T00:00:00Z`) },
        select: { unitId: true, status: true, isOnHold: true, enterpriseId: true },
      })
    ).sort((a, b) => a.unitId.localeCompare(b.unitId));
  const run = (iso: string) => runDailyCheckIns(pool, new Date(iso));
  const byUnit = (rows: { unitId: string; status: string; isOnHold: boolean }[]) =>
    Object.fromEntries(rows.map((r) => [r.unitId, { status: r.status, isOnHold: r.isOnHold }]));

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    chicago = await createTestFacility(db.prisma, { timezone: 'America/Chicago' });
    tokyo = await createTestFacility(db.prisma, { timezone: 'Asia/Tokyo' });
    const onHold = await addUnit(chicago, `IL 310-${chicago.tag}`);
    await addResident(chicago, onHold.id, { isOnHold: true });
    await addResident(chicago, onHold.id, { isOnHold: false, isArchived: true });
    onHoldUnitId = onHold.id;
    emptyUnitId = (await addUnit(chicago, `IL 311-${chicago.tag}`)).id;
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it("creates one check-in per independent-living unit for the day: PENDING, SKIPPED_ON_HOLD for a unit on hold, in each facility's own time zone", async () => {
    // 9:00 am in Chicago on March 8; 0:00 on March 9 in Tokyo, before its 4:00 am: still March 8 there.
    await run('2025-03-08T15:00:00Z');
    const il = chicago.units.IL.id;
    expect(byUnit(await checkInsOf(chicago, '2025-03-08'))).toEqual({
      [il]: { status: 'PENDING', isOnHold: false },
      [onHoldUnitId]: { status: 'SKIPPED_ON_HOLD', isOnHold: true },
      [emptyUnitId]: { status: 'PENDING', isOnHold: false },
    });
    expect(
      (await checkInsOf(chicago, '2025-03-08')).every((r) => r.enterpriseId === chicago.enterpriseId),
    ).toBe(true);
    // Only independent-living units get a daily check-in.
    expect(await db.prisma.checkIn.count({ where: { unitId: chicago.units.AL.id } })).toBe(0);
    expect(byUnit(await checkInsOf(tokyo, '2025-03-08'))).toEqual({
      [tokyo.units.IL.id]: { status: 'PENDING', isOnHold: false },
    });
    expect(await checkInsOf(tokyo, '2025-03-09')).toEqual([]);
  });

  it('on the daylight-saving day: nothing new at 3:59:59 am, the new day at 4:00 am, and the day that passed unchecked EXPIRED', async () => {
    const il = chicago.units.IL.id;
    // The occupied unit was checked in on March 8; the empty one was not.
    await db.prisma.checkIn.update({
      where: {
        facilityId_unitId_date: { facilityId: chicago.facilityId, unitId: il, date: new Date('2025-03-08') },
      },
      data: {
        status: 'COMPLETE',
        checkInReason: 'SEEN_IN_PERSON',
        checkInTimestamp: new Date('2025-03-08T16:00:00Z'),
      },
    });

    // March 9 in Chicago: clocks spring forward at 2:00 am; 3:59:59 am CDT is 08:59:59 UTC.
    await run('2025-03-09T08:59:59Z');
    expect(await checkInsOf(chicago, '2025-03-09')).toEqual([]);
    expect((await checkInsOf(chicago, '2025-03-08')).map((r) => r.status).sort()).toEqual([
      'COMPLETE',
      'PENDING',
      'SKIPPED_ON_HOLD',
    ]);
    // Tokyo is at 5:59 pm on March 9: its new day began, its March 8 went unchecked.
    expect(byUnit(await checkInsOf(tokyo, '2025-03-09'))).toEqual({
      [tokyo.units.IL.id]: { status: 'PENDING', isOnHold: false },
    });
    expect(byUnit(await checkInsOf(tokyo, '2025-03-08'))).toEqual({
      [tokyo.units.IL.id]: { status: 'EXPIRED', isOnHold: false },
    });

    // 4:00 am CDT (09:00 UTC): March 9 begins in Chicago.
    await run('2025-03-09T09:00:00Z');
    expect(byUnit(await checkInsOf(chicago, '2025-03-09'))).toEqual({
      [il]: { status: 'PENDING', isOnHold: false },
      [onHoldUnitId]: { status: 'SKIPPED_ON_HOLD', isOnHold: true },
      [emptyUnitId]: { status: 'PENDING', isOnHold: false },
    });
    expect(byUnit(await checkInsOf(chicago, '2025-03-08'))).toEqual({
      [il]: { status: 'COMPLETE', isOnHold: false },
      [onHoldUnitId]: { status: 'SKIPPED_ON_HOLD', isOnHold: true },
      [emptyUnitId]: { status: 'EXPIRED', isOnHold: false },
    });
  });

  it('is not doubled when run twice, or by two workers at once, and leaves a check-in made meanwhile alone', async () => {
    const il = chicago.units.IL.id;
    await db.prisma.checkIn.update({
      where: {
        facilityId_unitId_date: { facilityId: chicago.facilityId, unitId: il, date: new Date('2025-03-09') },
      },
      data: {
        status: 'COMPLETE',
        checkInReason: 'CALLED_RESIDENT',
        checkInTimestamp: new Date('2025-03-09T15:00:00Z'),
      },
    });
    const before = await db.prisma.checkIn.count();
    const again = await run('2025-03-09T09:01:00Z');
    expect(again).toEqual({ created: 0, skippedOnHold: 0, expired: 0 });
    expect(await db.prisma.checkIn.count()).toBe(before);
    // Two workers at the same moment: 5:00 am on March 10 in Tokyo, its one new check-in created once.
    const [a, b] = await Promise.all([run('2025-03-09T20:00:00Z'), run('2025-03-09T20:00:00Z')]);
    expect(a.created + b.created).toBe(1);
    expect(a.skippedOnHold + b.skippedOnHold).toBe(0);
    expect(await checkInsOf(tokyo, '2025-03-10')).toHaveLength(1);
    expect(await db.prisma.checkIn.count()).toBe(before + 1);
    expect(byUnit(await checkInsOf(chicago, '2025-03-09'))[il]).toEqual({
      status: 'COMPLETE',
      isOnHold: false,
    });
  });

  it('a worker down at 4:00 am catches up: days later, one run creates the current day and expires every day missed', async () => {
    // Two days without a run: March 10 never got its check-ins; the pending ones of March 9 expire.
    const result = await run('2025-03-11T12:00:00Z');
    expect(await checkInsOf(chicago, '2025-03-10')).toEqual([]);
    expect((await checkInsOf(chicago, '2025-03-11')).length).toBe(3);
    expect(byUnit(await checkInsOf(chicago, '2025-03-09'))[emptyUnitId]).toEqual({
      status: 'EXPIRED',
      isOnHold: false,
    });
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(
      await db.prisma.checkIn.count({ where: { status: 'PENDING', date: { lt: new Date('2025-03-11') } } }),
    ).toBe(0);
  });

  it("runs as the worker's job, and a restarted worker creates no second check-in", async () => {
    const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
    const today = async () =>
      db.prisma.checkIn.count({
        where: { facilityId: chicago.facilityId, date: { gt: new Date('2025-12-31') } },
      });
    const runJobOn = async () => {
      const worker = await startWorker(config, { logger: false, listen: false });
      try {
        await pool.query('SELECT graphile_worker.add_job($1)', [DAILY_CHECK_INS]);
        await eventually(async () => {
          const { rows } = await pool.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1',
            [DAILY_CHECK_INS],
          );
          return rows[0]!.n === 0;
        });
      } finally {
        await worker.close();
      }
    };
    await runJobOn();
    // Today's check-in day (the real clock): one per independent-living unit of the facility.
    expect(await today()).toBe(3);
    const total = await db.prisma.checkIn.count();
    await runJobOn();
    expect(await today()).toBe(3);
    expect(await db.prisma.checkIn.count()).toBe(total);
  });
});
