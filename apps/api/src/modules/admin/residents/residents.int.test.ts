import type { TResidentReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1/residents';

describe('[ADMIN][RESIDENTS]: list and get, scoped to my facilities, PHI only with PHI access', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const get = async (as: string, url: string) =>
    t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: await t.headersFor(as) });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it("lists my facility's residents with their unit and care type, and code and hospice status for care staff", async () => {
    const res = await get(f.staff.caregiver.id, `?facilityId=${f.facilityId}`);
    expect(res.statusCode).toBe(200);
    const residents = res.json() as TResidentReply[];
    const al = residents.find((r) => r.id === f.residents.AL.id);
    expect(al).toMatchObject({
      firstName: f.residents.AL.firstName,
      lastName: f.residents.AL.lastName,
      unit: { id: f.residents.AL.unitId, careType: 'ASSISTED_LIVING' },
      routineCheckIntervalInMin: 120,
    });
    expect(al?.health).not.toBeNull();
    expect(residents.map((r) => r.id)).not.toContain(other.residents.AL.id);
  });

  it('leaves code status and hospice status out without PHI access (housekeeping)', async () => {
    const res = await get(f.staff.housekeeper.id, `/${f.residents.AL.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TResidentReply).health).toBeNull();
  });

  it("hides another facility's resident (404) and refuses another facility's list (403)", async () => {
    expect((await get(f.staff.caregiver.id, `/${other.residents.AL.id}`)).statusCode).toBe(404);
    expect((await get(f.staff.caregiver.id, `?facilityId=${other.facilityId}`)).statusCode).toBe(403);
  });
});
