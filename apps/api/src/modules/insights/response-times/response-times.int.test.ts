import type { TResponseTimesReply } from '@sage/contract';
import {
  type PrismaClient,
  prismaRollupSql,
  rebuildFacilityResponseTimes,
  recordTaskChange,
  rollUpResponseTimes,
  type TaskUpdateType,
} from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller, insertDeviceTask } from '../../../test/tasks';

const BASE = '/insights/api/v1/responseTimes';

type Step = { type: TaskUpdateType; after: number; by?: string | null };

/**
 * A device alert created at `created` with its updates `after` seconds later (by a staff member), and
 * optionally resolved `resolvedAfter` seconds later by `resolvedBy`.
 */
async function alertWith(
  prisma: PrismaClient,
  f: TestFacility,
  opts: {
    device: { deviceId: string; residentId?: string; unitId?: string | null };
    created: string;
    updates: Step[];
    resolved?: { after: number; by: string };
    isTest?: boolean;
  },
): Promise<string> {
  const created = new Date(opts.created);
  const at = (seconds: number) => new Date(created.getTime() + seconds * 1000);
  const id = await insertDeviceTask(prisma, f, {
    deviceId: opts.device.deviceId,
    residentId: opts.device.residentId ?? null,
    unitId: opts.device.unitId ?? null,
    severity: 'HIGH_PRIORITY',
    creationTimestamp: created,
    status: opts.resolved ? 'CLOSED_RESOLVED' : 'OPEN_CLAIMED',
  });
  await prisma.taskUpdate.createMany({
    data: opts.updates.map((u) => ({
      taskId: id,
      facilityId: f.facilityId,
      type: u.type,
      creatorStaffMemberId: u.by ?? null,
      createdAt: at(u.after),
    })),
  });
  await prisma.task.update({
    where: { id },
    data: {
      openDeviceKey: null,
      isTest: opts.isTest ?? false,
      ...(opts.resolved
        ? {
            resolvedAt: at(opts.resolved.after),
            resolvedById: opts.resolved.by,
            assigneeId: opts.resolved.by,
          }
        : {}),
    },
  });
  return id;
}

/** Figures as percentile_cont computes them (floating point: 120 + 0.7 * 180 is 246.00000000000003). */
const fig = (p50Seconds: number, p90Seconds: number, count: number) => ({
  p50Seconds: expect.closeTo(p50Seconds, 6),
  p90Seconds: expect.closeTo(p90Seconds, 6),
  count,
});

