import type { TSearchUnitsReply, TUnitDetailReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

const BASE = '/admin/api/v1/units';

describe('[ADMIN][UNITS]: unit search with occupants and unit detail, scoped to my facilities', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const search = (as: string, body: unknown) => caller(t, as)('POST', `${BASE}/search`, body);
  const get = (as: string, unitId: string) => caller(t, as)('GET', `${BASE}/${unitId}`);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it("searches my facility's units with their current occupants (pageSize 1000 by default)", async () => {
    const res = await search(f.staff.caregiver.id, { facilityIds: [f.facilityId] });
    expect(res.statusCode).toBe(200);
    const { units } = res.json() as TSearchUnitsReply;
    expect(units.map((u) => u.id).sort()).toEqual(
      Object.values(f.units)
        .map((u) => u.id)
        .sort(),
    );
    const al = units.find((u) => u.id === f.units.AL.id);
    expect(al).toMatchObject({ careType: 'ASSISTED_LIVING', displayName: f.units.AL.displayName });
    expect(al?.currentOccupants).toEqual([
      expect.objectContaining({ id: f.residents.AL.id, firstName: f.residents.AL.firstName }),
    ]);
    // Without facilityIds: every facility of mine, and still not the other tenant's.
    const mine = (await search(f.staff.caregiver.id, {})).json() as TSearchUnitsReply;
    expect(mine.units.map((u) => u.id)).not.toContain(other.units.AL.id);
  });

  it('filters by care type and by care zone; archived residents are not occupants', async () => {
    const byType = (await search(f.staff.nurse.id, { careTypes: ['MEMORY_CARE', 'LONG_TERM_CARE'] })).json();
    expect((byType as TSearchUnitsReply).units.map((u) => u.id).sort()).toEqual(
      [f.units.MC.id, f.units.LTC.id].sort(),
    );
    const byZone = (await search(f.staff.nurse.id, { careZoneIds: [f.careZones.STR.id] })).json();
    expect((byZone as TSearchUnitsReply).units.map((u) => u.id)).toEqual([f.units.STR.id]);

    await t.db.prisma.resident.update({ where: { id: f.residents.IL.id }, data: { isArchived: true } });
    const il = (await search(f.staff.nurse.id, { careTypes: ['INDEPENDENT_LIVING'] })).json();
    expect((il as TSearchUnitsReply).units[0]?.currentOccupants).toEqual([]);
  });

  it('refuses another facility (403) and rejects a bad page size (400 naming the field)', async () => {
    const foreign = await search(f.staff.caregiver.id, { facilityIds: [other.facilityId] });
    expect(foreign.statusCode).toBe(403);
    const bad = await search(f.staff.caregiver.id, { pageSize: 1001 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ field: 'body.pageSize' });
  });

  it('gets a unit with its occupants, its own devices and its occupants’ pendants; another tenant’s unit is 404', async () => {
    const res = await get(f.staff.caregiver.id, f.units.MC.id);
    expect(res.statusCode).toBe(200);
    const unit = res.json() as TUnitDetailReply;
    expect(unit.currentOccupants.map((r) => r.id)).toEqual([f.residents.MC.id]);
    expect(unit.devices.map((d) => d.deviceId).sort()).toEqual(
      [f.units.MC.wallButton.deviceId, f.residents.MC.pendant.deviceId, f.fallSensor.deviceId].sort(),
    );
    const pendant = unit.devices.find((d) => d.deviceId === f.residents.MC.pendant.deviceId);
    expect(pendant).toMatchObject({
      residentId: f.residents.MC.id,
      hardwareId: f.residents.MC.pendant.hardwareId,
    });

    expect((await get(f.staff.caregiver.id, other.units.MC.id)).statusCode).toBe(404);
  });
});
