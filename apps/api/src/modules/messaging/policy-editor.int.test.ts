import type { TNotificationPolicyReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

/** What the managers' notification policy editor (web /settings/notifications) relies on. */

const POLICIES = '/admin/api/v1/notificationPolicies';

let t: TestApp;
let f: TestFacility;

beforeAll(async () => {
  t = await buildTestApp();
  f = await createTestFacility(t.db.prisma);
});
afterAll(() => t.close());

const call = async (staffMemberId: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: await t.headersFor(staffMemberId),
    ...(payload === undefined ? {} : { payload }),
  });

const policyUrl = (rid: string, version?: number) =>
  `${POLICIES}/${rid}?facilityRid=${f.facilityId}${version === undefined ? '' : `&notificationPolicyVersion=${version}`}`;

const oneBlock = (facility: TestFacility, isBreakGlass = false) => ({
  notificationBlocks: [
    {
      executionTimeAfterStartInMs: 120_000,
      recurringIntervalInMs: 300_000,
      isBreakGlass,
      priority: 1,
      filters: [{ groupIds: [facility.groups.CareStaff], onCallOnly: true }],
    },
  ],
});

describe('[NOTIFICATIONS][POLICY-EDITOR]: notification policy editing', () => {
  it('refuses policy and filter changes from everyone but management, and changes nothing', async () => {
    const before = (
      await call(f.staff.manager.id, 'GET', policyUrl(f.notificationPolicyId))
    ).json() as TNotificationPolicyReply;
    const block = before.notificationBlocks[0]!;
    const filter = block.filters[0]!;
    for (const role of ['caregiver', 'nurse', 'housekeeper', 'careAdmin'] as const) {
      const patch = await call(
        f.staff[role].id,
        'PATCH',
        policyUrl(f.notificationPolicyId, before.version),
        oneBlock(f),
      );
      expect(patch.statusCode, role).toBe(403);
      const patchFilter = await call(
        f.staff[role].id,
        'PATCH',
        `${POLICIES}/blocks/${block.blockRid}/filters/${filter.filterRid}?facilityRid=${f.facilityId}`,
        { onCallOnly: false },
      );
      expect(patchFilter.statusCode, role).toBe(403);
    }
    const after = (await call(f.staff.manager.id, 'GET', policyUrl(f.notificationPolicyId))).json();
    expect(after).toEqual(before);
  });

  it('a manager saves on the version read; a second save on that version gets 409 STALE_VERSION', async () => {
    const current = (
      await call(f.staff.manager.id, 'GET', policyUrl(f.notificationPolicyId))
    ).json() as TNotificationPolicyReply;
    const saved = await call(
      f.staff.manager.id,
      'PATCH',
      policyUrl(f.notificationPolicyId, current.version),
      oneBlock(f, true),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      version: current.version + 1,
      notificationBlocks: [
        {
          executionTimeAfterStartInMs: 120_000,
          recurringIntervalInMs: 300_000,
          isRecurring: true,
          isBreakGlass: true,
        },
      ],
    });
    const stale = await call(
      f.staff.manager.id,
      'PATCH',
      policyUrl(f.notificationPolicyId, current.version),
      oneBlock(f),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' });
  });

  it('lists the policy in effect (the newest created) first, even after an older one was edited', async () => {
    const newer = (
      await call(f.staff.manager.id, 'POST', POLICIES, { facilityRid: f.facilityId, ...oneBlock(f) })
    ).json() as TNotificationPolicyReply;
    const older = (
      await call(f.staff.manager.id, 'GET', policyUrl(f.notificationPolicyId))
    ).json() as TNotificationPolicyReply;
    expect(
      (await call(f.staff.manager.id, 'PATCH', policyUrl(older.rid, older.version), { name: 'Edited later' }))
        .statusCode,
    ).toBe(200);
    const list = (
      await call(f.staff.manager.id, 'GET', `${POLICIES}?facilityRid=${f.facilityId}`)
    ).json() as TNotificationPolicyReply[];
    expect(list.map((p) => p.rid)).toEqual([newer.rid, older.rid]);
  });
});
