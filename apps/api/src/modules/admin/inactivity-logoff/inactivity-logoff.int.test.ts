import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

describe("[ADMIN][FACILITIES]: a facility's automatic logoff limits (decision 0143)", () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const url = (facilityId: string) => `/admin/api/v1/facilities/${facilityId}/inactivityLogoff`;
  const call = async (as: string, method: 'GET' | 'PUT', facilityId: string, payload?: object) =>
    t.app.inject({
      method,
      url: url(facilityId),
      headers: await t.headersFor(as),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('reads the defaults (720 and 60 min) for staff of the facility', async () => {
    const res = await call(f.staff.caregiver.id, 'GET', f.facilityId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      facilityId: f.facilityId,
      inactivityLogoffMinutes: 720,
      managementInactivityLogoffMinutes: 60,
    });
  });

  it('lets a management-group admin set them, for every staff member of the facility to read', async () => {
    const res = await call(f.staff.manager.id, 'PUT', f.facilityId, {
      inactivityLogoffMinutes: 480,
      managementInactivityLogoffMinutes: 15,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ inactivityLogoffMinutes: 480, managementInactivityLogoffMinutes: 15 });
    expect((await call(f.staff.nurse.id, 'GET', f.facilityId)).json()).toMatchObject({
      inactivityLogoffMinutes: 480,
    });
  });

  it('refuses others (403), another community (404) and limits out of bounds (400 naming the field)', async () => {
    const limits = { inactivityLogoffMinutes: 30, managementInactivityLogoffMinutes: 30 };
    expect((await call(f.staff.caregiver.id, 'PUT', f.facilityId, limits)).statusCode).toBe(403);
    expect((await call(f.staff.careAdmin.id, 'PUT', f.facilityId, limits)).statusCode).toBe(403);
    expect((await call(other.staff.manager.id, 'PUT', f.facilityId, limits)).statusCode).toBe(404);
    expect((await call(other.staff.manager.id, 'GET', f.facilityId)).statusCode).toBe(404);
    const bad = await call(f.staff.manager.id, 'PUT', f.facilityId, {
      inactivityLogoffMinutes: 0,
      managementInactivityLogoffMinutes: 30,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].field).toContain('inactivityLogoffMinutes');
    const unchanged = await t.db.prisma.facility.findUniqueOrThrow({ where: { id: f.facilityId } });
    expect(unchanged.inactivityLogoffMinutes).toBe(480);
  });
});
