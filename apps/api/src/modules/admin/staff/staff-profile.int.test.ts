import type { TCompanyPhone, TStaffMember } from '@sage/contract';
import { createTestFacility, randomTestPhoneNumber, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1';

describe('[ADMIN][STAFF]: profile, care zones, shift and company phones', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const call = async (
    as: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
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

  it('shows my profile: groups, on-call states, facility configs with care zones, and my own phone number', async () => {
    const me = f.staff.caregiver;
    const res = await call(me.id, 'GET', `/staff/${me.id}`);
    expect(res.statusCode).toBe(200);
    const profile = res.json() as TStaffMember;
    expect(profile).toMatchObject({
      id: me.id,
      firstName: me.firstName,
      phoneNumber: me.phoneNumber,
      onCallStates: [],
    });
    expect(profile.groupMemberships).toEqual([
      {
        groupId: f.groups.CareStaff,
        isAdmin: false,
        facilityId: f.facilityId,
        groupName: 'Care staff',
        groupType: 'CareStaff',
      },
    ]);
    expect(profile.staffMemberFacilityConfigs).toHaveLength(1);
    expect(profile.staffMemberFacilityConfigs[0]?.careZones.map((z) => z.id).sort()).toEqual(
      [f.careZones.AL.id, f.careZones.MC.id].sort(),
    );
    expect(profile.staffMemberFacilityConfigs[0]?.careZones[0]?.unitTags.careTypes).toEqual([
      'ASSISTED_LIVING',
    ]);
  });

  it('hides phone numbers and emails (PII) except from management admins, and hides other facilities', async () => {
    const byCaregiver = (await call(f.staff.caregiver.id, 'GET', `/staff/${f.staff.nurse.id}`)).json();
    expect(byCaregiver).toMatchObject({ id: f.staff.nurse.id, phoneNumber: null, email: null });
    const byManager = (await call(f.staff.manager.id, 'GET', `/staff/${f.staff.nurse.id}`)).json();
    expect(byManager.phoneNumber).toBe(f.staff.nurse.phoneNumber);
    const foreign = await call(f.staff.manager.id, 'GET', `/staff/${other.staff.nurse.id}`);
    expect(foreign.statusCode).toBe(404);

    const list = await call(f.staff.caregiver.id, 'GET', `/staff?facilityId=${f.facilityId}`);
    expect(list.statusCode).toBe(200);
    const staff = list.json() as TStaffMember[];
    expect(staff.map((s) => s.id).sort()).toEqual(
      Object.values(f.staff)
        .map((s) => s.id)
        .sort(),
    );
    expect(staff.find((s) => s.id === f.staff.nurse.id)?.phoneNumber).toBeNull();
    expect(staff.find((s) => s.id === f.staff.caregiver.id)?.phoneNumber).toBe(f.staff.caregiver.phoneNumber);
    expect(
      (await call(f.staff.caregiver.id, 'GET', `/staff?facilityId=${other.facilityId}`)).statusCode,
    ).toBe(403);
    const careStaff = (
      await call(f.staff.caregiver.id, 'GET', `/staff?groupId=${f.groups.CareStaff}`)
    ).json() as TStaffMember[];
    expect(careStaff.map((s) => s.id).sort()).toEqual([f.staff.caregiver.id, f.staff.careAdmin.id].sort());
    const bad = await call(f.staff.caregiver.id, 'GET', '/staff?phoneNumber=12');
    expect(bad.json().issues[0]).toMatchObject({ field: 'querystring.phoneNumber', rule: 'nanp' });
  });

  it('lists my enterprise profile and the care zones of my facility only', async () => {
    const profiles = (await call(f.staff.caregiver.id, 'GET', '/staff/profiles')).json();
    expect(profiles).toEqual([
      expect.objectContaining({
        id: f.enterpriseId,
        facilities: [expect.objectContaining({ id: f.facilityId, timezone: 'America/Chicago' })],
      }),
    ]);
    const zones = await call(f.staff.caregiver.id, 'GET', `/careZones?facilityRid=${f.facilityId}`);
    expect(zones.statusCode).toBe(200);
    expect((zones.json() as { id: string }[]).map((z) => z.id).sort()).toEqual(
      Object.values(f.careZones)
        .map((z) => z.id)
        .sort(),
    );
    expect(
      (await call(f.staff.caregiver.id, 'GET', `/careZones?facilityRid=${other.facilityId}`)).statusCode,
    ).toBe(403);
  });

  describe('care zone preference', () => {
    const configOf = async (staffMemberId: string) =>
      t.db.prisma.staffMemberFacilityConfig.findFirstOrThrow({
        where: { staffMemberId, facilityId: f.facilityId },
      });

    it('skips an unchanged zone set, updates a changed one, refuses zones of two groupings or another facility', async () => {
      const me = f.staff.careAdmin;
      const config = await configOf(me.id);
      const body = (careZoneIds: string[]) => ({
        careZoneIds,
        facilityId: f.facilityId,
        staffMemberId: me.id,
      });

      const unchanged = await call(
        me.id,
        'PUT',
        `/staffMemberFacilityConfig/${config.id}`,
        body([f.careZones.IL.id, f.careZones.AL.id, f.careZones.MC.id]),
      );
      expect(unchanged.statusCode).toBe(200);
      expect((await configOf(me.id)).updatedAt).toEqual(config.updatedAt);

      const changed = await call(
        me.id,
        'PUT',
        `/staffMemberFacilityConfig/${config.id}`,
        body([f.careZones.LTC.id, f.careZones.STR.id]),
      );
      expect(changed.statusCode).toBe(200);
      expect(
        changed
          .json()
          .careZones.map((z: { id: string }) => z.id)
          .sort(),
      ).toEqual([f.careZones.LTC.id, f.careZones.STR.id].sort());

      const mixed = await call(
        me.id,
        'PUT',
        `/staffMemberFacilityConfig/${config.id}`,
        body([f.careZones.AL.id, f.careZones.LTC.id]),
      );
      expect(mixed.statusCode).toBe(400);
      expect(mixed.json().issues).toEqual([
        expect.objectContaining({ field: 'body.careZoneIds', rule: 'same-grouping' }),
      ]);

      const foreign = await call(
        me.id,
        'PUT',
        `/staffMemberFacilityConfig/${config.id}`,
        body([other.careZones.AL.id]),
      );
      expect(foreign.json().issues[0]).toMatchObject({ field: 'body.careZoneIds', rule: 'facility' });

      const mismatch = await call(me.id, 'PUT', `/staffMemberFacilityConfig/${config.id}`, {
        ...body([f.careZones.AL.id]),
        staffMemberId: f.staff.caregiver.id,
      });
      expect(mismatch.json().issues[0]).toMatchObject({
        field: 'body.staffMemberId',
        rule: 'matches-config',
      });

      const notAnArray = await call(me.id, 'PUT', `/staffMemberFacilityConfig/${config.id}`, {
        ...body([]),
        careZoneIds: 'AL',
      });
      expect(notAnArray.statusCode).toBe(400);
      expect(notAnArray.json().issues[0]).toMatchObject({ field: 'body.careZoneIds', rule: 'type' });
    });

    it("lets only management admins change someone else's zones", async () => {
      const target = f.staff.caregiver;
      const config = await configOf(target.id);
      const body = { careZoneIds: [f.careZones.IL.id], facilityId: f.facilityId, staffMemberId: target.id };
      expect(
        (await call(f.staff.nurse.id, 'PUT', `/staffMemberFacilityConfig/${config.id}`, body)).statusCode,
      ).toBe(403);
      expect(
        (await call(f.staff.manager.id, 'PUT', `/staffMemberFacilityConfig/${config.id}`, body)).statusCode,
      ).toBe(200);
      expect(
        (await call(other.staff.manager.id, 'PUT', `/staffMemberFacilityConfig/${config.id}`, body))
          .statusCode,
      ).toBe(404);
    });

    it('creates a config for someone who has none, once', async () => {
      const newcomer = await t.db.prisma.staffMember.create({
        data: {
          firstName: 'Nia',
          lastName: 'New',
          phoneNumber: randomTestPhoneNumber(),
          enterpriseId: f.enterpriseId,
        },
      });
      await t.db.prisma.groupMembership.create({
        data: { facilityId: f.facilityId, groupId: f.groups.CareStaff, staffMemberId: newcomer.id },
      });
      const body = { careZoneIds: [f.careZones.AL.id], facilityId: f.facilityId, staffMemberId: newcomer.id };
      const created = await call(newcomer.id, 'POST', '/staffMemberFacilityConfig', body);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        staffMemberId: newcomer.id,
        careZones: [expect.objectContaining({ id: f.careZones.AL.id })],
      });
      expect((await call(newcomer.id, 'POST', '/staffMemberFacilityConfig', body)).statusCode).toBe(409);
      const elsewhere = await call(newcomer.id, 'POST', '/staffMemberFacilityConfig', {
        ...body,
        facilityId: other.facilityId,
      });
      expect(elsewhere.statusCode).toBe(403);
    });
  });

  describe('shift and devices', () => {
    const onCall = (as: string, who: string, body: Record<string, unknown>, facilityId = f.facilityId) =>
      call(as, 'POST', `/staff/${who}/on-call/${facilityId}`, body);

    it('goes on shift with a company phone; the phone shows as in use; another person can take it over', async () => {
      const [phone1, phone2] = f.companyPhones;
      const caregiver = f.staff.caregiver;
      const nurse = f.staff.nurse;
      expect(
        (await call(caregiver.id, 'GET', `/staff/${caregiver.id}/on-call/${f.facilityId}`)).json(),
      ).toMatchObject({ isOnCall: false, companyPhoneId: null });

      const on = await onCall(caregiver.id, caregiver.id, { isOnCall: true, companyPhoneId: phone1!.id });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({
        facilityId: f.facilityId,
        staffMemberId: caregiver.id,
        isOnCall: true,
        companyPhoneId: phone1!.id,
        deviceType: 'COMPANY_PHONE',
      });

      const phones = (
        await call(nurse.id, 'GET', `/companyPhones?facilityId=${f.facilityId}`)
      ).json() as TCompanyPhone[];
      expect(phones.find((p) => p.id === phone1!.id)?.inUseBy).toMatchObject({ staffMemberId: caregiver.id });
      expect(phones.find((p) => p.id === phone2!.id)?.inUseBy).toBeNull();
      const available = (
        await call(nurse.id, 'GET', `/companyPhones?facilityId=${f.facilityId}&availablePhonesOnly=true`)
      ).json() as TCompanyPhone[];
      expect(available.map((p) => p.id)).not.toContain(phone1!.id);
      expect(available.map((p) => p.id)).toContain(phone2!.id);
      expect((await call(nurse.id, 'GET', `/companyPhones?facilityId=${other.facilityId}`)).statusCode).toBe(
        403,
      );

      const takeover = await onCall(nurse.id, nurse.id, { isOnCall: true, companyPhoneId: phone1!.id });
      expect(takeover.statusCode).toBe(200);
      const caregiverNow = (
        await call(caregiver.id, 'GET', `/staff/${caregiver.id}/on-call/${f.facilityId}`)
      ).json();
      expect(caregiverNow).toMatchObject({ isOnCall: true, companyPhoneId: null, deviceType: null });

      const onShift = (
        await call(caregiver.id, 'POST', '/staff/oncall', { facilityRid: f.facilityId })
      ).json();
      expect(onShift).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            staffMemberId: nurse.id,
            companyPhoneId: phone1!.id,
            careZoneIds: expect.arrayContaining([f.careZones.LTC.id]),
          }),
          expect.objectContaining({ staffMemberId: caregiver.id, companyPhoneId: null }),
        ]),
      );
      expect(
        (await call(caregiver.id, 'POST', '/staff/oncall', { facilityRid: other.facilityId })).statusCode,
      ).toBe(403);
    });

    it('records another device (Manager Phone, Computer) and refuses inconsistent choices', async () => {
      const me = f.staff.housekeeper;
      const manager = await onCall(me.id, me.id, { isOnCall: true, deviceType: 'MANAGER_PHONE' });
      expect(manager.json()).toMatchObject({
        isOnCall: true,
        deviceType: 'MANAGER_PHONE',
        companyPhoneId: null,
      });
      const computer = await onCall(me.id, me.id, { isOnCall: true, deviceType: 'COMPUTER' });
      expect(computer.json()).toMatchObject({ deviceType: 'COMPUTER' });

      const missing = await onCall(me.id, me.id, { isOnCall: true, deviceType: 'COMPANY_PHONE' });
      expect(missing.json().issues[0]).toMatchObject({ field: 'body.companyPhoneId', rule: 'required' });
      const conflicting = await onCall(me.id, me.id, {
        isOnCall: true,
        deviceType: 'COMPUTER',
        companyPhoneId: f.companyPhones[1]!.id,
      });
      expect(conflicting.json().issues[0]).toMatchObject({ field: 'body.deviceType', rule: 'company-phone' });
      const foreignPhone = await onCall(me.id, me.id, {
        isOnCall: true,
        companyPhoneId: other.companyPhones[0]!.id,
      });
      expect(foreignPhone.json().issues[0]).toMatchObject({ field: 'body.companyPhoneId', rule: 'facility' });
      const badType = await onCall(me.id, me.id, { isOnCall: true, deviceType: 'PAGER' });
      expect(badType.json().issues[0]).toMatchObject({ field: 'body.deviceType', rule: 'enum' });
      const elsewhere = await onCall(me.id, me.id, { isOnCall: true }, other.facilityId);
      expect(elsewhere.statusCode).toBe(403);
    });

    it('lets a management admin take someone off shift, and nobody put someone else on shift', async () => {
      const target = f.staff.careAdmin;
      await onCall(target.id, target.id, { isOnCall: true, companyPhoneId: f.companyPhones[1]!.id });
      expect((await onCall(f.staff.caregiver.id, target.id, { isOnCall: false })).statusCode).toBe(403);
      expect((await onCall(f.staff.manager.id, target.id, { isOnCall: true })).statusCode).toBe(403);
      const off = await onCall(f.staff.manager.id, target.id, { isOnCall: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ isOnCall: false, companyPhoneId: null, deviceType: null });
      const phones = (
        await call(target.id, 'GET', `/companyPhones?facilityId=${f.facilityId}&availablePhonesOnly=true`)
      ).json() as TCompanyPhone[];
      expect(phones.map((p) => p.id)).toContain(f.companyPhones[1]!.id);
      expect((await onCall(f.staff.manager.id, other.staff.nurse.id, { isOnCall: false })).statusCode).toBe(
        404,
      );
    });

    it('leaves exactly one holder when two people take the same phone at once', async () => {
      const phone = f.companyPhones[2] ?? f.companyPhones[0]!;
      const people = [f.staff.culinary, f.staff.maintenance, f.staff.transportation];
      const results = await Promise.all(
        people.map((p) => onCall(p.id, p.id, { isOnCall: true, companyPhoneId: phone.id })),
      );
      expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      const holders = await t.db.prisma.onCallState.findMany({ where: { activeCompanyPhoneKey: phone.id } });
      expect(holders).toHaveLength(1);
      expect(holders[0]?.companyPhoneId).toBe(phone.id);
    });
  });
});
