import type { TCareZone, TCareZoneDetail } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

const BASE = '/admin/api/v1/careZones';

describe('[ADMIN][CARE ZONES]: create, get, update (POST), delete; management only; tenancy', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const as = (id: string) => caller(t, id);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('creates a zone of named units (201); it has those units and shows in the zone list staff choose from', async () => {
    const res = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      name: 'North Wing',
      unitTags: { unitRids: [f.units.AL.id, f.units.MC.id, f.units.AL.id] },
    });
    expect(res.statusCode).toBe(201);
    const zone = res.json() as TCareZoneDetail;
    expect(zone.unitTags.unitRids).toEqual([f.units.AL.id, f.units.MC.id]);
    expect(zone.units.map((u) => u.id).sort()).toEqual([f.units.AL.id, f.units.MC.id].sort());
    const list = (
      await as(f.staff.caregiver.id)('GET', `${BASE}?facilityRid=${f.facilityId}`)
    ).json() as TCareZone[];
    expect(list.map((z) => z.name)).toContain('North Wing');
    const got = await as(f.staff.caregiver.id)('GET', `${BASE}/${zone.id}`);
    expect(got.json()).toMatchObject({ name: 'North Wing' });
  });

  it('a zone by care type takes in every unit of that type', async () => {
    const res = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      name: 'Nursing',
      unitTags: { careTypes: ['LONG_TERM_CARE', 'SHORT_TERM_REHAB'] },
    });
    expect((res.json() as TCareZoneDetail).units.map((u) => u.id).sort()).toEqual(
      [f.units.LTC.id, f.units.STR.id].sort(),
    );
  });

  it('400 naming the field (empty name, a unit of another community by index); 409 for a taken name; 403 for care staff', async () => {
    const empty = await as(f.staff.manager.id)('POST', BASE, { facilityId: f.facilityId, name: ' ' });
    expect(empty.json().issues[0]).toMatchObject({ field: 'body.name' });
    const foreign = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      name: 'Foreign',
      unitTags: { unitRids: [f.units.AL.id, other.units.AL.id] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().issues[0]).toMatchObject({ field: 'body.unitTags.unitRids.1', rule: 'facility' });
    const taken = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      name: f.careZones.AL.name,
    });
    expect(taken.statusCode).toBe(409);
    expect(
      (await as(f.staff.caregiver.id)('POST', BASE, { facilityId: f.facilityId, name: 'Mine' })).statusCode,
    ).toBe(403);
  });

  it('updates name and tags by POST; a stale update is 409 and changes nothing', async () => {
    const zone = (
      await as(f.staff.manager.id)('POST', BASE, {
        facilityId: f.facilityId,
        name: 'Upd',
        unitTags: { wings: ['East'] },
      })
    ).json() as TCareZoneDetail;
    const ok = await as(f.staff.manager.id)('POST', `${BASE}/${zone.id}`, {
      name: 'Upd 2',
      unitTags: { unitRids: [f.units.IL.id] },
      ifUpdateTimestampMs: zone.updateTimestampMs,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      name: 'Upd 2',
      unitTags: { unitRids: [f.units.IL.id], wings: ['East'] },
    });
    const stale = await as(f.staff.manager.id)('POST', `${BASE}/${zone.id}`, {
      name: 'Upd 3',
      ifUpdateTimestampMs: zone.updateTimestampMs,
    });
    expect(stale.statusCode).toBe(409);
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${zone.id}`)).json().name).toBe('Upd 2');
  });

  it('deletes a zone; staff who worked in it no longer have it', async () => {
    const zone = f.careZones.AL;
    expect((await as(f.staff.caregiver.id)('DELETE', `${BASE}/${zone.id}`)).statusCode).toBe(403);
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${zone.id}`)).statusCode).toBe(200);
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${zone.id}`)).statusCode).toBe(404);
    const links = await t.db.prisma.staffMemberFacilityConfigCareZone.count({
      where: { careZoneId: zone.id },
    });
    expect(links).toBe(0);
  });

  it('a manager of another community reads and changes nothing here (404), cannot create here (403)', async () => {
    const them = as(other.staff.manager.id);
    const id = f.careZones.MC.id;
    const before = await t.db.prisma.careZone.findUniqueOrThrow({ where: { id } });
    expect((await them('GET', `${BASE}/${id}`)).statusCode).toBe(404);
    expect((await them('POST', `${BASE}/${id}`, { name: 'Hacked' })).statusCode).toBe(404);
    expect((await them('DELETE', `${BASE}/${id}`)).statusCode).toBe(404);
    expect((await them('POST', BASE, { facilityId: f.facilityId, name: 'X' })).statusCode).toBe(403);
    expect(await t.db.prisma.careZone.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });
});
