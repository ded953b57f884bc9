import type { TStaffFacilityPreference } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1/staffFacilityPreferences';

describe('[ADMIN][CARE-ASSIGNMENT]: pinned residents', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const call = async (as: string, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: await t.headersFor(as),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('starts empty, keeps pinned residents of the facility, and drops on-hold residents', async () => {
    const me = f.staff.caregiver.id;
    const path = `/staff/${me}/facility/${f.facilityId}`;
    expect(((await call(me, 'GET', path)).json() as TStaffFacilityPreference).pinnedResidentIds).toEqual([]);

    await t.db.prisma.resident.update({ where: { id: f.residents.MC.id }, data: { isOnHold: true } });
    const res = await call(me, 'PUT', path, {
      pinnedResidentIds: [f.residents.AL.id, f.residents.MC.id, other.residents.AL.id, f.residents.AL.id],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TStaffFacilityPreference).pinnedResidentIds).toEqual([f.residents.AL.id]);
    expect(((await call(me, 'GET', path)).json() as TStaffFacilityPreference).pinnedResidentIds).toEqual([
      f.residents.AL.id,
    ]);
  });

  it("refuses someone else's assignment and another facility (403)", async () => {
    const me = f.staff.caregiver.id;
    expect((await call(me, 'GET', `/staff/${f.staff.nurse.id}/facility/${f.facilityId}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(me, 'PUT', `/staff/${me}/facility/${other.facilityId}`, { pinnedResidentIds: [] }))
        .statusCode,
    ).toBe(403);
  });
});
