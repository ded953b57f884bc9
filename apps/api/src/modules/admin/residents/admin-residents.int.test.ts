import type { TResidentContact, TResidentReply } from '@sage/contract';
import { createTestFacility, randomTestPhoneNumber, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller, insertPendantTask } from '../../../test/tasks';

const BASE = '/admin/api/v1/residents';

const health = {
  memoryHealthInfo: { memoryLevel: 'Mild impairment' },
  continenceHealthInfo: { continenceLevel: 'Occasional', wearsPads: true },
  adlHealthInfo: { bathingLevel: 'Assist x1', mobilityLevel: 'Walker' },
  resuscitationStrategy: 'DNR',
  hospiceHealthInfo: { hospiceStatus: 'HOSPICE_CARE' },
} as const;

describe('[ADMIN][RESIDENTS]: admit, change, archive and delete residents; PHI/PII gating; tenancy', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  /** A Management member who is not an admin: may manage, but sees and writes no PII and writes no PHI. */
  let plainManager: string;

  const as = (id: string) => caller(t, id);
  const admit = (by: string, body: Record<string, unknown>) =>
    as(by)('POST', BASE, { facilityId: f.facilityId, unitId: f.units.AL.id, ...body });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
    const staff = await t.db.prisma.staffMember.create({
      data: {
        firstName: 'Pat',
        lastName: 'Plain',
        phoneNumber: randomTestPhoneNumber(),
        enterpriseId: f.enterpriseId,
      },
    });
    await t.db.prisma.groupMembership.create({
      data: {
        facilityId: f.facilityId,
        groupId: f.groups.Management,
        staffMemberId: staff.id,
        isAdmin: false,
      },
    });
    plainManager = staff.id;
  });
  afterAll(() => t.close());

  it('admits a resident with health info, phone and email (201) and reads them back in full', async () => {
    const res = await admit(f.staff.manager.id, {
      firstName: 'Ada',
      middleName: 'May',
      lastName: 'Lovelace',
      dateOfBirth: '1940-02-29',
      personalPhone: '+14155550123',
      email: 'ada@example.com',
      healthInfo: health,
    });
    expect(res.statusCode).toBe(201);
    const r = res.json() as TResidentReply;
    expect(r).toMatchObject({
      firstName: 'Ada',
      unit: { id: f.units.AL.id, careType: 'ASSISTED_LIVING' },
      personalPhone: '+14155550123',
      email: 'ada@example.com',
      hasPendant: false,
      isArchived: false,
      lockedFields: [],
      health: { resuscitationStrategy: 'DNR', hospiceStatus: 'HOSPICE_CARE' },
      healthInfo: {
        memoryHealthInfo: { memoryLevel: 'Mild impairment' },
        continenceHealthInfo: { continenceLevel: 'Occasional', wearsPads: true, wearsBriefs: null },
        adlHealthInfo: { bathingLevel: 'Assist x1', mobilityLevel: 'Walker', feedingLevel: null },
      },
    });
    expect(r.age).toBeGreaterThan(80);

    // Care staff see PHI but not PII; housekeeping neither.
    const byCaregiver = (await as(f.staff.caregiver.id)('GET', `${BASE}/${r.id}`)).json() as TResidentReply;
    expect(byCaregiver).toMatchObject({
      personalPhone: null,
      email: null,
      health: { resuscitationStrategy: 'DNR' },
    });
    expect(byCaregiver.healthInfo?.adlHealthInfo.bathingLevel).toBe('Assist x1');
    const byHousekeeper = (
      await as(f.staff.housekeeper.id)('GET', `${BASE}/${r.id}`)
    ).json() as TResidentReply;
    expect(byHousekeeper).toMatchObject({ health: null, healthInfo: null, personalPhone: null });
  });

  it('says which field is bad (400): a missing last name, a unit of another community, a bad date', async () => {
    const missing = await admit(f.staff.manager.id, { firstName: 'No' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0]).toMatchObject({ field: 'body.lastName' });

    const foreignUnit = await admit(f.staff.manager.id, {
      firstName: 'A',
      lastName: 'B',
      unitId: other.units.AL.id,
    });
    expect(foreignUnit.statusCode).toBe(400);
    expect(foreignUnit.json().issues[0]).toMatchObject({ field: 'body.unitId', rule: 'facility' });

    const badDate = await admit(f.staff.manager.id, {
      firstName: 'A',
      lastName: 'B',
      dateOfBirth: '1950-02-30',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().issues[0]).toMatchObject({ field: 'body.dateOfBirth' });
    const none = await t.db.prisma.resident.count({ where: { facilityId: f.facilityId, firstName: 'A' } });
    expect(none).toBe(0);
  });

  it('refuses (403): care staff admitting; a plain manager writing health info or a phone number', async () => {
    expect((await admit(f.staff.caregiver.id, { firstName: 'C', lastName: 'D' })).statusCode).toBe(403);
    const phi = await admit(plainManager, { firstName: 'C', lastName: 'D', healthInfo: health });
    expect(phi.statusCode).toBe(403);
    expect(phi.json().issues).toEqual([
      expect.objectContaining({ field: 'body.healthInfo', rule: 'canEditPHI' }),
    ]);
    const pii = await admit(plainManager, { firstName: 'C', lastName: 'D', personalPhone: '+14155550199' });
    expect(pii.json().issues).toEqual([
      expect.objectContaining({ field: 'body.personalPhone', rule: 'canEditPII' }),
    ]);
    // Without PHI and PII the plain manager admits.
    expect((await admit(plainManager, { firstName: 'C', lastName: 'D' })).statusCode).toBe(201);
  });

  it('changes a resident; a stale write is a 409 and changes nothing', async () => {
    const r = (
      await admit(f.staff.manager.id, { firstName: 'Edit', lastName: 'Me' })
    ).json() as TResidentReply;
    const put = (body: unknown) => as(f.staff.manager.id)('PUT', `${BASE}/${r.id}`, body);
    const changed = await put({
      preferredName: 'Eddie',
      unitId: f.units.MC.id,
      ifUpdateTimestampMs: r.updateTimestampMs,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ preferredName: 'Eddie', unit: { id: f.units.MC.id } });
    const stale = await put({ preferredName: 'Late', ifUpdateTimestampMs: r.updateTimestampMs });
    expect(stale.statusCode).toBe(409);
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${r.id}`)).json().preferredName).toBe('Eddie');
    expect((await put({ nickname: 'x' })).statusCode).toBe(400);
  });

  it('two writers from the same version: one wins, the other gets a 409', async () => {
    const r = (
      await admit(f.staff.manager.id, { firstName: 'Race', lastName: 'Two' })
    ).json() as TResidentReply;
    const results = await Promise.all(
      ['One', 'Two'].map((name) =>
        as(f.staff.manager.id)('PUT', `${BASE}/${r.id}`, {
          preferredName: name,
          ifUpdateTimestampMs: r.updateTimestampMs,
        }),
      ),
    );
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409]);
  });

  it('writes and clears health info with canEditPHI (care-staff admin yes, caregiver no)', async () => {
    const r = (
      await admit(f.staff.manager.id, { firstName: 'Health', lastName: 'Info' })
    ).json() as TResidentReply;
    const byAdmin = await as(f.staff.careAdmin.id)('PUT', `${BASE}/${r.id}/health`, {
      resuscitationStrategy: 'CPR',
      hospiceHealthInfo: { hospiceStatus: 'STANDARD_CARE' },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().health).toEqual({ resuscitationStrategy: 'CPR', hospiceStatus: 'STANDARD_CARE' });
    expect((await as(f.staff.caregiver.id)('PUT', `${BASE}/${r.id}/health`, {})).statusCode).toBe(403);
    expect((await as(f.staff.caregiver.id)('DELETE', `${BASE}/${r.id}/health`)).statusCode).toBe(403);
    const cleared = await as(f.staff.careAdmin.id)('DELETE', `${BASE}/${r.id}/health`);
    expect(cleared.json().health).toEqual({ resuscitationStrategy: 'UNKNOWN', hospiceStatus: 'UNKNOWN' });
  });

  it('EHR-locked fields are read-only: listed on the reply, a change refused with 409 naming the field', async () => {
    const g = await createTestFacility(t.db.prisma);
    await t.db.prisma.ehrLockedField.create({
      data: { facilityId: g.facilityId, ehrProvider: 'PointClickCare', resourceField: 'resident.lastName' },
    });
    const url = `${BASE}/${g.residents.AL.id}`;
    const r = (await as(g.staff.manager.id)('GET', url)).json() as TResidentReply;
    expect(r.lockedFields).toEqual(['resident.lastName']);
    const locked = await as(g.staff.manager.id)('PUT', url, { lastName: 'Changed' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      code: 'EHR_LOCKED_FIELD',
      issues: [{ field: 'resident.lastName' }],
    });
    // The same value sent back (a whole form) and other fields still save.
    const same = await as(g.staff.manager.id)('PUT', url, { lastName: r.lastName, preferredName: 'Ok' });
    expect(same.statusCode).toBe(200);
  });

  it('archives a resident, unallocating their pendant; brings them back; lists archived ones when asked', async () => {
    const g = await createTestFacility(t.db.prisma);
    const id = g.residents.MC.id;
    expect((await as(g.staff.manager.id)('GET', `${BASE}/${id}`)).json().hasPendant).toBe(true);
    expect((await as(g.staff.caregiver.id)('POST', `${BASE}/${id}/archive`)).statusCode).toBe(403);
    const archived = await as(g.staff.manager.id)('POST', `${BASE}/${id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ isArchived: true, hasPendant: false });
    const list = (await as(g.staff.manager.id)('GET', `${BASE}?isArchived=true`)).json() as TResidentReply[];
    expect(list.map((x) => x.id)).toEqual([id]);
    const back = await as(g.staff.manager.id)('POST', `${BASE}/${id}/archive?archive=false`);
    expect(back.json()).toMatchObject({ isArchived: false });
  });

  it("archiving a resident closes their open alert as canceled, saying why; a closed one and other residents' stay as they were (issue #32)", async () => {
    const g = await createTestFacility(t.db.prisma);
    const done = await insertPendantTask(t.db.prisma, g, 'AL', { status: 'CLOSED_RESOLVED' });
    await t.db.prisma.task.update({ where: { id: done }, data: { openDeviceKey: null } });
    const open = await insertPendantTask(t.db.prisma, g, 'AL', {
      status: 'OPEN_CLAIMED',
      assigneeId: g.staff.caregiver.id,
    });
    const neighbour = await insertPendantTask(t.db.prisma, g, 'MC');
    const archived = await as(g.staff.manager.id)('POST', `${BASE}/${g.residents.AL.id}/archive`);
    expect(archived.statusCode).toBe(200);
    const statuses = await t.db.prisma.task.findMany({
      where: { id: { in: [open, done, neighbour] } },
      select: { id: true, status: true, openDeviceKey: true },
    });
    expect(Object.fromEntries(statuses.map((x) => [x.id, [x.status, x.openDeviceKey]]))).toEqual({
      [open]: ['CLOSED_CANCELED', null],
      [done]: ['CLOSED_RESOLVED', null],
      [neighbour]: ['OPEN_UNCLAIMED', g.residents.MC.pendant.deviceId],
    });
    const closing = await t.db.prisma.taskUpdate.findMany({ where: { taskId: open, type: 'CLOSED' } });
    expect(closing.map((u) => [u.description, u.creatorStaffMemberId])).toEqual([
      [
        `Closed: the resident was archived by ${g.staff.manager.firstName} ${g.staff.manager.lastName}`,
        g.staff.manager.id,
      ],
    ]);
    // The alert's page says it is closed; restoring the resident does not reopen it.
    await as(g.staff.manager.id)('POST', `${BASE}/${g.residents.AL.id}/archive?archive=false`);
    const reply = await as(g.staff.manager.id)('GET', `/admin/api/v1/tasks/${open}`);
    expect(reply.json()).toMatchObject({ status: 'CLOSED_CANCELED' });
  });

  it('deletes a resident without history; one with care history is a 409 (archive instead)', async () => {
    const r = (
      await admit(f.staff.manager.id, { firstName: 'Gone', lastName: 'Soon' })
    ).json() as TResidentReply;
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${r.id}`)).statusCode).toBe(200);
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${r.id}`)).statusCode).toBe(404);
    const withPendant = await as(f.staff.manager.id)('DELETE', `${BASE}/${f.residents.IL.id}`);
    expect(withPendant.statusCode).toBe(409);
  });

  it('bulk admits all or nothing; a bad row is named by its index', async () => {
    const rows = [
      { facilityId: f.facilityId, firstName: 'Bulk', lastName: 'One' },
      { facilityId: f.facilityId, firstName: 'Bulk', lastName: 'Two', unitId: other.units.AL.id },
    ];
    const bad = await as(f.staff.manager.id)('POST', `${BASE}/bulk`, { residents: rows });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ field: 'body.residents.1.unitId' });
    const shape = await as(f.staff.manager.id)('POST', `${BASE}/bulk`, {
      residents: [rows[0], { facilityId: f.facilityId }],
    });
    expect(shape.json().issues[0].field).toMatch(/^body\.residents\.1\./);
    expect(await t.db.prisma.resident.count({ where: { firstName: 'Bulk' } })).toBe(0);
    const ok = await as(f.staff.manager.id)('POST', `${BASE}/bulk`, {
      residents: [rows[0], { ...rows[1], unitId: f.units.IL.id }],
    });
    expect(ok.statusCode).toBe(201);
    expect((ok.json() as TResidentReply[]).map((x) => x.lastName)).toEqual(['One', 'Two']);
  });

  it('turns routine checks on in bulk (management only, my residents only)', async () => {
    const ids = [f.residents.AL.id, f.residents.MC.id];
    const ok = await as(f.staff.manager.id)('PUT', `${BASE}/bulk/routineChecks`, {
      residentIds: ids,
      isRoutineCheckEnabled: true,
    });
    expect(ok.json()).toEqual({ updated: 2 });
    const rows = await t.db.prisma.resident.findMany({ where: { id: { in: ids } } });
    expect(rows.every((x) => x.isRoutineCheckEnabled)).toBe(true);
    const foreign = await as(f.staff.manager.id)('PUT', `${BASE}/bulk/routineChecks`, {
      residentIds: [f.residents.AL.id, other.residents.AL.id],
      isRoutineCheckEnabled: false,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.db.prisma.resident.findUniqueOrThrow({ where: { id: f.residents.AL.id } }))
        .isRoutineCheckEnabled,
    ).toBe(true);
    expect(
      (
        await as(f.staff.caregiver.id)('PUT', `${BASE}/bulk/routineChecks`, {
          residentIds: ids,
          isRoutineCheckEnabled: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('contacts need PII, specialists / pcp / hospital need PHI', async () => {
    const id = f.residents.LTC.id;
    const added = await as(f.staff.manager.id)('POST', `${BASE}/${id}/contacts`, {
      firstName: 'Grace',
      lastName: 'Daughter',
      relationship: 'Daughter',
      phoneNumber: '+14155550142',
      isEmergencyContact: true,
    });
    expect(added.statusCode).toBe(201);
    const contact = added.json() as TResidentContact;
    expect((await as(f.staff.caregiver.id)('GET', `${BASE}/${id}/contacts`)).statusCode).toBe(403);
    const changed = await as(f.staff.manager.id)('PUT', `${BASE}/${id}/contacts/${contact.id}`, {
      firstName: 'Gracie',
    });
    expect(changed.json()).toMatchObject({ firstName: 'Gracie', lastName: null });

    const pcp = await as(f.staff.careAdmin.id)('PUT', `${BASE}/${id}/pcp`, {
      name: 'Dr. Who',
      phoneNumber: '+14155550111',
    });
    expect(pcp.statusCode).toBe(200);
    await as(f.staff.careAdmin.id)('PUT', `${BASE}/${id}/pcp`, { name: 'Dr. Strange' });
    expect((await as(f.staff.caregiver.id)('GET', `${BASE}/${id}/pcp`)).json()).toMatchObject({
      name: 'Dr. Strange',
    });
    expect(
      (await as(f.staff.caregiver.id)('PUT', `${BASE}/${id}/hospital`, { name: 'General' })).statusCode,
    ).toBe(403);
    const spec = await as(f.staff.manager.id)('POST', `${BASE}/${id}/specialists`, {
      name: 'Eye clinic',
      specialty: 'Ophthalmology',
    });
    expect(spec.statusCode).toBe(201);
    expect((await as(f.staff.caregiver.id)('GET', `${BASE}/${id}/specialists`)).json()).toHaveLength(1);
    const empty = await as(f.staff.manager.id)('POST', `${BASE}/${id}/specialists`, { specialty: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0]).toMatchObject({ field: 'body.name' });
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${id}/contacts/${contact.id}`)).statusCode).toBe(
      200,
    );
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${id}/contacts/${contact.id}`)).statusCode).toBe(
      404,
    );
  });

  it('a manager of another community reads and changes nothing here (404), and cannot admit here (403)', async () => {
    const them = as(other.staff.manager.id);
    const id = f.residents.AL.id;
    const before = await t.db.prisma.resident.findUniqueOrThrow({ where: { id } });
    for (const [method, url, body] of [
      ['GET', `${BASE}/${id}`, undefined],
      ['PUT', `${BASE}/${id}`, { firstName: 'Hacked' }],
      ['DELETE', `${BASE}/${id}`, undefined],
      ['POST', `${BASE}/${id}/archive`, undefined],
      ['PUT', `${BASE}/${id}/health`, { resuscitationStrategy: 'CPR' }],
      ['DELETE', `${BASE}/${id}/health`, undefined],
      ['GET', `${BASE}/${id}/contacts`, undefined],
      ['POST', `${BASE}/${id}/specialists`, { name: 'x' }],
      ['PUT', `${BASE}/${id}/pcp`, { name: 'x' }],
    ] as const) {
      expect((await them(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await them('POST', BASE, { facilityId: f.facilityId, firstName: 'X', lastName: 'Y' })).statusCode,
    ).toBe(403);
    expect((await them('GET', `${BASE}?facilityId=${f.facilityId}`)).statusCode).toBe(403);
    const after = await t.db.prisma.resident.findUniqueOrThrow({ where: { id } });
    expect(after).toEqual(before);
  });

  it('searches by name across first, middle and last names, case-insensitive, paged', async () => {
    const found = (
      await as(f.staff.manager.id)('GET', `${BASE}?search=ada%20LOVE`)
    ).json() as TResidentReply[];
    expect(found.map((r) => r.lastName)).toEqual(['Lovelace']);
    const page = (
      await as(f.staff.manager.id)('GET', `${BASE}?pageSize=2&pageNumber=1`)
    ).json() as TResidentReply[];
    expect(page).toHaveLength(2);
    expect((await as(f.staff.manager.id)('GET', `${BASE}?pageSize=0`)).json().issues[0]).toMatchObject({
      field: 'querystring.pageSize',
    });
  });
});
