import { LIVE_CLOSE_CODE_UNAUTHORIZED, PROFILE_HEADER, ZTokenReplySchema } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { buildTestApp, type TestApp } from '../../../test/app';
import { connectLive, type LiveClient } from '../../live/live-client';
import { openSessionToken } from './open-session';
import { displaySessionKey, SessionRegistry } from './registry';

const START = '/auth/api/v1/passwordless/start';
const VERIFY = '/auth/api/v1/passwordless/verify';
const TOKEN = '/auth/api/v1/token';
const LOGOUT = '/auth/api/v1/logout';

describe('[AUTH][SESSIONS]: logout and refresh-token reuse end the session at once (decision 0130)', () => {
  let t: TestApp;
  /** A second API process on the same database. */
  let second: FastifyInstance;
  let url: string;
  let secondUrl: string;
  let f: TestFacility;
  let address = 0;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    second = await buildApp(t.config, { prisma: t.db.prisma, logger: false });
    secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
    f = await createTestFacility(t.db.prisma);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await second.close();
    await t.close();
  });

  /** A real sign-in through the routes: code texted to the outbox, then verified. */
  async function signIn(phoneNumber: string) {
    const remoteAddress = `10.7.0.${++address}`;
    const start = await t.app.inject({ method: 'POST', url: START, payload: { phoneNumber }, remoteAddress });
    expect(start.statusCode).toBe(200);
    const outbox = await t.app.inject({ url: `/dev/api/v1/outbox?to=${encodeURIComponent(phoneNumber)}` });
    const code = (outbox.json() as { body: string }[])[0]?.body.match(/\b(\d{6})\b/)?.[1];
    const res = await t.app.inject({ method: 'POST', url: VERIFY, payload: { phoneNumber, code } });
    expect(res.statusCode).toBe(200);
    return ZTokenReplySchema.parse(res.json());
  }

  const me = (app: FastifyInstance, tokens: { accessToken: string; staffMemberId: string }) =>
    app.inject({
      url: `/admin/api/v1/staff/${tokens.staffMemberId}`,
      headers: { authorization: `Bearer ${tokens.accessToken}`, [PROFILE_HEADER]: tokens.staffMemberId },
    });

  async function liveSocket(base: string, tokens: { accessToken: string; staffMemberId: string }) {
    const client = await connectLive(base, {
      auth: { accessToken: tokens.accessToken, staffMemberId: tokens.staffMemberId },
    });
    clients.push(client);
    await client.waitFor((m) => m.type === 'ready');
    return client;
  }

  it('logout: the same access token gets 401 at once, on this process and on the other, and sockets close with 4401', async () => {
    const session = await signIn(f.staff.caregiver.phoneNumber);
    // Both processes have read the session as live (and remember it).
    expect((await me(t.app, session)).statusCode).toBe(200);
    expect((await me(second, session)).statusCode).toBe(200);
    const here = await liveSocket(url, session);
    const there = await liveSocket(secondUrl, session);

    const out = await t.app.inject({
      method: 'POST',
      url: LOGOUT,
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(204);

    // The process that handled the logout refuses the token with no wait at all.
    const refused = await me(t.app, session);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'session_ended' });
    expect(await here.closed).toEqual({ code: LIVE_CLOSE_CODE_UNAUTHORIZED, reason: 'session ended' });

    // The other process hears it on the bus: its socket closes, and from then on the token is refused there too.
    expect(await there.closed).toEqual({ code: LIVE_CLOSE_CODE_UNAUTHORIZED, reason: 'session ended' });
    expect((await me(second, session)).statusCode).toBe(401);

    // A new socket with the ended session's token is refused as well.
    const late = await connectLive(url, {
      auth: { accessToken: session.accessToken, staffMemberId: session.staffMemberId },
    });
    expect(await late.closed).toEqual({ code: LIVE_CLOSE_CODE_UNAUTHORIZED, reason: 'session ended' });
  });

  it('logout of one session leaves the staff member’s other sessions working', async () => {
    const phone = f.staff.nurse.phoneNumber;
    const first = await signIn(phone);
    await t.db.prisma.loginCode.updateMany({
      where: { phoneNumber: phone },
      data: { createdAt: new Date(Date.now() - 60_000) },
    });
    const other = await signIn(phone);
    await t.app.inject({ method: 'POST', url: LOGOUT, payload: { refreshToken: first.refreshToken } });
    expect((await me(t.app, first)).statusCode).toBe(401);
    expect((await me(t.app, other)).statusCode).toBe(200);
  });

  it('refresh-token reuse revokes the chain: the newest access token gets 401 and its socket closes', async () => {
    const session = await signIn(f.staff.manager.phoneNumber);
    const rotated = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      payload: { refreshToken: session.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const current = ZTokenReplySchema.parse(rotated.json());
    expect((await me(second, current)).statusCode).toBe(200);
    const socket = await liveSocket(secondUrl, current);

    // The first refresh token presented again (a stolen copy): the whole chain ends.
    const reuse = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      payload: { refreshToken: session.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'login_required' });
    expect((await me(t.app, current)).statusCode).toBe(401);
    expect((await me(t.app, session)).statusCode).toBe(401);
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_CODE_UNAUTHORIZED, reason: 'session ended' });
    expect((await me(second, current)).statusCode).toBe(401);
    const rows = await t.db.prisma.refreshToken.findMany({ where: { staffMemberId: f.staff.manager.id } });
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('refuses access tokens without a session, and those of a staff member archived meanwhile', async () => {
    const { signAccessToken } = await import('../tokens/access-token');
    const { SignJWT } = await import('jose');
    // Signed with the right secret but carrying no session id (as tokens issued before sessions were checked).
    const legacy = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(f.staff.housekeeper.id)
      .setIssuer('sage-care')
      .setAudience('sage-care-api')
      .setIssuedAt()
      .setExpirationTime('600s')
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    const res = await me(t.app, { accessToken: legacy, staffMemberId: f.staff.housekeeper.id });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_token' });

    // A session id that is no session.
    const unknown = await signAccessToken(
      f.staff.housekeeper.id,
      t.config.JWT_SECRET,
      600,
      'no-such-session',
    );
    expect(
      (await me(t.app, { accessToken: unknown.token, staffMemberId: f.staff.housekeeper.id })).json(),
    ).toMatchObject({ statusCode: 401, code: 'session_ended' });

    // Someone else's session under one's own name.
    const others = await openSessionToken(t.db.prisma, f.staff.maintenance.id, t.config.JWT_SECRET, 600);
    const borrowed = await signAccessToken(
      f.staff.housekeeper.id,
      t.config.JWT_SECRET,
      600,
      others.sessionId,
    );
    expect(
      (await me(second, { accessToken: borrowed.token, staffMemberId: f.staff.housekeeper.id })).statusCode,
    ).toBe(401);

    const archived = await openSessionToken(t.db.prisma, f.staff.support.id, t.config.JWT_SECRET, 600);
    await t.db.prisma.staffMember.update({ where: { id: f.staff.support.id }, data: { isArchived: true } });
    expect(
      (await me(second, { accessToken: archived.token, staffMemberId: f.staff.support.id })).statusCode,
    ).toBe(401);
  });

  it('after a bus reconnect, reads the watched sessions again and ends those revoked meanwhile', async () => {
    const registry = new SessionRegistry(t.db.prisma);
    const kept = await openSessionToken(t.db.prisma, f.staff.transportation.id, t.config.JWT_SECRET, 600);
    const lost = await openSessionToken(t.db.prisma, f.staff.culinary.id, t.config.JWT_SECRET, 600);
    expect(await registry.isLive(kept.sessionId, f.staff.transportation.id)).toBe(true);
    expect(await registry.isLive(lost.sessionId, f.staff.culinary.id)).toBe(true);
    const ended: string[] = [];
    registry.watch(kept.sessionId, () => ended.push('kept'));
    registry.watch(lost.sessionId, () => ended.push('lost'));

    // Revoked while this process heard nothing (no announcement): still trusted from memory...
    await t.db.prisma.refreshToken.updateMany({
      where: { familyId: lost.sessionId },
      data: { revokedAt: new Date() },
    });
    expect(await registry.isLive(lost.sessionId, f.staff.culinary.id)).toBe(true);
    // ...until the resync that follows a reconnect.
    await registry.resync();
    expect(ended).toEqual(['lost']);
    expect(await registry.isLive(lost.sessionId, f.staff.culinary.id)).toBe(false);
    expect(await registry.isLive(kept.sessionId, f.staff.transportation.id)).toBe(true);
  });

  it('after a bus reconnect, a watched station display stays watched while paired and ends once unpaired (decision 0514)', async () => {
    const registry = new SessionRegistry(t.db.prisma);
    const display = (id: string) =>
      t.db.prisma.stationDisplay.create({
        data: {
          id,
          facilityId: f.facilityId,
          enterpriseId: f.enterpriseId,
          name: id,
          keyHash: `hash-${id}-${Date.now()}`,
          createdById: f.staff.manager.id,
        },
      });
    const paired = await display(`paired-${Date.now()}`);
    const unpaired = await display(`unpaired-${Date.now()}`);
    const ended: string[] = [];
    registry.watch(displaySessionKey(paired.id), () => ended.push('paired'));
    registry.watch(displaySessionKey(unpaired.id), () => ended.push('unpaired'));
    await t.db.prisma.stationDisplay.update({ where: { id: unpaired.id }, data: { revokedAt: new Date() } });
    await registry.resync();
    expect(ended).toEqual(['unpaired']);
  });
});
