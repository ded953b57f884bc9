import type { TStaffMember, TStaffPermissions, TStaffSearchReply } from '@sage/contract';
import { createTestFacility, randomTestPhoneNumber, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1';

describe('[ADMIN][STAFF]: create, update, archive, remove, permissions, search', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const call = async (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: await t.headersFor(as),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  const invite = (overrides: Record<string, unknown> = {}) => ({
    facilityId: f.facilityId,
    firstName: 'Riley',
    lastName: 'Stone',
    phoneNumber: `(${randomTestPhoneNumber().slice(2, 5)}) ${randomTestPhoneNumber().slice(5, 8)}-${randomTestPhoneNumber().slice(8)}`,
    groupIds: [f.groups.CareStaff],
    ...overrides,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('invites by phone number: parsed to E.164, groups and a facility config; duplicates 409; others 403/404', async () => {
    const manager = f.staff.manager.id;
    const res = await call(
      manager,
      'POST',
      '/staff',
      invite({
        phoneNumber: '415 271 0001',
        groupIds: [f.groups.CareStaff, f.groups.Activities],
        adminGroupIds: [f.groups.Activities],
        jobTitle: 'Caregiver',
      }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json() as TStaffMember;
    expect(created).toMatchObject({ firstName: 'Riley', phoneNumber: '+14152710001', isArchived: false });
    expect(created.groupMemberships.map((m) => [m.groupType, m.isAdmin]).sort()).toEqual([
      ['Activities', true],
      ['CareStaff', false],
    ]);
    expect(created.staffMemberFacilityConfigs).toHaveLength(1);

    const dup = await call(manager, 'POST', '/staff', invite({ phoneNumber: '+1 (415) 271-0001' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('DUPLICATE_STAFF_MEMBER');

    const bad = await call(manager, 'POST', '/staff', invite({ phoneNumber: '12', groupIds: [] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].field).toBe('body.groupIds');
    const badPhone = await call(manager, 'POST', '/staff', invite({ phoneNumber: '555' }));
    expect(badPhone.json().issues[0]).toMatchObject({ field: 'body.phoneNumber', rule: 'phone' });
    const foreignGroup = await call(
      manager,
      'POST',
      '/staff',
      invite({ groupIds: [other.groups.CareStaff] }),
    );
    expect(foreignGroup.json().issues[0]).toMatchObject({ field: 'body.groupIds', rule: 'facility' });

    expect((await call(f.staff.careAdmin.id, 'POST', '/staff', invite())).statusCode).toBe(403);
    expect((await call(manager, 'POST', '/staff', invite({ facilityId: other.facilityId }))).statusCode).toBe(
      404,
    );
    expect(await t.db.prisma.staffMember.count({ where: { firstName: 'Riley', lastName: 'Stone' } })).toBe(1);
  });

  it('bulk invites all or nothing: a number twice is a 400 naming the item, an existing one a 409', async () => {
    const manager = f.staff.manager.id;
    const phone = randomTestPhoneNumber();
    const twice = await call(manager, 'POST', '/staff/bulk', {
      staffMembers: [invite({ phoneNumber: phone, lastName: 'Bulk' }), invite({ phoneNumber: phone })],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().issues[0]).toMatchObject({
      field: 'body.staffMembers.1.phoneNumber',
      rule: 'unique',
    });

    const clash = await call(manager, 'POST', '/staff/bulk', {
      staffMembers: [invite({ lastName: 'Bulk' }), invite({ phoneNumber: f.staff.nurse.phoneNumber })],
    });
    expect(clash.statusCode).toBe(409);
    expect(await t.db.prisma.staffMember.count({ where: { lastName: 'Bulk' } })).toBe(0);

    const ok = await call(manager, 'POST', '/staff/bulk', {
      staffMembers: [
        invite({ lastName: 'Bulk' }),
        invite({ lastName: 'Bulk', groupIds: [f.groups.Culinary] }),
      ],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toHaveLength(2);
  });

  it('updates: PII refused without canEditPII, stale writes 409, another community 404', async () => {
    const manager = f.staff.manager.id;
    const me = f.staff.caregiver.id;
    const mine = (await call(me, 'GET', `/staff/${me}`)).json() as TStaffMember;
    const renamed = await call(me, 'PUT', `/staff/${me}`, {
      jobTitle: 'Senior Caregiver',
      updatedAt: mine.updatedAt,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().jobTitle).toBe('Senior Caregiver');
    const stale = await call(me, 'PUT', `/staff/${me}`, { jobTitle: 'Lead', updatedAt: mine.updatedAt });
    expect(stale.statusCode).toBe(409);

    const ownPhone = await call(me, 'PUT', `/staff/${me}`, { phoneNumber: randomTestPhoneNumber() });
    expect(ownPhone.statusCode).toBe(403);
    expect((await call(f.staff.careAdmin.id, 'PUT', `/staff/${me}`, { firstName: 'X' })).statusCode).toBe(
      403,
    );

    const phone = randomTestPhoneNumber();
    const byManager = await call(manager, 'PUT', `/staff/${me}`, {
      phoneNumber: phone,
      email: 'casey@example.org',
    });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json()).toMatchObject({ phoneNumber: phone, email: 'casey@example.org' });
    // PII is left out for someone without canSeePII.
    const seenByNurse = (await call(f.staff.nurse.id, 'GET', `/staff/${me}`)).json();
    expect(seenByNurse).toMatchObject({ phoneNumber: null, email: null });

    expect(
      (await call(manager, 'PUT', `/staff/${f.staff.nurse.id}`, { phoneNumber: phone })).statusCode,
    ).toBe(409);
    expect(
      (await call(manager, 'PUT', `/staff/${other.staff.nurse.id}`, { firstName: 'Mine' })).statusCode,
    ).toBe(404);
    const bad = await call(manager, 'PUT', `/staff/${me}`, { firstName: '', email: 'nope' });
    expect(
      bad
        .json()
        .issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['body.email', 'body.firstName']);
  });

  it('archives (off shift, sessions ended) and restores; lists archived staff apart', async () => {
    const manager = f.staff.manager.id;
    const person = f.staff.housekeeper.id;
    await t.db.prisma.onCallState.create({
      data: { facilityId: f.facilityId, staffMemberId: person, isOnCall: true },
    });
    expect((await call(f.staff.nurse.id, 'POST', `/staff/${person}/archive`)).statusCode).toBe(403);
    expect((await call(manager, 'POST', `/staff/${manager}/archive`)).statusCode).toBe(403);
    expect((await call(manager, 'POST', `/staff/${other.staff.housekeeper.id}/archive`)).statusCode).toBe(
      404,
    );

    const archived = await call(manager, 'POST', `/staff/${person}/archive?archive=true`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().isArchived).toBe(true);
    const state = await t.db.prisma.onCallState.findFirstOrThrow({ where: { staffMemberId: person } });
    expect(state.isOnCall).toBe(false);
    const active = (await call(manager, 'GET', `/staff?facilityId=${f.facilityId}`)).json() as TStaffMember[];
    expect(active.some((s) => s.id === person)).toBe(false);
    const gone = (
      await call(manager, 'GET', `/staff?facilityId=${f.facilityId}&isArchived=true`)
    ).json() as TStaffMember[];
    expect(gone.map((s) => s.id)).toEqual([person]);

    // An archived person's sessions end: no access token of theirs opens anything (decision 0130).
    expect(await t.db.prisma.refreshToken.count({ where: { staffMemberId: person } })).toBe(0);
    for (const url of [`/staff?facilityId=${f.facilityId}`, `/groups/${f.groups.Housekeeping}`]) {
      const refused = await call(person, 'GET', url);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('session_ended');
    }

    expect((await call(manager, 'POST', `/staff/${person}/archive?archive=false`)).json().isArchived).toBe(
      false,
    );
    expect((await call(person, 'GET', `/groups/${f.groups.Housekeeping}`)).statusCode).toBe(200);
    expect((await call(manager, 'POST', `/staff/${person}/archive?archive=maybe`)).statusCode).toBe(400);
  });

  it('pages GET /staff and searches by name, group and archive state', async () => {
    const manager = f.staff.manager.id;
    const all = (await call(manager, 'GET', `/staff?facilityId=${f.facilityId}`)).json() as TStaffMember[];
    const first = (
      await call(manager, 'GET', `/staff?facilityId=${f.facilityId}&pageSize=3`)
    ).json() as TStaffMember[];
    const second = (
      await call(manager, 'GET', `/staff?facilityId=${f.facilityId}&pageSize=3&pageNumber=1`)
    ).json();
    expect([...first, ...second].map((s) => s.id)).toEqual(all.slice(0, 6).map((s) => s.id));
    expect((await call(manager, 'GET', '/staff?pageSize=0')).json().issues[0].field).toBe(
      'querystring.pageSize',
    );

    const found = await call(manager, 'POST', '/staff/profile/search', {
      searchText: 'casey ngu',
      pageSize: 10,
    });
    expect(found.statusCode).toBe(200);
    const page = found.json() as TStaffSearchReply;
    expect(page.staffMembers.map((s) => s.id)).toEqual([f.staff.caregiver.id]);
    expect(page.totalCount).toBe(1);
    const byGroup = (
      await call(manager, 'POST', '/staff/profile/search', { groupIds: [f.groups.Culinary] })
    ).json();
    expect((byGroup as TStaffSearchReply).staffMembers.map((s) => s.id)).toContain(f.staff.culinary.id);
    const foreign = (
      await call(manager, 'POST', '/staff/profile/search', { searchText: other.staff.nurse.lastName })
    ).json() as TStaffSearchReply;
    expect(foreign.totalCount).toBe(
      foreign.staffMembers.filter((s) => s.groupMemberships.every((m) => m.facilityId === f.facilityId))
        .length,
    );
    expect(foreign.staffMembers.some((s) => s.id === other.staff.nurse.id)).toBe(false);
    expect(
      (await call(manager, 'POST', '/staff/profile/search', { facilityId: other.facilityId })).statusCode,
    ).toBe(403);
  });

  it('derives permissions at a facility for me or a colleague', async () => {
    const mine = (
      await call(f.staff.manager.id, 'POST', '/staff/permissions', { facilityId: f.facilityId })
    ).json() as TStaffPermissions;
    expect(mine).toMatchObject({
      canSeePII: true,
      canEditPII: true,
      canAdministerStaff: true,
      canTakeOffShift: true,
    });
    expect(mine.editableGroupIds.sort()).toEqual(Object.values(f.groups).sort());
    const culinary = (
      await call(f.staff.manager.id, 'POST', '/staff/permissions', {
        facilityId: f.facilityId,
        staffMemberId: f.staff.culinary.id,
      })
    ).json() as TStaffPermissions;
    expect(culinary).toMatchObject({ canSeePII: false, isOperations: true, canAdministerStaff: false });
    expect(culinary.editableGroupIds).toContain(f.groups.Culinary);
    expect(culinary.editableGroupIds).not.toContain(f.groups.CareStaff);

    // Made a facility care admin: "canEditPHI: management admin, care-staff admin, or facility care admin".
    const asPermissions = async () =>
      (
        await call(f.staff.manager.id, 'POST', '/staff/permissions', {
          facilityId: f.facilityId,
          staffMemberId: f.staff.culinary.id,
        })
      ).json() as TStaffPermissions;
    expect((await asPermissions()).canEditPHI).toBe(false);
    expect(
      (await call(f.staff.culinary.id, 'PUT', `/staff/${f.staff.culinary.id}`, { isCareAdmin: true }))
        .statusCode,
    ).toBe(403);
    const made = await call(f.staff.manager.id, 'PUT', `/staff/${f.staff.culinary.id}`, {
      isCareAdmin: true,
    });
    expect(made.json().isCareAdmin).toBe(true);
    expect((await asPermissions()).canEditPHI).toBe(true);
    expect(
      (
        await call(f.staff.manager.id, 'POST', '/staff/permissions', {
          facilityId: f.facilityId,
          staffMemberId: other.staff.nurse.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(f.staff.manager.id, 'POST', '/staff/permissions', { facilityId: other.facilityId }))
        .statusCode,
    ).toBe(404);
  });

  it('lists and removes the facilities of a person, in one transaction; deletes only people without records', async () => {
    const manager = f.staff.manager.id;
    const created = (
      await call(manager, 'POST', '/staff', invite({ lastName: 'Leaving' }))
    ).json() as TStaffMember;
    const facilities = await call(manager, 'GET', `/staff/${created.id}/facilities`);
    expect(facilities.json()).toEqual([
      expect.objectContaining({ facilityId: f.facilityId, enterpriseId: f.enterpriseId }),
    ]);
    expect((await call(other.staff.manager.id, 'GET', `/staff/${created.id}/facilities`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(f.staff.nurse.id, 'DELETE', `/staff/${created.id}/facilities`, [f.facilityId])).statusCode,
    ).toBe(403);
    expect(
      (await call(manager, 'DELETE', `/staff/${created.id}/facilities`, [other.facilityId])).statusCode,
    ).toBe(404);
    expect((await call(manager, 'DELETE', `/staff/${created.id}/facilities`, [])).statusCode).toBe(400);

    const removed = await call(manager, 'DELETE', `/staff/${created.id}/facilities`, [f.facilityId]);
    expect(removed.statusCode).toBe(204);
    expect(await t.db.prisma.groupMembership.count({ where: { staffMemberId: created.id } })).toBe(0);
    expect(await t.db.prisma.staffMemberFacilityConfig.count({ where: { staffMemberId: created.id } })).toBe(
      0,
    );
    // They work nowhere the manager sees now.
    expect((await call(manager, 'DELETE', `/staff/${created.id}`)).statusCode).toBe(404);

    const temp = (await call(manager, 'POST', '/staff', invite({ lastName: 'Temp' }))).json() as TStaffMember;
    expect((await call(f.staff.nurse.id, 'DELETE', `/staff/${temp.id}`)).statusCode).toBe(403);
    expect((await call(manager, 'DELETE', `/staff/${temp.id}`)).statusCode).toBe(204);
    expect(await t.db.prisma.staffMember.count({ where: { id: temp.id } })).toBe(0);

    // Someone with a task note must be kept: archive instead.
    const keeper = (
      await call(manager, 'POST', '/staff', invite({ lastName: 'Keeper' }))
    ).json() as TStaffMember;
    const task = await t.db.prisma.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: 'Kept',
        severity: 'MEDIUM_PRIORITY',
        severityRank: 50,
      },
    });
    await t.db.prisma.taskNote.create({
      data: { taskId: task.id, facilityId: f.facilityId, creatorId: keeper.id, content: 'Kept' },
    });
    const refused = await call(manager, 'DELETE', `/staff/${keeper.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('HAS_RECORDS');
    expect(await t.db.prisma.staffMember.count({ where: { id: keeper.id } })).toBe(1);
  });

  it('refuses removing the last admin of a group with other members from the facility', async () => {
    const manager = f.staff.manager.id;
    const person = (
      await call(
        manager,
        'POST',
        '/staff',
        invite({
          lastName: 'Admin',
          groupIds: [f.groups.Transportation],
          adminGroupIds: [f.groups.Transportation],
        }),
      )
    ).json() as TStaffMember;
    await t.db.prisma.groupMembership.updateMany({
      where: { groupId: f.groups.Transportation, staffMemberId: f.staff.transportation.id },
      data: { isAdmin: false },
    });
    const res = await call(manager, 'DELETE', `/staff/${person.id}/facilities`, [f.facilityId]);
    expect(res.statusCode).toBe(409);
    expect(await t.db.prisma.groupMembership.count({ where: { staffMemberId: person.id } })).toBe(1);
  });
});
