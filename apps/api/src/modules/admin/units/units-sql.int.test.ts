import {
  type TListUnitsQuery,
  type TListUnitsQueryInput,
  ZAdminUnitListSchema,
  ZListUnitsQuerySchema,
} from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';
import { resolveFacilityScope } from '../staff/access';
import { ADMIN_UNIT_SELECT, toAdminUnit } from './write-units';

/**
 * GET /units as one statement (decision 0443) against the Prisma query it replaced: for every filter, page and
 * caller, the same bytes as the old reply (Prisma's rows through `toAdminUnit`, serialized by the reply schema),
 * so no field is missing, extra, typed or ordered differently.
 */
const UNITS = '/admin/api/v1/units';

/** The list as it was before decision 0443, kept here as the reference. */
async function listViaPrisma(t: TestApp, staffMemberId: string, query: TListUnitsQuery): Promise<string> {
  const facilityIds = await resolveFacilityScope(t.db.prisma, staffMemberId, query);
  const rows = await t.db.prisma.unit.findMany({
    where: {
      facilityId: { in: facilityIds },
      ...(query.careType ? { careType: query.careType } : {}),
      ...(query.residentId ? { residents: { some: { id: query.residentId } } } : {}),
    },
    select: ADMIN_UNIT_SELECT,
    orderBy: [{ facilityId: 'asc' }, { displayName: 'asc' }, { id: 'asc' }],
    take: query.pageSize,
    skip: query.pageNumber * query.pageSize,
  });
  return JSON.stringify(ZAdminUnitListSchema.parse(rows.map(toAdminUnit)));
}

describe('[ADMIN][UNITS][SQL]: the one-statement unit list equals the Prisma query it replaced', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
    // The nurse of f also works in the other facility: a list without facilityId covers both.
    await t.db.prisma.groupMembership.create({
      data: {
        facilityId: other.facilityId,
        groupId: other.groups.CareStaff,
        staffMemberId: f.staff.nurse.id,
      },
    });
    // Units with every optional field set and unset, names that sort apart from their ids, an archived
    // occupant (not counted) and two occupants in one unit.
    const ids = Object.values(f.units).map((u) => u.id);
    await t.db.prisma.unit.update({
      where: { id: ids[0]! },
      data: {
        value: 'v-1',
        ward: 'North',
        building: 'A',
        wing: 'East',
        floor: '2',
        phoneNumber: '+15550100',
      },
    });
    await t.db.prisma.unit.createMany({
      data: ['zz last', 'AA first', 'Ämma', 'm 10', 'm 9'].map((displayName) => ({
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        displayName,
      })),
    });
    const residents = Object.values(f.residents);
    await t.db.prisma.resident.update({ where: { id: residents[0]!.id }, data: { isArchived: true } });
    await t.db.prisma.resident.update({ where: { id: residents[1]!.id }, data: { unitId: ids[2]! } });
  });
  afterAll(() => t.close());

  it('every filter, page and caller: the same bytes as the Prisma list', async () => {
    const residents = Object.values(f.residents);
    const queries: TListUnitsQueryInput[] = [
      {},
      { facilityId: f.facilityId },
      { enterpriseId: f.enterpriseId },
      { facilityId: f.facilityId, careType: 'MEMORY_CARE' },
      { careType: 'NONE' },
      { residentId: residents[0]!.id },
      { residentId: residents[1]!.id, facilityId: f.facilityId },
      { residentId: other.residents.AL!.id },
      { pageSize: 3 },
      { pageSize: 3, pageNumber: 1 },
      { pageSize: 4, pageNumber: 2, facilityId: f.facilityId },
      { pageNumber: 50 },
    ];
    let compared = 0;
    for (const staffMemberId of [f.staff.caregiver.id, f.staff.nurse.id, other.staff.caregiver.id]) {
      for (const input of queries) {
        const query = ZListUnitsQuerySchema.parse(input);
        if (query.facilityId === f.facilityId && staffMemberId === other.staff.caregiver.id) continue;
        if (query.enterpriseId === f.enterpriseId && staffMemberId === other.staff.caregiver.id) continue;
        const search = new URLSearchParams(
          Object.entries(input).map(([k, v]): [string, string] => [k, String(v)]),
        );
        const res = await caller(t, staffMemberId)('GET', `${UNITS}?${search}`);
        expect(res.statusCode, `${staffMemberId} ${search}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.body, `${staffMemberId} ${search}`).toBe(await listViaPrisma(t, staffMemberId, query));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(30);
    // The nurse's list holds both facilities; the other facility's caregiver sees none of f's units.
    const nurse = (await caller(t, f.staff.nurse.id)('GET', UNITS)).json() as { facilityId: string }[];
    expect(new Set(nurse.map((u) => u.facilityId))).toEqual(new Set([f.facilityId, other.facilityId]));
    const foreign = (await caller(t, other.staff.caregiver.id)('GET', UNITS)).json() as {
      facilityId: string;
    }[];
    expect(foreign.every((u) => u.facilityId === other.facilityId)).toBe(true);
  });

  it('another facility or enterprise is 403, as before; a bad page size is 400 naming the field', async () => {
    const as = caller(t, f.staff.caregiver.id);
    expect((await as('GET', `${UNITS}?facilityId=${other.facilityId}`)).statusCode).toBe(403);
    expect((await as('GET', `${UNITS}?enterpriseId=${other.enterpriseId}`)).statusCode).toBe(403);
    const bad = await as('GET', `${UNITS}?pageSize=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ field: 'querystring.pageSize' });
  });
});
