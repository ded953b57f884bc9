import type { TEnterprise } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

const BASE = '/admin/api/v1/enterprises';

describe('[ADMIN][ENTERPRISES]: companies, confined to the caller (decision 0170)', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const as = (id: string) => caller(t, id);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('lists my company with the communities I see; provider support sees every company; search by name', async () => {
    const mine = await as(f.staff.caregiver.id)('GET', BASE);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([expect.objectContaining({ id: f.enterpriseId, facilityCount: 1 })]);

    const all = (await as(f.staff.support.id)('GET', BASE)).json() as TEnterprise[];
    expect(all.map((e) => e.id).sort()).toEqual([f.enterpriseId, other.enterpriseId].sort());

    const name = (await t.db.prisma.enterprise.findUniqueOrThrow({ where: { id: other.enterpriseId } })).name;
    const searched = (
      await as(f.staff.support.id)('GET', `${BASE}?search=${encodeURIComponent(name.toUpperCase())}`)
    ).json() as TEnterprise[];
    expect(searched.map((e) => e.id)).toEqual([other.enterpriseId]);

    const page = await as(f.staff.support.id)('GET', `${BASE}?pageSize=1&pageNumber=1`);
    expect(page.json()).toHaveLength(1);
    const bad = await as(f.staff.support.id)('GET', `${BASE}?pageSize=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ field: 'querystring.pageSize', rule: 'minimum' });
  });

  it("another company's id is 404 for a manager", async () => {
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${other.enterpriseId}`)).statusCode).toBe(404);
    expect(
      (await as(f.staff.manager.id)('PUT', `${BASE}/${other.enterpriseId}`, { name: 'Taken over' }))
        .statusCode,
    ).toBe(404);
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${other.enterpriseId}`)).statusCode).toBe(404);
    const unchanged = await t.db.prisma.enterprise.findUniqueOrThrow({ where: { id: other.enterpriseId } });
    expect(unchanged.name).not.toBe('Taken over');
  });

  it('provider support creates a company; a manager may not (403); a blank name is a 400 naming the field', async () => {
    const created = await as(f.staff.support.id)('POST', BASE, { name: '  Oak Ridge Living  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Oak Ridge Living', facilityCount: 0 });

    const refused = await as(f.staff.manager.id)('POST', BASE, { name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    const blank = await as(f.staff.support.id)('POST', BASE, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues[0]).toMatchObject({ field: 'body.name', rule: 'minimum' });
    const long = await as(f.staff.support.id)('POST', BASE, { name: 'x'.repeat(121) });
    expect(long.json().issues[0]).toMatchObject({ field: 'body.name', rule: 'maximum' });
  });

  it('the management-group admin renames their company; a stale write is a 409; care staff get 403', async () => {
    const before = (await as(f.staff.manager.id)('GET', `${BASE}/${f.enterpriseId}`)).json() as TEnterprise;
    const renamed = await as(f.staff.manager.id)('PUT', `${BASE}/${f.enterpriseId}`, {
      name: `${before.name} Group`,
      updatedAt: before.updatedAt,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: `${before.name} Group` });

    const stale = await as(f.staff.manager.id)('PUT', `${BASE}/${f.enterpriseId}`, {
      name: 'Stale',
      updatedAt: before.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_WRITE');
    expect(
      (await as(f.staff.caregiver.id)('PUT', `${BASE}/${f.enterpriseId}`, { name: 'X' })).statusCode,
    ).toBe(403);
    const now = await t.db.prisma.enterprise.findUniqueOrThrow({ where: { id: f.enterpriseId } });
    expect(now.name).toBe(`${before.name} Group`);
  });

  it('a company with communities cannot be deleted (409); an empty one can, by provider support only', async () => {
    const withFacility = await as(f.staff.support.id)('DELETE', `${BASE}/${other.enterpriseId}`);
    expect(withFacility.statusCode).toBe(409);
    expect(withFacility.json().code).toBe('ENTERPRISE_HAS_FACILITIES');

    const empty = (await as(f.staff.support.id)('POST', BASE, { name: 'Short-lived' })).json() as TEnterprise;
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${empty.id}`)).statusCode).toBe(404);
    const deleted = await as(f.staff.support.id)('DELETE', `${BASE}/${empty.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: [empty.id] });
    expect((await as(f.staff.support.id)('GET', `${BASE}/${empty.id}`)).statusCode).toBe(404);
  });
});
