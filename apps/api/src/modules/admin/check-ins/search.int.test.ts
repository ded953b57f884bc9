import type { TSearchCheckInsReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const SEARCH = '/admin/api/v1/checkIns/search';

describe('[ADMIN][CHECK-INS][SEARCH]: POST /checkIns/search, scoped to my facilities (decision 0231)', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  /** f's second independent-living unit, on hold. */
  let heldUnitId: string;

  const search = async (as: string, body: object) =>
    t.app.inject({ method: 'POST', url: SEARCH, headers: await t.headersFor(as), payload: body });
  const ok = async (as: string, body: object) => {
    const res = await search(as, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TSearchCheckInsReply;
  };
  const row = (tf: TestFacility, unitId: string, day: string, data: object = {}) =>
    t.db.prisma.checkIn.create({
      data: {
        facilityId: tf.facilityId,
        enterpriseId: tf.enterpriseId,
        unitId,
        date: new Date(`${day}T00:00:00Z`),
        ...data,
      },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
    heldUnitId = (
      await t.db.prisma.unit.create({
        data: {
          facilityId: f.facilityId,
          enterpriseId: f.enterpriseId,
          displayName: 'IL 000 held',
          careType: 'INDEPENDENT_LIVING',
          ward: 'IL',
        },
      })
    ).id;
    const il = f.units.IL.id;
    await row(f, il, '2026-01-01', { status: 'EXPIRED' });
    await row(f, il, '2026-01-02', {
      status: 'COMPLETE',
      checkInReason: 'SEEN_IN_PERSON',
      checkInTimestamp: new Date('2026-01-02T15:00:00Z'),
    });
    await row(f, il, '2026-01-03');
    await row(f, heldUnitId, '2026-01-02', { status: 'SKIPPED_ON_HOLD', isOnHold: true });
    await row(f, heldUnitId, '2026-01-03', { status: 'SKIPPED_ON_HOLD', isOnHold: true });
    await row(other, other.units.IL.id, '2026-01-02');
  });
  afterAll(() => t.close());

  it("finds my facilities' check-ins, newest day first then by unit name, with the reply fields of a check-in", async () => {
    const reply = await ok(f.staff.caregiver.id, {});
    expect(reply).toMatchObject({ pageNumber: 0, pageSize: 50, totalCount: 5 });
    expect(reply.checkIns.map((c) => [c.date, c.unit.displayName])).toEqual([
      ['2026-01-03', 'IL 000 held'],
      ['2026-01-03', f.units.IL.displayName],
      ['2026-01-02', 'IL 000 held'],
      ['2026-01-02', f.units.IL.displayName],
      ['2026-01-01', f.units.IL.displayName],
    ]);
    expect(reply.checkIns[3]).toEqual({
      id: expect.any(String),
      status: 'COMPLETE',
      checkInReason: 'SEEN_IN_PERSON',
      checkInTimestamp: Date.parse('2026-01-02T15:00:00Z'),
      unit: { id: f.units.IL.id, displayName: f.units.IL.displayName },
      date: '2026-01-02',
      facilityId: f.facilityId,
      isOnHold: false,
    });
    // The other community's check-in is never among them.
    expect(reply.checkIns.every((c) => c.facilityId === f.facilityId)).toBe(true);
  });

  it.each([
    ['statuses', { statuses: ['SKIPPED_ON_HOLD'] }, 2],
    ['statuses (two)', { statuses: ['COMPLETE', 'EXPIRED'] }, 2],
    ['isOnHold', { isOnHold: false }, 3],
    ['a day', { fromDate: '2026-01-02', toDate: '2026-01-02' }, 2],
    ['from a day on', { fromDate: '2026-01-02' }, 4],
    ['up to a day', { toDate: '2026-01-01' }, 1],
    ['unitIds', { unitIds: ['UNIT_IL'] }, 3],
    ['careZoneIds', { careZoneIds: ['ZONE_IL'] }, 5],
    ['careZoneIds and unitIds', { careZoneIds: ['ZONE_IL'], unitIds: ['HELD'] }, 2],
    ['a care zone without these units', { careZoneIds: ['ZONE_AL'] }, 0],
    ['facilityIds', { facilityIds: ['FACILITY'] }, 5],
    ['enterpriseId', { enterpriseId: 'ENTERPRISE' }, 5],
    ["another community's unit finds nothing", { unitIds: ['OTHER_UNIT'] }, 0],
  ])('filters by %s', async (_name, filter, count) => {
    const ids: Record<string, string> = {
      UNIT_IL: f.units.IL.id,
      HELD: heldUnitId,
      ZONE_IL: f.careZones.IL.id,
      ZONE_AL: f.careZones.AL.id,
      FACILITY: f.facilityId,
      ENTERPRISE: f.enterpriseId,
      OTHER_UNIT: other.units.IL.id,
    };
    const body = JSON.parse(JSON.stringify(filter), (_k, v) =>
      typeof v === 'string' && ids[v] ? ids[v] : v,
    );
    const reply = await ok(f.staff.nurse.id, body);
    expect(reply.totalCount).toBe(count);
    expect(reply.checkIns).toHaveLength(count);
  });

  it('pages: pageSize and pageNumber, with the total count', async () => {
    const first = await ok(f.staff.manager.id, { pageSize: 2, pageNumber: 0 });
    const third = await ok(f.staff.manager.id, { pageSize: 2, pageNumber: 2 });
    const beyond = await ok(f.staff.manager.id, { pageSize: 2, pageNumber: 3 });
    expect(first).toMatchObject({ pageNumber: 0, pageSize: 2, totalCount: 5 });
    expect(first.checkIns).toHaveLength(2);
    expect(third.checkIns.map((c) => c.date)).toEqual(['2026-01-01']);
    expect(beyond.checkIns).toEqual([]);
    expect(beyond.totalCount).toBe(5);
  });

  it("refuses another community's facility, enterprise (403) and care zone (404)", async () => {
    const me = f.staff.caregiver.id;
    expect((await search(me, { facilityIds: [other.facilityId] })).statusCode).toBe(403);
    expect((await search(me, { facilityIds: [f.facilityId, other.facilityId] })).statusCode).toBe(403);
    expect((await search(me, { enterpriseId: other.enterpriseId })).statusCode).toBe(403);
    expect((await search(me, { careZoneIds: [other.careZones.IL.id] })).statusCode).toBe(404);
    // And the other community sees only its own.
    const theirs = await ok(other.staff.caregiver.id, {});
    expect(theirs.checkIns.map((c) => c.facilityId)).toEqual([other.facilityId]);
  });

  it("POST /checkIns creates a unit's check-in as the daily job would: SKIPPED_ON_HOLD when its residents are all on hold", async () => {
    await t.db.prisma.resident.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        unitId: heldUnitId,
        firstName: 'Held',
        lastName: 'Resident',
        isOnHold: true,
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/v1/checkIns',
      headers: await t.headersFor(f.staff.caregiver.id),
      payload: { unitId: heldUnitId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SKIPPED_ON_HOLD', isOnHold: true });
    // GET /checkIns lists a unit on hold without a stored check-in the same way.
    await t.db.prisma.checkIn.deleteMany({ where: { unitId: heldUnitId, id: res.json().id } });
    const list = await t.app.inject({
      method: 'GET',
      url: `/admin/api/v1/checkIns?facilityId=${f.facilityId}`,
      headers: await t.headersFor(f.staff.caregiver.id),
    });
    expect(list.json().find((c: { unit: { id: string } }) => c.unit.id === heldUnitId)).toMatchObject({
      id: null,
      status: 'SKIPPED_ON_HOLD',
      isOnHold: true,
    });
  });

  it('refuses staff who neither see nor answer alerts (housekeeping: 403)', async () => {
    const res = await search(f.staff.housekeeper.id, {});
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['pageSize', { pageSize: 0 }, 'body.pageSize'],
    ['pageSize', { pageSize: 201 }, 'body.pageSize'],
    ['pageNumber', { pageNumber: -1 }, 'body.pageNumber'],
    ['statuses', { statuses: ['DONE'] }, 'body.statuses'],
    ['fromDate', { fromDate: '2026-13-01' }, 'body.fromDate'],
    ['toDate before fromDate', { fromDate: '2026-01-03', toDate: '2026-01-02' }, 'body.toDate'],
    ['an unknown field', { date: '2026-01-02' }, 'body'],
    ['isOnHold', { isOnHold: 'yes' }, 'body.isOnHold'],
  ])('bad input is a 400 naming the field: %s', async (_name, body, field) => {
    const res = await search(f.staff.caregiver.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
  });
});

describe('[ADMIN][CHECK-INS][RACES]: PUT /checkIns/{id} changes only the current day, PENDING <-> COMPLETE (decision 0235)', () => {
  let t: TestApp;
  let f: TestFacility;
  const put = async (as: string, id: string, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/admin/api/v1/checkIns/${id}`,
      headers: await t.headersFor(as),
      payload: body,
    });

  beforeAll(async () => {
    // Noon in Chicago on 2026-11-20.
    t = await buildTestApp({}, { now: () => new Date('2026-11-20T18:00:00.000Z') });
    f = await createTestFacility(t.db.prisma);
  });
  afterAll(() => t.close());

  it('two staff checking a unit in at once: one wins, the other gets a 409 and the winner is kept', async () => {
    const { id } = await t.db.prisma.checkIn.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        unitId: f.units.IL.id,
        date: new Date('2026-11-20T00:00:00Z'),
      },
    });
    const [a, b] = await Promise.all([
      put(f.staff.caregiver.id, id, { status: 'COMPLETE', checkInReason: 'SEEN_IN_PERSON' }),
      put(f.staff.nurse.id, id, { status: 'COMPLETE', checkInReason: 'CALLED_RESIDENT' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.json()).toMatchObject({
      code: 'CHECK_IN_CHANGED',
      message: 'This unit is already checked in',
    });
    const row = await t.db.prisma.checkIn.findUniqueOrThrow({ where: { id } });
    expect(row.checkInReason).toBe(winner.json().checkInReason);

    // Removing twice: the second is a 409 too.
    expect((await put(f.staff.caregiver.id, id, { status: 'PENDING' })).statusCode).toBe(200);
    const again = await put(f.staff.caregiver.id, id, { status: 'PENDING' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CHECK_IN_CHANGED' });
  });

  it("refuses a past day's check-in, pending or expired (409), and changes nothing", async () => {
    for (const status of ['PENDING', 'EXPIRED'] as const) {
      const { id } = await t.db.prisma.checkIn.upsert({
        where: {
          facilityId_unitId_date: {
            facilityId: f.facilityId,
            unitId: f.units.IL.id,
            date: new Date('2026-11-19T00:00:00Z'),
          },
        },
        create: {
          facilityId: f.facilityId,
          enterpriseId: f.enterpriseId,
          unitId: f.units.IL.id,
          date: new Date('2026-11-19T00:00:00Z'),
          status,
        },
        update: { status },
      });
      const res = await put(f.staff.caregiver.id, id, {
        status: 'COMPLETE',
        checkInReason: 'SEEN_IN_PERSON',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CHECK_IN_CHANGED',
        message: "This check-in's day has passed",
      });
      expect((await t.db.prisma.checkIn.findUniqueOrThrow({ where: { id } })).status).toBe(status);
    }
  });
});
