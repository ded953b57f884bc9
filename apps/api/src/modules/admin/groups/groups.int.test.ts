import { GroupApiMessages, type TGroup, type TGroupMember } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1';

describe('[ADMIN][GROUPS]: groups and group membership', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const call = async (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: await t.headersFor(as),
      ...(payload ? { payload } : {}),
    });

  const adminsOf = async (groupId: string) =>
    (await t.db.prisma.groupMembership.findMany({ where: { groupId, isAdmin: true } })).map(
      (m) => m.staffMemberId,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('lists the groups of my facility with members, filters by person, and hides other communities', async () => {
    const res = await call(f.staff.caregiver.id, 'GET', `/groups?facilityId=${f.facilityId}`);
    expect(res.statusCode).toBe(200);
    const groups = res.json() as TGroup[];
    expect(groups.map((g) => g.id).sort()).toEqual(Object.values(f.groups).sort());
    const care = groups.find((g) => g.id === f.groups.CareStaff);
    expect(care).toMatchObject({ name: 'Care staff', type: 'CareStaff', facilityId: f.facilityId });
    expect(care?.members.map((m) => [m.staffMember.id, m.isAdmin]).sort()).toEqual(
      [
        [f.staff.careAdmin.id, true],
        [f.staff.caregiver.id, false],
      ].sort(),
    );

    const mine = (
      await call(f.staff.caregiver.id, 'GET', `/groups?staffMemberId=${f.staff.caregiver.id}`)
    ).json();
    expect((mine as TGroup[]).map((g) => g.id)).toEqual([f.groups.CareStaff]);

    expect((await call(f.staff.caregiver.id, 'GET', `/groups/${other.groups.CareStaff}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(f.staff.caregiver.id, 'GET', `/groups/${other.groups.CareStaff}/membership`)).statusCode,
    ).toBe(404);
    expect(
      (await call(f.staff.caregiver.id, 'GET', `/groups?facilityId=${other.facilityId}`)).statusCode,
    ).toBe(403);
    const members = await call(f.staff.caregiver.id, 'GET', `/groups/${f.groups.Management}/membership`);
    expect(members.json()).toEqual([
      {
        isAdmin: true,
        staffMember: {
          id: f.staff.manager.id,
          firstName: f.staff.manager.firstName,
          lastName: f.staff.manager.lastName,
        },
      },
    ]);
  });

  it('creates, renames and deletes a group as a Management admin; others get 403, bad input 400, clashes 409', async () => {
    const manager = f.staff.manager.id;
    const created = await call(manager, 'POST', '/groups', {
      facilityId: f.facilityId,
      name: 'Night Shift',
      type: 'CareStaff',
    });
    expect(created.statusCode).toBe(201);
    const group = created.json() as TGroup;
    expect(group).toMatchObject({
      name: 'Night Shift',
      type: 'CareStaff',
      members: [],
      enterpriseId: f.enterpriseId,
    });

    expect(
      (
        await call(manager, 'POST', '/groups', {
          facilityId: f.facilityId,
          name: 'Night Shift',
          type: 'Culinary',
        })
      ).statusCode,
    ).toBe(409);
    const bad = await call(manager, 'POST', '/groups', {
      facilityId: f.facilityId,
      name: '',
      type: 'Nobody',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['body.name', 'body.type']);
    expect(
      (
        await call(f.staff.careAdmin.id, 'POST', '/groups', {
          facilityId: f.facilityId,
          name: 'X',
          type: 'CareStaff',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(manager, 'POST', '/groups', { facilityId: other.facilityId, name: 'X', type: 'CareStaff' }))
        .statusCode,
    ).toBe(404);

    const renamed = await call(manager, 'PUT', `/groups/${group.id}`, {
      name: 'Nights',
      updatedAt: group.updatedAt,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Nights');
    const stale = await call(manager, 'PUT', `/groups/${group.id}`, {
      name: 'Evenings',
      updatedAt: group.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(GroupApiMessages.stale);
    expect((await call(manager, 'PUT', `/groups/${group.id}`, { name: 'Care staff' })).statusCode).toBe(409);
    expect(
      (await call(manager, 'PUT', `/groups/${other.groups.Culinary}`, { name: 'Mine now' })).statusCode,
    ).toBe(404);

    // Not while it has members.
    expect(
      (
        await call(manager, 'PUT', `/groups/${group.id}/membership`, {
          staffMemberId: f.staff.caregiver.id,
          isAdmin: false,
        })
      ).statusCode,
    ).toBe(200);
    const notEmpty = await call(manager, 'DELETE', `/groups/${group.id}`);
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().message).toBe(GroupApiMessages.notEmpty);
    expect(
      (await call(manager, 'DELETE', `/groups/${group.id}/membership?staffMemberId=${f.staff.caregiver.id}`))
        .statusCode,
    ).toBe(204);
    expect((await call(f.staff.careAdmin.id, 'DELETE', `/groups/${group.id}`)).statusCode).toBe(403);
    expect((await call(manager, 'DELETE', `/groups/${group.id}`)).statusCode).toBe(204);
    expect((await call(manager, 'GET', `/groups/${group.id}`)).statusCode).toBe(404);
    expect((await call(other.staff.manager.id, 'DELETE', `/groups/${f.groups.Activities}`)).statusCode).toBe(
      404,
    );
  });

  it('makes and dismisses group admins: management admin or admin of that group only; never the last admin', async () => {
    const culinary = f.groups.Culinary;
    // The culinary admin adds the caregiver to culinary and makes them admin.
    const add = await call(f.staff.culinary.id, 'PUT', `/groups/${culinary}/membership`, {
      staffMemberId: f.staff.caregiver.id,
      isAdmin: true,
    });
    expect(add.statusCode).toBe(200);
    expect((add.json() as TGroupMember).isAdmin).toBe(true);
    expect((await adminsOf(culinary)).sort()).toEqual([f.staff.caregiver.id, f.staff.culinary.id].sort());

    // A member of another group, or a plain member, may not.
    expect(
      (
        await call(f.staff.housekeeper.id, 'PUT', `/groups/${culinary}/membership`, {
          staffMemberId: f.staff.caregiver.id,
          isAdmin: false,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          f.staff.nurse.id,
          'DELETE',
          `/groups/${culinary}/membership?staffMemberId=${f.staff.caregiver.id}`,
        )
      ).statusCode,
    ).toBe(403);

    // Dismiss one of two admins: fine. The last one: 409, and nothing changes.
    expect(
      (
        await call(f.staff.manager.id, 'PUT', `/groups/${culinary}/membership`, {
          staffMemberId: f.staff.culinary.id,
          isAdmin: false,
        })
      ).statusCode,
    ).toBe(200);
    const last = await call(f.staff.manager.id, 'PUT', `/groups/${culinary}/membership`, {
      staffMemberId: f.staff.caregiver.id,
      isAdmin: false,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'LAST_ADMIN', message: GroupApiMessages.lastAdmin });
    expect(await adminsOf(culinary)).toEqual([f.staff.caregiver.id]);

    // Removing the last admin while others stay: 409 too.
    const removeLastAdmin = await call(
      f.staff.manager.id,
      'DELETE',
      `/groups/${culinary}/membership?staffMemberId=${f.staff.caregiver.id}`,
    );
    expect(removeLastAdmin.statusCode).toBe(409);

    // Someone of another community: 404; bad ids: 400 naming the field.
    expect(
      (
        await call(f.staff.manager.id, 'PUT', `/groups/${culinary}/membership`, {
          staffMemberId: other.staff.caregiver.id,
          isAdmin: false,
        })
      ).statusCode,
    ).toBe(404);
    const bad = await call(f.staff.manager.id, 'PUT', `/groups/${culinary}/membership`, {
      staffMemberId: '',
      isAdmin: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['body.isAdmin', 'body.staffMemberId']);
    expect(
      (await call(f.staff.manager.id, 'DELETE', `/groups/${culinary}/membership`)).json().issues[0].field,
    ).toBe('querystring.staffMemberId');
  });

  it('two admins dismissing each other at once: one wins, the other gets 409, one admin stays', async () => {
    const group = f.groups.Maintenance;
    await call(f.staff.manager.id, 'PUT', `/groups/${group}/membership`, {
      staffMemberId: f.staff.nurse.id,
      isAdmin: true,
    });
    // "At once": the group's row is held until both requests, past their start's check, wait for it. Without
    // it one request could finish before the other starts, and the other is then simply no longer an admin (403).
    const holder = new pg.Client({ connectionString: t.db.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM "Group" WHERE id = $1 FOR UPDATE', [group]);
    const requests = Promise.all([
      call(f.staff.maintenance.id, 'PUT', `/groups/${group}/membership`, {
        staffMemberId: f.staff.nurse.id,
        isAdmin: false,
      }),
      call(f.staff.nurse.id, 'PUT', `/groups/${group}/membership`, {
        staffMemberId: f.staff.maintenance.id,
        isAdmin: false,
      }),
    ]);
    try {
      // Watched from another connection: inside the holder's transaction pg_stat_activity is read once and kept
      // (PostgreSQL's statistics snapshot lasts the transaction), so a request arriving after the first look was
      // never seen there.
      for (let waited = 0; ; waited += 10) {
        const [{ n }] = await t.db.prisma.$queryRaw<[{ n: number }]>`
          SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        if (n === 2) break;
        if (waited > 10_000)
          throw new Error('the two requests did not both reach the group lock within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await holder.query('COMMIT');
      await holder.end();
    }
    const [a, b] = await requests;

    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser =
      a.statusCode === 409
        ? { reply: a, id: f.staff.maintenance.id, other: f.staff.nurse.id }
        : { reply: b, id: f.staff.nurse.id, other: f.staff.maintenance.id };
    // The winner dismissed the loser, who may no longer edit this group's membership.
    expect(loser.reply.json()).toMatchObject({ code: 'STALE', message: GroupApiMessages.stale });
    expect(await adminsOf(group)).toEqual([loser.other]);
    // Asked again, now that they are no longer its admin: refused.
    const again = await call(loser.id, 'PUT', `/groups/${group}/membership`, {
      staffMemberId: loser.other,
      isAdmin: false,
    });
    expect(again.statusCode).toBe(403);
    expect(await adminsOf(group)).toEqual([loser.other]);
  });

  it('keeps a person in at least one group, and leaving care staff clears both receive-all flags', async () => {
    const person = f.staff.careAdmin.id;
    const onlyGroup = await call(
      f.staff.manager.id,
      'DELETE',
      `/groups/${f.groups.CareStaff}/membership?staffMemberId=${f.staff.caregiver.id}`,
    );
    // The caregiver is in care staff and (from the test above) culinary: removal from care staff is fine.
    expect(onlyGroup.statusCode).toBe(204);
    const alone = await call(
      f.staff.manager.id,
      'DELETE',
      `/groups/${f.groups.Transportation}/membership?staffMemberId=${f.staff.transportation.id}`,
    );
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toMatchObject({
      code: 'LAST_GROUP',
      message: 'Team members must be in at least one group.',
    });

    await t.db.prisma.staffMemberFacilityConfig.updateMany({
      where: { staffMemberId: person, facilityId: f.facilityId },
      data: { shouldReceiveAllCareAlerts: true, shouldReceiveAllCareMessages: true },
    });
    await call(f.staff.manager.id, 'PUT', `/groups/${f.groups.NurseMedTech}/membership`, {
      staffMemberId: person,
      isAdmin: false,
    });
    // careAdmin is the care staff group's only admin and the caregiver has left: they are its last member.
    const res = await call(
      f.staff.manager.id,
      'DELETE',
      `/groups/${f.groups.CareStaff}/membership?staffMemberId=${person}`,
    );
    expect(res.statusCode).toBe(204);
    const config = await t.db.prisma.staffMemberFacilityConfig.findFirstOrThrow({
      where: { staffMemberId: person, facilityId: f.facilityId },
    });
    expect([config.shouldReceiveAllCareAlerts, config.shouldReceiveAllCareMessages]).toEqual([false, false]);
  });

  it('two removals of one person from their last two groups at once: one wins, they keep one group', async () => {
    const person = f.staff.activities.id;
    await call(f.staff.manager.id, 'PUT', `/groups/${f.groups.Housekeeping}/membership`, {
      staffMemberId: person,
      isAdmin: false,
    });
    const [a, b] = await Promise.all([
      call(
        f.staff.manager.id,
        'DELETE',
        `/groups/${f.groups.Housekeeping}/membership?staffMemberId=${person}`,
      ),
      call(f.staff.manager.id, 'DELETE', `/groups/${f.groups.Activities}/membership?staffMemberId=${person}`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([204, 409]);
    expect(await t.db.prisma.groupMembership.count({ where: { staffMemberId: person } })).toBe(1);
  });
});
