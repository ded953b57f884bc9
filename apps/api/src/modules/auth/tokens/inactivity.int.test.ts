import { type TTokenReply, ZTokenReplySchema } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import type { SigninDeps } from '../deps';
import { createSigninDeps } from '../transports';
import { hashRefreshToken, startSession } from './refresh-tokens';

const TOKEN = '/auth/api/v1/token';

describe('[AUTH][LOGOFF]: a session unused past the facility limit cannot refresh (decision 0142)', () => {
  let t: TestApp;
  let f: TestFacility;
  let address = 0;
  let deps: SigninDeps;
  /** A new session, as a successful sign-in starts it (sign-in codes are limited to one per 30 s a number). */
  const session = (staffMemberId: string) => startSession(deps, staffMemberId);

  const refresh = (refreshToken: string, idleSeconds?: number) =>
    t.app.inject({
      method: 'POST',
      url: TOKEN,
      payload: { refreshToken, ...(idleSeconds === undefined ? {} : { idleSeconds }) },
    });

  /** Signs in through the real routes: code by text (the dev outbox), then verify. */
  async function signIn(phoneNumber: string): Promise<TTokenReply> {
    const started = await t.app.inject({
      method: 'POST',
      url: '/auth/api/v1/passwordless/start',
      payload: { phoneNumber },
      remoteAddress: `10.9.0.${++address}`,
    });
    expect(started.statusCode).toBe(200);
    const outbox = await t.app.inject({ url: `/dev/api/v1/outbox?to=${encodeURIComponent(phoneNumber)}` });
    const code = (outbox.json() as { body: string }[])[0]?.body.match(/\b(\d{6})\b/)?.[1];
    const verified = await t.app.inject({
      method: 'POST',
      url: '/auth/api/v1/passwordless/verify',
      payload: { phoneNumber, code },
    });
    expect(verified.statusCode).toBe(200);
    return ZTokenReplySchema.parse(verified.json());
  }

  /** As if the session's last known use was `seconds` ago (the clock moving on, without waiting). */
  const lastUsedSecondsAgo = (refreshToken: string, seconds: number) =>
    t.db.prisma.refreshToken.update({
      where: { tokenHash: hashRefreshToken(refreshToken) },
      data: { lastActivityAt: new Date(Date.now() - seconds * 1000) },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    f = await createTestFacility(t.db.prisma);
    deps = await createSigninDeps(t.db.prisma, t.config);
    await t.db.prisma.facility.update({
      where: { id: f.facilityId },
      data: { inactivityLogoffMinutes: 1, managementInactivityLogoffMinutes: 1 },
    });
  });
  afterAll(() => t.close());

  it("tells the app the person's limit with the tokens (sign-in and refresh)", async () => {
    const tokens = await signIn(f.staff.caregiver.phoneNumber);
    expect(tokens.inactivityLogoffSeconds).toBe(60);
    const res = await refresh(tokens.refreshToken, 0);
    expect(res.statusCode).toBe(200);
    expect(ZTokenReplySchema.parse(res.json()).inactivityLogoffSeconds).toBe(60);
  });

  it('refuses the refresh of a session unused for longer than the limit with session_expired, and ends it', async () => {
    const tokens = await session(f.staff.caregiver.id);
    await lastUsedSecondsAgo(tokens.refreshToken, 61);
    const res = await refresh(tokens.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'session_expired' });
    expect(res.json().message).toContain('1 min');
    // The session is over: the same token again is refused as any ended session's.
    const again = await refresh(tokens.refreshToken, 0);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'login_required' });
  });

  it('a client reporting how long the person has been idle: refused past the limit, kept within it', async () => {
    // The phone refreshed every minute, but nobody touched it for 70 s: refused.
    const idle = await session(f.staff.caregiver.id);
    await lastUsedSecondsAgo(idle.refreshToken, 70);
    const refused = await refresh(idle.refreshToken, 70);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'session_expired' });

    // Used 5 s ago: kept, and the new token of the chain carries that time on.
    const used = await session(f.staff.caregiver.id);
    await lastUsedSecondsAgo(used.refreshToken, 50);
    const kept = await refresh(used.refreshToken, 5);
    expect(kept.statusCode).toBe(200);
    const next = ZTokenReplySchema.parse(kept.json());
    const row = await t.db.prisma.refreshToken.findUniqueOrThrow({
      where: { tokenHash: hashRefreshToken(next.refreshToken) },
    });
    expect(Date.now() - row.lastActivityAt.getTime()).toBeLessThan(50_000);
  });

  it('gives a manager off shift the management limit, and the staff limit once on shift', async () => {
    await t.db.prisma.facility.update({
      where: { id: f.facilityId },
      data: { inactivityLogoffMinutes: 720, managementInactivityLogoffMinutes: 1 },
    });
    const offShift = await session(f.staff.manager.id);
    expect(offShift.inactivityLogoffSeconds).toBe(60);
    await lastUsedSecondsAgo(offShift.refreshToken, 120);
    expect((await refresh(offShift.refreshToken)).json()).toMatchObject({ code: 'session_expired' });

    await t.db.prisma.onCallState.upsert({
      where: { facilityId_staffMemberId: { facilityId: f.facilityId, staffMemberId: f.staff.manager.id } },
      create: { facilityId: f.facilityId, staffMemberId: f.staff.manager.id, isOnCall: true },
      update: { isOnCall: true },
    });
    const onShift = await session(f.staff.manager.id);
    expect(onShift.inactivityLogoffSeconds).toBe(720 * 60);
    await lastUsedSecondsAgo(onShift.refreshToken, 120);
    expect((await refresh(onShift.refreshToken)).statusCode).toBe(200);
  });
});
