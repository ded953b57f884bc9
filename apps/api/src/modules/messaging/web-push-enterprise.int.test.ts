import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { caller } from '../../test/tasks';

const PUSH_SUBS = '/messageorchestration/api/v1/recipients/webPushNotifications';

describe('[NOTIFICATIONS][PUSH]: a push subscription never points at another community', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
    expect(other.enterpriseId).not.toBe(f.enterpriseId);
  });
  afterAll(() => t.close());

  const body = (recipientId: string, endpoint: string, extra: object) => ({
    recipientId,
    endpoint,
    keys: { p256dh: 'BOr-key', auth: 'auth-secret' },
    expirationTime: null,
    ...extra,
  });

  it("refuses another enterprise's enterpriseRid with 403 and records nothing", async () => {
    const me = f.staff.caregiver;
    const as = caller(t, me.id);
    const endpoint = `https://push.example.test/${f.tag}/caregiver`;

    const alone = await as('PUT', PUSH_SUBS, body(me.id, endpoint, { enterpriseRid: other.enterpriseId }));
    expect(alone.statusCode).toBe(403);
    expect(alone.json()).toMatchObject({ message: `You have no access to enterprise ${other.enterpriseId}` });

    // With the caller's own facility but the other enterprise: refused too, not silently replaced.
    const mixed = await as(
      'PUT',
      PUSH_SUBS,
      body(me.id, endpoint, { facilityRid: f.facilityId, enterpriseRid: other.enterpriseId }),
    );
    expect(mixed.statusCode).toBe(403);
    // And the other enterprise's facility.
    const foreign = await as('PUT', PUSH_SUBS, body(me.id, endpoint, { facilityRid: other.facilityId }));
    expect(foreign.statusCode).toBe(403);
    expect(await t.db.prisma.webPushSubscription.count({ where: { endpoint } })).toBe(0);

    // The caller's own enterprise (alone, or with its facility) is recorded.
    const own = await as('PUT', PUSH_SUBS, body(me.id, endpoint, { enterpriseRid: f.enterpriseId }));
    expect(own.statusCode).toBe(200);
    const both = await as(
      'PUT',
      PUSH_SUBS,
      body(me.id, endpoint, { facilityRid: f.facilityId, enterpriseRid: f.enterpriseId }),
    );
    expect(both.statusCode).toBe(200);
    const row = await t.db.prisma.webPushSubscription.findFirstOrThrow({ where: { endpoint } });
    expect(row).toMatchObject({ enterpriseId: f.enterpriseId, facilityId: f.facilityId, recipientId: me.id });
  });

  it("refuses a search in another enterprise's subscriptions with 403", async () => {
    const res = await caller(t, f.staff.manager.id)(
      'GET',
      `${PUSH_SUBS}?enterpriseRid=${other.enterpriseId}`,
    );
    expect(res.statusCode).toBe(403);
  });
});
