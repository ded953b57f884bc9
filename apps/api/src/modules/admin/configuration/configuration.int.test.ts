import type { TAppConfiguration } from '@sage/contract';
import { createTestFacility, randomTestPhoneNumber, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

const BASE = '/admin/api/v1';

describe('[ADMIN][CONFIGURATION]: what the web app needs to start; numbers resolved within my communities', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const as = (id: string) => caller(t, id);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
    await t.db.prisma.feature.create({
      data: { facilityId: f.facilityId, name: 'GUIDED_TOUR', isEnabled: false },
    });
    await t.db.prisma.ehrLockedField.create({
      data: { facilityId: f.facilityId, ehrProvider: 'PCC', resourceField: 'resident.firstName' },
    });
  });
  afterAll(() => t.close());

  it('replies the current user, the facility with config, locked fields and zones, groups, policies, features', async () => {
    const res = await as(f.staff.caregiver.id)('GET', `${BASE}/configuration`);
    expect(res.statusCode).toBe(200);
    const config = res.json() as TAppConfiguration;
    expect(config).toMatchObject({
      staffMemberId: f.staff.caregiver.id,
      enterpriseId: f.enterpriseId,
      facilityId: f.facilityId,
      currentUser: { id: f.staff.caregiver.id, firstName: f.staff.caregiver.firstName },
      facility: { id: f.facilityId, timezone: f.timezone, facilityConfig: { isObservationsEnabled: true } },
      config: { features: { GUIDED_TOUR: false } },
    });
    expect(config.facility.ehrLockedFields).toEqual([
      expect.objectContaining({ ehrProvider: 'PCC', resourceField: 'resident.firstName' }),
    ]);
    expect(config.facility.careZones.map((z) => z.id).sort()).toEqual(
      Object.values(f.careZones)
        .map((z) => z.id)
        .sort(),
    );
    expect(config.facilityMetadata.groups).toEqual([
      { groupId: f.groups.CareStaff, groupName: 'Care staff' },
    ]);
    expect(config.allGroups.map((g) => g.id).sort()).toEqual(Object.values(f.groups).sort());
    expect(config.facilityNotificationPolicies).toEqual([
      expect.objectContaining({ rid: f.notificationPolicyId, type: 'ALERT' }),
    ]);
  });

  it('another community is 404; a bad id is a 400 naming the field', async () => {
    const res = await as(f.staff.caregiver.id)('GET', `${BASE}/configuration?facilityId=${other.facilityId}`);
    expect(res.statusCode).toBe(404);
    const bad = await as(f.staff.caregiver.id)('GET', `${BASE}/configuration?facilityId=`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ field: 'querystring.facilityId' });
  });

  it('resolves the sender number to my community and topic, the recipient to a staff member there', async () => {
    const url = (sender: string, recipient: string) =>
      `${BASE}/notificationCallback/resolve-numbers?senderNumber=${encodeURIComponent(sender)}&recipientNumber=${encodeURIComponent(recipient)}`;
    const alerts = await as(f.staff.manager.id)(
      'GET',
      url(f.emergencyNotificationNumber, f.staff.nurse.phoneNumber),
    );
    expect(alerts.statusCode).toBe(200);
    expect(alerts.json()).toEqual({
      facilityId: f.facilityId,
      topic: 'ALERTS',
      staffMemberId: f.staff.nurse.id,
    });
    const tasks = await as(f.staff.manager.id)('GET', url(f.taskNotificationNumber, randomTestPhoneNumber()));
    expect(tasks.json()).toEqual({ facilityId: f.facilityId, topic: 'TASKS', staffMemberId: null });
    // Another community's numbers resolve to nothing.
    const theirs = await as(f.staff.manager.id)(
      'GET',
      url(other.emergencyNotificationNumber, other.staff.nurse.phoneNumber),
    );
    expect(theirs.json()).toEqual({ facilityId: null, topic: null, staffMemberId: null });
    const bad = await as(f.staff.manager.id)('GET', url('12345', f.staff.nurse.phoneNumber));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ field: 'querystring.senderNumber' });
  });
});
