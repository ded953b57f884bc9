import type { TStaffTour, TStaffTourSearchReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1';

describe('[ADMIN][TOUR]: a staff member records the guided tour; managers see who completed it', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const call = async (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: await t.headersFor(as),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('offer due on first sign-in; OFFERED keeps the first time; COMPLETED counts every completion', async () => {
    const me = f.staff.caregiver.id;
    const fresh = (await call(me, 'GET', `/staff/${me}/tour`)).json() as TStaffTour;
    expect(fresh).toEqual({
      staffMemberId: me,
      offeredAt: null,
      firstCompletedAt: null,
      lastCompletedAt: null,
      completionCount: 0,
      offerDue: true,
    });

    const offered = await call(me, 'PUT', `/staff/${me}/tour`, { event: 'OFFERED' });
    expect(offered.statusCode).toBe(200);
    const offeredAt = (offered.json() as TStaffTour).offeredAt;
    expect(offeredAt).toEqual(expect.any(Number));
    expect((offered.json() as TStaffTour).offerDue).toBe(false);
    const again = (await call(me, 'PUT', `/staff/${me}/tour`, { event: 'OFFERED' })).json() as TStaffTour;
    expect(again.offeredAt).toBe(offeredAt);

    const first = (await call(me, 'PUT', `/staff/${me}/tour`, { event: 'COMPLETED' })).json() as TStaffTour;
    expect(first.completionCount).toBe(1);
    expect(first.firstCompletedAt).toEqual(first.lastCompletedAt);
    const second = (await call(me, 'PUT', `/staff/${me}/tour`, { event: 'COMPLETED' })).json() as TStaffTour;
    expect(second).toMatchObject({ completionCount: 2, firstCompletedAt: first.firstCompletedAt });
    expect(second.lastCompletedAt).toBeGreaterThanOrEqual(first.lastCompletedAt ?? 0);
  });

  it('a tour completed before any offer: no offer due afterwards', async () => {
    const me = f.staff.nurse.id;
    const done = (await call(me, 'PUT', `/staff/${me}/tour`, { event: 'COMPLETED' })).json() as TStaffTour;
    expect(done).toMatchObject({ completionCount: 1, offerDue: false, offeredAt: null });
  });

  it('managers of the facility see the records; nobody records for someone else; other facilities 404/403', async () => {
    const manager = f.staff.manager.id;
    const caregiver = f.staff.caregiver.id;

    const seen = await call(manager, 'GET', `/staff/${caregiver}/tour`);
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as TStaffTour).completionCount).toBe(2);

    const list = await call(manager, 'POST', '/staff/tour/search', { facilityId: f.facilityId });
    expect(list.statusCode).toBe(200);
    const tours = (list.json() as TStaffTourSearchReply).staffTours;
    const byId = new Map(tours.map((tour) => [tour.staffMemberId, tour]));
    expect(byId.get(caregiver)?.completionCount).toBe(2);
    expect(byId.get(f.staff.housekeeper.id)).toMatchObject({ completionCount: 0, offerDue: true });
    // Only the facility's own staff.
    expect(byId.has(other.staff.caregiver.id)).toBe(false);

    const narrowed = await call(manager, 'POST', '/staff/tour/search', {
      facilityId: f.facilityId,
      staffMemberIds: [caregiver, other.staff.caregiver.id],
    });
    expect((narrowed.json() as TStaffTourSearchReply).staffTours.map((s) => s.staffMemberId)).toEqual([
      caregiver,
    ]);

    // A colleague who is not a manager: 403 (reading), and nobody records for someone else.
    expect((await call(f.staff.careAdmin.id, 'GET', `/staff/${caregiver}/tour`)).statusCode).toBe(403);
    expect(
      (await call(f.staff.careAdmin.id, 'POST', '/staff/tour/search', { facilityId: f.facilityId }))
        .statusCode,
    ).toBe(403);
    const forSomeoneElse = await call(manager, 'PUT', `/staff/${caregiver}/tour`, { event: 'COMPLETED' });
    expect(forSomeoneElse.statusCode).toBe(403);
    expect(
      ((await call(caregiver, 'GET', `/staff/${caregiver}/tour`)).json() as TStaffTour).completionCount,
    ).toBe(2);

    // Another community's manager: the person does not exist for them; the facility is not theirs.
    const stranger = other.staff.manager.id;
    expect((await call(stranger, 'GET', `/staff/${caregiver}/tour`)).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', `/staff/${caregiver}/tour`, { event: 'COMPLETED' })).statusCode).toBe(
      404,
    );
    expect(
      (await call(stranger, 'POST', '/staff/tour/search', { facilityId: f.facilityId })).statusCode,
    ).toBe(403);
  });

  it('bad input: 400 naming the field and the rule', async () => {
    const me = f.staff.caregiver.id;
    const badEvent = await call(me, 'PUT', `/staff/${me}/tour`, { event: 'FINISHED' });
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json().issues[0].field).toBe('body.event');
    const extra = await call(me, 'PUT', `/staff/${me}/tour`, { event: 'COMPLETED', completedAt: 1 });
    expect(extra.statusCode).toBe(400);
    const missing = await call(me, 'PUT', `/staff/${me}/tour`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].field).toBe('body.event');
    const noFacility = await call(f.staff.manager.id, 'POST', '/staff/tour/search', {});
    expect(noFacility.statusCode).toBe(400);
    expect(noFacility.json().issues[0].field).toBe('body.facilityId');
    const tooMany = await call(f.staff.manager.id, 'POST', '/staff/tour/search', {
      facilityId: f.facilityId,
      staffMemberIds: Array.from({ length: 201 }, (_, i) => `id-${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues[0].field).toBe('body.staffMemberIds');
    // No token: 401.
    const anonymous = await t.app.inject({ method: 'GET', url: `${BASE}/staff/${me}/tour` });
    expect(anonymous.statusCode).toBe(401);
  });
});
