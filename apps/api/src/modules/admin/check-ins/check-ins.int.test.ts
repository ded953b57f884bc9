import { CheckInMessages, type TCheckIn, type TCheckInReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1/checkIns';
/** Noon in Chicago (the test facilities' time zone): well inside the check-in day. */
const DAYTIME = new Date('2026-11-20T18:00:00.000Z');

describe('[ADMIN][CHECK-INS]: unit check-in, scoped to my facilities, changed only by staff who see alerts', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  /** The API's clock (buildApp's `now` seam): daytime unless a test moves it. */
  let clock = DAYTIME;

  const call = async (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `${BASE}${url}`, headers: await t.headersFor(as), payload });
  const todayOf = async (as: string, unitId: string) => {
    const res = await call(as, 'POST', '', { unitId });
    expect(res.statusCode).toBe(200);
    return res.json() as TCheckInReply;
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => clock });
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it("lists the independent-living unit as PENDING before its check-in exists, then gets or creates today's", async () => {
    const list = await call(f.staff.caregiver.id, 'GET', `?facilityId=${f.facilityId}`);
    expect(list.statusCode).toBe(200);
    const il = (list.json() as TCheckIn[]).find((c) => c.unit.id === f.units.IL.id);
    expect(il).toMatchObject({ id: null, status: 'PENDING', checkInReason: null, checkInTimestamp: null });

    const created = await todayOf(f.staff.caregiver.id, f.units.IL.id);
    expect(created).toMatchObject({ status: 'PENDING', unit: { id: f.units.IL.id }, date: il?.date });
    expect((await todayOf(f.staff.caregiver.id, f.units.IL.id)).id).toBe(created.id);
  });

  it('completes a check-in with a reason and its time, then removes it (back to PENDING)', async () => {
    const { id } = await todayOf(f.staff.caregiver.id, f.units.IL.id);
    const done = await call(f.staff.caregiver.id, 'PUT', `/${id}`, {
      status: 'COMPLETE',
      checkInReason: 'SEEN_IN_PERSON',
    });
    expect(done.statusCode).toBe(200);
    const completed = done.json() as TCheckInReply;
    expect(completed).toMatchObject({ status: 'COMPLETE', checkInReason: 'SEEN_IN_PERSON' });
    expect(completed.checkInTimestamp).toBe(DAYTIME.getTime());
    expect((await call(f.staff.caregiver.id, 'GET', `/${id}`)).json()).toMatchObject({ status: 'COMPLETE' });

    const removed = await call(f.staff.caregiver.id, 'PUT', `/${id}`, { status: 'PENDING' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ status: 'PENDING', checkInReason: null, checkInTimestamp: null });
  });

  it('refuses COMPLETE without a reason (400 naming body.checkInReason)', async () => {
    const { id } = await todayOf(f.staff.caregiver.id, f.units.IL.id);
    const res = await call(f.staff.caregiver.id, 'PUT', `/${id}`, { status: 'COMPLETE' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('body.checkInReason');
    const button = await call(f.staff.caregiver.id, 'PUT', `/${id}`, {
      status: 'COMPLETE',
      checkInReason: 'BUTTON_PRESSED',
    });
    expect(button.statusCode).toBe(400);
  });

  it("hides another facility's check-in and unit (404)", async () => {
    const theirs = await todayOf(other.staff.caregiver.id, other.units.IL.id);
    expect((await call(f.staff.caregiver.id, 'GET', `/${theirs.id}`)).statusCode).toBe(404);
    const put = await call(f.staff.caregiver.id, 'PUT', `/${theirs.id}`, {
      status: 'COMPLETE',
      checkInReason: 'CALLED_RESIDENT',
    });
    expect(put.statusCode).toBe(404);
    expect((await call(f.staff.caregiver.id, 'POST', '', { unitId: other.units.IL.id })).statusCode).toBe(
      404,
    );
  });

  it('refuses staff who cannot view alerts (403 for housekeeping)', async () => {
    const { id } = await todayOf(f.staff.caregiver.id, f.units.IL.id);
    const put = await call(f.staff.housekeeper.id, 'PUT', `/${id}`, {
      status: 'COMPLETE',
      checkInReason: 'CALLED_RESIDENT',
    });
    expect(put.statusCode).toBe(403);
    expect((await call(f.staff.housekeeper.id, 'POST', '', { unitId: f.units.IL.id })).statusCode).toBe(403);
  });

  describe('"Check-in: blocked during downtime": midnight to 4:00 am facility time (decision 0059)', () => {
    afterAll(() => {
      clock = DAYTIME;
    });
    it.each([
      ['00:00 in Chicago', '2026-11-21T06:00:00.000Z'],
      ['03:59 in Chicago', '2026-11-21T09:59:59.000Z'],
    ])(
      'refuses a check-in or its removal at %s (409 CHECK_IN_DOWNTIME, nothing changed)',
      async (_at, iso) => {
        clock = DAYTIME;
        const { id } = await todayOf(f.staff.caregiver.id, f.units.IL.id);
        clock = new Date(iso);
        for (const body of [{ status: 'COMPLETE', checkInReason: 'SEEN_IN_PERSON' }, { status: 'PENDING' }]) {
          const res = await call(f.staff.caregiver.id, 'PUT', `/${id}`, body);
          expect(res.statusCode).toBe(409);
          expect(res.json()).toMatchObject({
            code: 'CHECK_IN_DOWNTIME',
            message: CheckInMessages.dailyCheckInBegins,
          });
        }
        const row = await t.db.prisma.checkIn.findUniqueOrThrow({ where: { id } });
        expect(row.status).toBe('PENDING');
      },
    );

    it('accepts a check-in again from 4:00 am facility time', async () => {
      clock = new Date('2026-11-21T10:00:00.000Z');
      const { id } = await todayOf(f.staff.caregiver.id, f.units.IL.id);
      const res = await call(f.staff.caregiver.id, 'PUT', `/${id}`, {
        status: 'COMPLETE',
        checkInReason: 'CALLED_RESIDENT',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'COMPLETE', date: '2026-11-21' });
    });

    it('checks the body first: a bad body is still a 400 during downtime', async () => {
      clock = DAYTIME;
      const { id } = await todayOf(f.staff.caregiver.id, f.units.IL.id);
      clock = new Date('2026-11-21T07:00:00.000Z');
      const res = await call(f.staff.caregiver.id, 'PUT', `/${id}`, { status: 'COMPLETE' });
      expect(res.statusCode).toBe(400);
    });
  });
});