describe('[INSIGHTS][RESPONSE-TIMES]: claim, bedside and resolve times per facility, for its managers', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const get = async (as: string, query: string) => caller(t, as)('GET', `${BASE}?${query}`);
  const figures = async (query: string): Promise<TResponseTimesReply> => {
    const res = await get(f.staff.manager.id, `facilityId=${f.facilityId}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TResponseTimesReply;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
    const p = t.db.prisma;
    const { caregiver, nurse } = f.staff;
    const alPendant = {
      deviceId: f.residents.AL.pendant.deviceId,
      residentId: f.residents.AL.id,
      unitId: f.residents.AL.unitId,
    };
    // A: AL pendant, 08:00 Chicago (14:00Z, January: UTC-6), claimed 60 s, confirming 200 s, at the bedside
    // 240 s, resolved 600 s, all by the caregiver.
    await alertWith(p, f, {
      device: alPendant,
      created: '2026-01-14T14:00:00.000Z',
      updates: [
        { type: 'CLAIM', after: 60, by: caregiver.id },
        { type: 'STATUS_CHANGE', after: 60, by: caregiver.id },
        { type: 'STATUS_CHANGE', after: 200, by: caregiver.id },
        { type: 'CARE_CONFIRMED', after: 240 },
        { type: 'CLOSED', after: 600, by: caregiver.id },
      ],
      resolved: { after: 600, by: caregiver.id },
    });
    // B: MC wall button, 16:00 Chicago: the nurse claims at 120 s, is at the bedside at 420 s, resolves at 900 s.
    await alertWith(p, f, {
      device: { deviceId: f.units.MC.wallButton.deviceId, unitId: f.units.MC.id },
      created: '2026-01-14T22:00:00.000Z',
      updates: [
        { type: 'CLAIM', after: 120, by: nurse.id },
        { type: 'STATUS_CHANGE', after: 120, by: nurse.id },
        { type: 'STATUS_CHANGE', after: 300, by: nurse.id },
        { type: 'CARE_CONFIRMED', after: 420 },
        { type: 'CLOSED', after: 900, by: nurse.id },
      ],
      resolved: { after: 900, by: nurse.id },
    });
    // C: AL pendant at 23:30 Chicago on the 14th (05:30Z on the 15th), claimed at 300 s, still open.
    await alertWith(p, f, {
      device: alPendant,
      created: '2026-01-15T05:30:00.000Z',
      updates: [
        { type: 'CLAIM', after: 300, by: caregiver.id },
        { type: 'STATUS_CHANGE', after: 300, by: caregiver.id },
      ],
    });
    // F: a door alarm resolved while unclaimed 30 s after it rang (ASSIGNMENT), 08:00 Chicago on the 20th.
    await alertWith(p, f, {
      device: { deviceId: f.door.alarm.deviceId },
      created: '2026-01-20T14:00:00.000Z',
      updates: [
        { type: 'ASSIGNMENT', after: 30, by: caregiver.id },
        { type: 'CLOSED', after: 30, by: caregiver.id },
      ],
      resolved: { after: 30, by: caregiver.id },
    });
    // Not counted: a test alert, an alert of February, a task a staff member created, another community's alert.
    await alertWith(p, f, {
      device: alPendant,
      created: '2026-01-14T15:00:00.000Z',
      updates: [{ type: 'CLAIM', after: 5, by: caregiver.id }],
      resolved: { after: 9, by: caregiver.id },
      isTest: true,
    });
    await alertWith(p, f, {
      device: alPendant,
      created: '2026-02-10T15:00:00.000Z',
      updates: [{ type: 'CLAIM', after: 5, by: caregiver.id }],
    });
    const manual = await p.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: 'Bring the newspaper',
        severity: 'LOW_PRIORITY',
        severityRank: 5,
        creatorStaffMemberId: f.staff.manager.id,
        creationTimestamp: new Date('2026-01-14T15:00:00.000Z'),
      },
    });
    await p.taskUpdate.create({
      data: {
        taskId: manual.id,
        facilityId: f.facilityId,
        type: 'CLAIM',
        creatorStaffMemberId: caregiver.id,
        createdAt: new Date('2026-01-14T15:00:07.000Z'),
      },
    });
    await alertWith(p, other, {
      device: { deviceId: other.residents.AL.pendant.deviceId, residentId: other.residents.AL.id },
      created: '2026-01-14T14:00:00.000Z',
      updates: [{ type: 'CLAIM', after: 1, by: other.staff.caregiver.id }],
    });
    await p.$transaction(async (tx) => {
      await rebuildFacilityResponseTimes(prismaRollupSql(tx), f.facilityId);
      await rebuildFacilityResponseTimes(prismaRollupSql(tx), other.facilityId);
    });
  });
  afterAll(() => t.close());

  it('gives p50, p90 (percentile_cont) and count of each step over January, overall', async () => {
    const r = await figures('from=2026-01-01&to=2026-01-31');
    expect(r).toMatchObject({ from: '2026-01-01', to: '2026-01-31', timezone: 'America/Chicago' });
    // Claims 30, 60, 120, 300: p50 (60+120)/2; p90 at rank 2.7: 120 + 0.7 * 180.
    // Bedside 240, 420: p50 330, p90 240 + 0.9 * 180. Resolves 30, 600, 900: p50 600, p90 600 + 0.8 * 300.
    expect(r.overall).toEqual({
      key: 'all',
      label: 'All alerts',
      CLAIM: fig(90, 246, 4),
      CONFIRM: fig(330, 402, 2),
      RESOLVE: fig(600, 840, 3),
    });
  });

  it('breaks the figures down by staff member, shift, alert kind, hour and care zone', async () => {
    const r = await figures('from=2026-01-01&to=2026-01-31');
    const { caregiver, nurse } = f.staff;
    expect(r.byStaffMember).toEqual(
      [
        // Alphabetical by name.
        {
          key: caregiver.id,
          label: `${caregiver.firstName} ${caregiver.lastName}`,
          CLAIM: fig(60, 252, 3),
          CONFIRM: fig(240, 240, 1),
          RESOLVE: fig(315, 543, 2),
        },
        {
          key: nurse.id,
          label: `${nurse.firstName} ${nurse.lastName}`,
          CLAIM: fig(120, 120, 1),
          CONFIRM: fig(420, 420, 1),
          RESOLVE: fig(900, 900, 1),
        },
      ].sort((a, b) => a.label.localeCompare(b.label)),
    );
    expect(r.byShift).toEqual([
      {
        key: 'DAY',
        label: 'Day (7 am-3 pm)',
        CLAIM: fig(45, 57, 2),
        CONFIRM: fig(240, 240, 1),
        RESOLVE: fig(315, 543, 2),
      },
      {
        key: 'EVENING',
        label: 'Evening (3-11 pm)',
        CLAIM: fig(120, 120, 1),
        CONFIRM: fig(420, 420, 1),
        RESOLVE: fig(900, 900, 1),
      },
      { key: 'NIGHT', label: 'Night (11 pm-7 am)', CLAIM: fig(300, 300, 1), CONFIRM: null, RESOLVE: null },
    ]);
    expect(
      r.byAlertKind.map((row) => [row.key, row.CLAIM?.count, row.CONFIRM?.count, row.RESOLVE?.count]),
    ).toEqual([
      ['PENDANT', 2, 1, 1],
      ['WALL_BUTTON', 1, 1, 1],
      ['DOOR', 1, undefined, 1],
    ]);
    expect(r.byHourOfDay.map((row) => [row.key, row.label, row.CLAIM?.p50Seconds])).toEqual([
      ['8', '08:00', 45],
      ['16', '16:00', 120],
      ['23', '23:00', 300],
    ]);
    // The door alarm has no unit: it is in no care zone.
    expect(r.byCareZone.map((row) => [row.key, row.CLAIM, row.CONFIRM?.count ?? 0])).toEqual(
      [
        [f.careZones.AL.id, fig(180, 276, 2), 1],
        [f.careZones.MC.id, fig(120, 120, 1), 1],
      ].sort((a, b) => {
        const name = (id: unknown) => (id === f.careZones.AL.id ? f.careZones.AL.name : f.careZones.MC.name);
        return name(a[0]).localeCompare(name(b[0]));
      }),
    );
  });

  it('reads the period in the facility time zone, and filters by shift and by care zone', async () => {
    // 23:30 on the 14th in Chicago is the 15th in UTC: it belongs to the 14th.
    expect((await figures('from=2026-01-14&to=2026-01-14')).overall.CLAIM).toEqual(fig(120, 264, 3));
    expect((await figures('from=2026-01-15&to=2026-01-19')).overall.CLAIM).toBeNull();
    const day = await figures('from=2026-01-01&to=2026-01-31&shift=DAY');
    expect(day.shift).toBe('DAY');
    expect(day.overall.CLAIM).toEqual(fig(45, 57, 2));
    expect(day.byShift.map((row) => row.key)).toEqual(['DAY']);
    const mc = await figures(`from=2026-01-01&to=2026-01-31&careZoneId=${f.careZones.MC.id}`);
    expect(mc.overall).toMatchObject({ CLAIM: fig(120, 120, 1), RESOLVE: fig(900, 900, 1) });
    expect(mc.byStaffMember.map((row) => row.key)).toEqual([f.staff.nurse.id]);
  });

  it('refuses a bad period, shift or care zone with a 400 naming the field', async () => {
    const issues = async (query: string) => {
      const res = await get(f.staff.manager.id, query);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { issues: { field: string }[] }).issues.map((i) => i.field);
    };
    const fid = `facilityId=${f.facilityId}`;
    expect(await issues(`${fid}&from=2026-02-01&to=2026-01-31`)).toContain('querystring.to');
    expect(await issues(`${fid}&from=2025-01-01&to=2026-01-02`)).toContain('querystring.to');
    expect(await issues(`${fid}&from=2026-13-01&to=2026-01-31`)).toContain('querystring.from');
    expect(await issues(`${fid}&to=2026-01-31`)).toContain('querystring.from');
    expect(await issues('from=2026-01-01&to=2026-01-31')).toContain('querystring.facilityId');
    expect(await issues(`${fid}&from=2026-01-01&to=2026-01-31&shift=LUNCH`)).toContain('querystring.shift');
    expect(await issues(`${fid}&from=2026-01-01&to=2026-01-31&careZoneId=${other.careZones.AL.id}`)).toEqual([
      'querystring.careZoneId',
    ]);
    // A whole year (366 days) is allowed.
    expect((await get(f.staff.manager.id, `${fid}&from=2025-01-31&to=2026-01-31`)).statusCode).toBe(200);
  });

  it("is for managers of the facility only: 403 for its other staff, 404 for another community's manager", async () => {
    const q = `facilityId=${f.facilityId}&from=2026-01-01&to=2026-01-31`;
    for (const who of [f.staff.caregiver, f.staff.nurse, f.staff.careAdmin, f.staff.housekeeper]) {
      expect((await get(who.id, q)).statusCode).toBe(403);
    }
    const foreign = await get(other.staff.manager.id, q);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(f.staff.caregiver.id);
    // The other community sees only its own alert.
    const own = await get(
      other.staff.manager.id,
      `facilityId=${other.facilityId}&from=2026-01-01&to=2026-01-31`,
    );
    expect((own.json() as TResponseTimesReply).overall.CLAIM).toEqual(fig(1, 1, 1));
  });

  it('the rollup follows task changes: a claim through the API is counted, a test-alert resolution removes it', async () => {
    const id = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.residents.MC.pendant.deviceId,
      residentId: f.residents.MC.id,
      unitId: f.residents.MC.unitId,
    });
    const as = caller(t, f.staff.caregiver.id);
    expect((await as('PUT', `/admin/api/v1/tasks/${id}`, { status: 'OPEN_CLAIMED' })).statusCode).toBe(200);
    const roll = () => t.db.prisma.$transaction((tx) => rollUpResponseTimes(prismaRollupSql(tx)));
    await roll();
    const steps = () => t.db.prisma.responseTimeStep.findMany({ where: { taskId: id } });
    expect(await steps()).toEqual([
      expect.objectContaining({ step: 'CLAIM', staffMemberId: f.staff.caregiver.id, alertKind: 'PENDANT' }),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const asOf = (await figures(`from=2026-01-01&to=${today}`)).asOf;
    expect(asOf).not.toBeNull();

    const resolved = await as('PUT', `/admin/api/v1/tasks/${id}/resolve`, {
      alertOutcomeType: 'TEST_ALERT',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'NON_EMERGENCY_FOUND_DEVICE' }],
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await roll();
    expect(await steps()).toEqual([]);
    // Earlier rows are left as they were.
    expect(await t.db.prisma.responseTimeStep.count({ where: { facilityId: f.facilityId } })).toBe(10);
  });

  it('a task changed after its day was rolled up is counted again, once; re-running the rollup counts nothing twice', async () => {
    const p = t.db.prisma;
    const roll = () => p.$transaction((tx) => rollUpResponseTimes(prismaRollupSql(tx)));
    const changed = (taskId: string) =>
      p.$transaction((tx) =>
        recordTaskChange(tx, {
          facilityId: f.facilityId,
          taskId,
          status: 'OPEN_CLAIMED',
          severity: 'HIGH_PRIORITY',
        }),
      );
    // G: MC wall button at 10:00 Chicago on the 22nd, claimed by the nurse after 50.6 s: whole seconds, nearest.
    const id = await alertWith(p, f, {
      device: { deviceId: f.units.MC.wallButton.deviceId, unitId: f.units.MC.id },
      created: '2026-01-22T16:00:00.000Z',
      updates: [
        { type: 'CLAIM', after: 50.6, by: f.staff.nurse.id },
        { type: 'STATUS_CHANGE', after: 50.6, by: f.staff.nurse.id },
      ],
    });
    await changed(id);
    await roll();
    const day = 'from=2026-01-22&to=2026-01-22';
    expect((await figures(day)).overall).toMatchObject({
      CLAIM: fig(51, 51, 1),
      CONFIRM: null,
      RESOLVE: null,
    });
    const january = await figures('from=2026-01-01&to=2026-01-31');
    // Claims 30, 51, 60, 120, 300: p50 60, p90 120 + 0.6 * 180.
    expect(january.overall.CLAIM).toEqual(fig(60, 228, 5));

    // After it was rolled up, the nurse is at the bedside at 200 s and resolves it at 500 s.
    await p.taskUpdate.create({
      data: {
        taskId: id,
        facilityId: f.facilityId,
        type: 'CARE_CONFIRMED',
        createdAt: new Date(Date.parse('2026-01-22T16:00:00.000Z') + 200_000),
      },
    });
    await p.task.update({
      where: { id },
      data: {
        status: 'CLOSED_RESOLVED',
        resolvedAt: new Date(Date.parse('2026-01-22T16:00:00.000Z') + 500_000),
        resolvedById: f.staff.nurse.id,
      },
    });
    await changed(id);
    await roll();
    const after = await figures(day);
    expect(after.overall).toMatchObject({
      CLAIM: fig(51, 51, 1),
      CONFIRM: fig(200, 200, 1),
      RESOLVE: fig(500, 500, 1),
    });
    expect(after.byStaffMember.map((row) => row.key)).toEqual([f.staff.nurse.id]);
    const whole = await figures('from=2026-01-01&to=2026-01-31');
    // Bedside 200, 240, 420; resolves 30, 500, 600, 900.
    expect(whole.overall).toMatchObject({
      CLAIM: fig(60, 228, 5),
      CONFIRM: fig(240, 384, 3),
      RESOLVE: fig(550, 810, 4),
    });

    // Running it again, with the same change inside its overlap, then from scratch (a worker down for days:
    // the watermark is old), and rebuilding the facility, gives the same figures: days are packed again
    // from the steps, never added to.
    await roll();
    await roll();
    expect(await figures('from=2026-01-01&to=2026-01-31')).toEqual({ ...whole, asOf: expect.any(String) });
    await p.responseTimeRollup.update({ where: { id: 'steps' }, data: { rolledUpTo: new Date(0) } });
    await roll();
    expect(await figures('from=2026-01-01&to=2026-01-31')).toEqual({ ...whole, asOf: expect.any(String) });
    await p.$transaction((tx) => rebuildFacilityResponseTimes(prismaRollupSql(tx), f.facilityId));
    await p.$transaction((tx) => rebuildFacilityResponseTimes(prismaRollupSql(tx), f.facilityId));
    expect(await figures('from=2026-01-01&to=2026-01-31')).toEqual({ ...whole, asOf: expect.any(String) });
    const packed = await p.responseTimeDay.aggregate({
      where: { facilityId: f.facilityId },
      _sum: { count: true },
    });
    expect(packed._sum.count).toBe(await p.responseTimeStep.count({ where: { facilityId: f.facilityId } }));

    // Times far apart (an alert left for hours) are sorted rather than counted: the same figures.
    for (const after of [5, 9000]) {
      const far = await alertWith(p, f, {
        device: { deviceId: f.units.MC.wallButton.deviceId, unitId: f.units.MC.id },
        created: `2026-01-23T16:0${after === 5 ? 0 : 1}:00.000Z`,
        updates: [{ type: 'CLAIM', after, by: f.staff.nurse.id }],
      });
      await changed(far);
    }
    await roll();
    expect((await figures('from=2026-01-23&to=2026-01-23')).overall.CLAIM).toEqual(fig(4502.5, 8100.5, 2));
  });

  it('counts seconds exactly on both sides of the dense histogram (4,096 s) and above it', async () => {
    const p = t.db.prisma;
    // March: claims 10, 4095, 4096, 7200 s; resolves 3000, 5000, 9000, 86400 s (one alert left for a day).
    const times = [
      [10, 3000],
      [4095, 5000],
      [4096, 9000],
      [7200, 86400],
    ] as const;
    for (const [i, [claim, resolve]] of times.entries()) {
      await alertWith(p, f, {
        device: { deviceId: f.units.MC.wallButton.deviceId, unitId: f.units.MC.id },
        created: `2026-03-0${i + 2}T16:00:00.000Z`,
        updates: [
          { type: 'CLAIM', after: claim, by: f.staff.nurse.id },
          { type: 'CLOSED', after: resolve, by: f.staff.nurse.id },
        ],
        resolved: { after: resolve, by: f.staff.nurse.id },
      });
    }
    await p.$transaction((tx) => rebuildFacilityResponseTimes(prismaRollupSql(tx), f.facilityId));
    const march = await figures('from=2026-03-01&to=2026-03-31');
    // Claims: p50 at rank 1.5: 4095 + 0.5 * 1; p90 at rank 2.7: 4096 + 0.7 * 3104.
    // Resolves: p50 (5000 + 9000) / 2; p90 9000 + 0.7 * 77400.
    expect(march.overall).toMatchObject({
      CLAIM: fig(4095.5, 6268.8, 4),
      CONFIRM: null,
      RESOLVE: fig(7000, 63180, 4),
    });
    expect(march.byStaffMember).toEqual([
      expect.objectContaining({
        key: f.staff.nurse.id,
        CLAIM: fig(4095.5, 6268.8, 4),
        RESOLVE: fig(7000, 63180, 4),
      }),
    ]);
  });
});
