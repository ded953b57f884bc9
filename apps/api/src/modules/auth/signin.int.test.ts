import { PROFILE_HEADER, ZTokenReplySchema } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createOutboxSmsTransport, type SmsTransport } from '@sage/notify/sms';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { hashCode, issueLoginCode, verifyLoginCode } from './codes/login-codes';
import type { SigninDeps } from './deps';
import { createOutboxMailer } from './email/mailer';
import { SigninError } from './errors';
import { startPasswordless, verifyPasswordless } from './passwordless/service';
import { SIGNIN_LIMITS } from './settings';

const START = '/auth/api/v1/passwordless/start';
const VERIFY = '/auth/api/v1/passwordless/verify';
const TOKEN = '/auth/api/v1/token';
const LOGOUT = '/auth/api/v1/logout';

describe('[AUTH][SIGNIN]: passwordless sign-in, tokens and logout', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  let address = 0;
  /** Each call from its own client address, so the per-address limit only bites where a test wants it. */
  const from = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

  const start = (phoneNumber: string, remoteAddress = from()) =>
    t.app.inject({ method: 'POST', url: START, payload: { phoneNumber }, remoteAddress });
  const verify = (phoneNumber: string, code: string) =>
    t.app.inject({ method: 'POST', url: VERIFY, payload: { phoneNumber, code } });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: TOKEN, payload: { refreshToken } });

  /** The newest code texted to the number, read through the dev outbox route. */
  async function codeSentTo(phoneNumber: string): Promise<string> {
    const res = await t.app.inject({ url: `/dev/api/v1/outbox?to=${encodeURIComponent(phoneNumber)}` });
    expect(res.statusCode).toBe(200);
    const [newest] = res.json() as { body: string }[];
    const code = newest?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code texted to ${phoneNumber}`);
    return code;
  }

  /** Moves the number's codes back in time, as if they had been sent `ms` earlier. */
  async function ageCodes(phoneNumber: string, ms: number) {
    await t.db.prisma.$executeRaw`
      UPDATE "LoginCode" SET "createdAt" = "createdAt" - make_interval(secs => ${ms / 1000}),
        "expiresAt" = "expiresAt" - make_interval(secs => ${ms / 1000})
      WHERE "phoneNumber" = ${phoneNumber}`;
  }

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  beforeAll(async () => {
    t = await buildTestApp({ SIGNIN_MAX_STARTS_PER_ADDRESS: '5' });
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('texts a 6-digit code, stored only as a hash, valid for 10 minutes', async () => {
    const phone = f.staff.caregiver.phoneNumber;
    const res = await start(phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    const code = await codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);

    const outbox = (await t.app.inject({ url: `/dev/api/v1/outbox?to=${encodeURIComponent(phone)}` })).json();
    expect(outbox[0]).toEqual({
      to: phone,
      from: expect.any(String),
      body: expect.stringContaining(code),
      createdAt: expect.any(String),
    });

    const row = await t.db.prisma.loginCode.findFirstOrThrow({
      where: { phoneNumber: phone },
      orderBy: { createdAt: 'desc' },
    });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toBe(hashCode(t.config.JWT_SECRET, f.staff.caregiver.id, 'SMS', code));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(SIGNIN_LIMITS.codeTtlMs);
    expect(row.staffMemberId).toBe(f.staff.caregiver.id);
  });

  it('signs in with the code once: tokens, a working short-lived access token, then the code is used up', async () => {
    const phone = f.staff.nurse.phoneNumber;
    expect((await start(phone)).statusCode).toBe(200);
    const code = await codeSentTo(phone);
    const res = await verify(phone, code);
    expect(res.statusCode).toBe(200);
    const tokens = ZTokenReplySchema.parse(res.json());
    expect(tokens.staffMemberId).toBe(f.staff.nurse.id);
    expect(tokens.expiresIn).toBe(600);
    const claims = decodeJwt(tokens.accessToken);
    expect(claims.sub).toBe(f.staff.nurse.id);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(600);

    const me = await t.app.inject({
      url: `/admin/api/v1/staff/${tokens.staffMemberId}`,
      headers: { authorization: `Bearer ${tokens.accessToken}`, [PROFILE_HEADER]: tokens.staffMemberId },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(f.staff.nurse.id);

    const again = await verify(phone, code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'access_denied' });
  });

  it('lets exactly one of two simultaneous verifications with the same code through', async () => {
    const phone = f.staff.culinary.phoneNumber;
    expect((await start(phone)).statusCode).toBe(200);
    const code = await codeSentTo(phone);
    const results = await Promise.all([verify(phone, code), verify(phone, code), verify(phone, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('refuses an expired code (access_denied)', async () => {
    const phone = f.staff.maintenance.phoneNumber;
    expect((await start(phone)).statusCode).toBe(200);
    const code = await codeSentTo(phone);
    await ageCodes(phone, SIGNIN_LIMITS.codeTtlMs + 1_000);
    const res = await verify(phone, code);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'access_denied' });
  });

  it('answers a wrong code with mfa_invalid_code, and the right code still works afterwards', async () => {
    const phone = f.staff.transportation.phoneNumber;
    expect((await start(phone)).statusCode).toBe(200);
    const code = await codeSentTo(phone);
    const wrong = await verify(phone, wrongCode(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'mfa_invalid_code',
      message: expect.stringContaining('4 tries left'),
    });
    expect((await verify(phone, code)).statusCode).toBe(200);
    const staff = await t.db.prisma.staffMember.findUniqueOrThrow({
      where: { id: f.staff.transportation.id },
    });
    expect(staff.failedLoginAttempts).toBe(0);
  });

  it('locks the number after 5 wrong codes: too_many_attempts for verify and start until the lock ends', async () => {
    const phone = f.staff.activities.phoneNumber;
    expect((await start(phone)).statusCode).toBe(200);
    const code = await codeSentTo(phone);
    const answers: string[] = [];
    for (let i = 0; i < SIGNIN_LIMITS.maxFailedAttempts; i++) {
      answers.push((await verify(phone, wrongCode(code))).json().code);
    }
    expect(answers).toEqual([
      'mfa_invalid_code',
      'mfa_invalid_code',
      'mfa_invalid_code',
      'mfa_invalid_code',
      'too_many_attempts',
    ]);

    const right = await verify(phone, code);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'too_many_attempts' });
    await ageCodes(phone, 60_000);
    const restart = await start(phone);
    expect(restart.statusCode).toBe(429);
    expect(restart.json()).toMatchObject({ code: 'too_many_attempts' });

    const locked = await t.db.prisma.staffMember.findUniqueOrThrow({ where: { id: f.staff.activities.id } });
    expect(locked.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(SIGNIN_LIMITS.lockMs - 60_000);

    // The lock ends: a new code works and the count starts again.
    await t.db.prisma.staffMember.update({
      where: { id: f.staff.activities.id },
      data: { lockedUntil: new Date(Date.now() - 1) },
    });
    expect((await start(phone)).statusCode).toBe(200);
    expect((await verify(phone, await codeSentTo(phone))).statusCode).toBe(200);
    const unlocked = await t.db.prisma.staffMember.findUniqueOrThrow({
      where: { id: f.staff.activities.id },
    });
    expect(unlocked).toMatchObject({ lockedUntil: null, failedLoginAttempts: 0 });
  });

  it('refuses a resend before 30 s (RATE_LIMITED with the wait), then replaces the old code', async () => {
    const phone = f.staff.support.phoneNumber;
    expect((await start(phone)).statusCode).toBe(200);
    const first = await codeSentTo(phone);
    const tooSoon = await start(phone);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(tooSoon.json().retryAfterSeconds).toBeGreaterThan(25);
    expect(tooSoon.json().retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(Number(tooSoon.headers['retry-after'])).toBe(tooSoon.json().retryAfterSeconds);

    await ageCodes(phone, 31_000);
    expect((await start(phone)).statusCode).toBe(200);
    const second = await codeSentTo(phone);
    if (second !== first) {
      expect((await verify(phone, first)).json()).toMatchObject({ code: 'mfa_invalid_code' });
    }
    expect((await verify(phone, second)).statusCode).toBe(200);
  });

  it('caps the codes per number per hour and the requests per client address', async () => {
    const deps = signinDeps();
    let now = new Date('2030-01-01T10:00:00Z');
    deps.now = () => now;
    const owner = { id: other.staff.housekeeper.id, phoneNumber: other.staff.housekeeper.phoneNumber };
    for (let i = 0; i < t.config.SIGNIN_MAX_CODES_PER_HOUR; i++) {
      await issueLoginCode(deps, owner, 'SMS', null, async () => {});
      now = new Date(now.getTime() + 31_000);
    }
    const capped = await issueLoginCode(deps, owner, 'SMS', null, async () => {}).catch((e: unknown) => e);
    expect(capped).toBeInstanceOf(SigninError);
    expect(capped).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    now = new Date('2030-01-01T11:00:01Z');
    await expect(issueLoginCode(deps, owner, 'SMS', null, async () => {})).resolves.toBeUndefined();

    // Per client address: 5 requests (any numbers, even unknown ones) per 10 minutes in this app.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await start(`+1415200${String(1000 + i)}`, '10.99.99.99')).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    const limited = await start('+14152001000', '10.99.99.99');
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
  });

  it('answers an unknown or archived number with bad.connection / public signup is disabled, and bad input with 400', async () => {
    const unknown = await start('+14152009999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'bad.connection', message: 'public signup is disabled' });

    await t.db.prisma.staffMember.update({
      where: { id: other.staff.culinary.id },
      data: { isArchived: true },
    });
    expect((await start(other.staff.culinary.phoneNumber)).json()).toMatchObject({ code: 'bad.connection' });

    const foreign = await start('+447911123456');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().issues).toEqual([
      expect.objectContaining({ field: 'body.phoneNumber', rule: 'nanp' }),
    ]);

    const garbage = await start('0101');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().issues[0]).toMatchObject({ field: 'body.phoneNumber', rule: 'format' });

    const badCode = await verify(f.staff.caregiver.phoneNumber, '12ab');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().issues[0]).toMatchObject({ field: 'body.code', rule: 'format' });

    // Verify says nothing about who exists.
    expect((await verify('+14152009999', '123456')).json()).toMatchObject({ code: 'access_denied' });
  });

  it('maps Twilio 21610 to the unsubscribed error, with the sender to text START to, and keeps no code', async () => {
    const unsubscribed: SmsTransport = {
      kind: 'twilio',
      async send() {
        throw Object.assign(new Error('Attempt to send to unsubscribed recipient'), {
          status: 400,
          code: 21610,
        });
      },
    };
    const deps = { ...signinDeps(), sms: unsubscribed };
    const error = await startPasswordless(deps, other.staff.nurse.phoneNumber, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigninError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'sms_unsubscribed',
      extra: { senderNumber: expect.any(String) },
    });
    expect((error as SigninError).message).toContain('21610');
    expect(await t.db.prisma.loginCode.count({ where: { staffMemberId: other.staff.nurse.id } })).toBe(0);

    const down: SmsTransport = {
      kind: 'twilio',
      send: async () => Promise.reject(Object.assign(new Error('down'), { code: 20500 })),
    };
    const failed = await startPasswordless({ ...deps, sms: down }, other.staff.nurse.phoneNumber, null).catch(
      (e: unknown) => e,
    );
    expect(failed).toMatchObject({ statusCode: 502, code: 'delivery_failed' });
  });

  it('expires codes by the clock: valid at 9:59, refused at 10:00', async () => {
    const deps = signinDeps();
    const t0 = new Date('2031-05-01T08:00:00Z');
    let now = t0;
    deps.now = () => now;
    const owner = { id: other.staff.manager.id, phoneNumber: other.staff.manager.phoneNumber };
    let sent = '';
    await issueLoginCode(deps, owner, 'SMS', null, async (code) => {
      sent = code;
    });
    now = new Date(t0.getTime() + SIGNIN_LIMITS.codeTtlMs);
    await expect(verifyLoginCode(deps, owner, 'SMS', sent)).rejects.toMatchObject({ code: 'access_denied' });

    now = new Date(t0.getTime() + 60_000);
    await issueLoginCode(deps, owner, 'SMS', null, async (code) => {
      sent = code;
    });
    now = new Date(now.getTime() + SIGNIN_LIMITS.codeTtlMs - 1_000);
    await expect(verifyLoginCode(deps, owner, 'SMS', sent)).resolves.toBeUndefined();
    const tokens = await verifyPasswordless(deps, owner.phoneNumber, sent).catch((e: unknown) => e);
    expect(tokens).toMatchObject({ code: 'access_denied' });
  });

  describe('refresh tokens', () => {
    async function signIn(phoneNumber: string) {
      expect((await start(phoneNumber)).statusCode).toBe(200);
      const res = await verify(phoneNumber, await codeSentTo(phoneNumber));
      expect(res.statusCode).toBe(200);
      return ZTokenReplySchema.parse(res.json());
    }

    it('rotates on every use; a used token presented again revokes the whole chain', async () => {
      const first = await signIn(f.staff.manager.phoneNumber);
      const r1 = await refresh(first.refreshToken);
      expect(r1.statusCode).toBe(200);
      const second = ZTokenReplySchema.parse(r1.json());
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(second.staffMemberId).toBe(f.staff.manager.id);
      const r2 = await refresh(second.refreshToken);
      expect(r2.statusCode).toBe(200);
      const third = ZTokenReplySchema.parse(r2.json());

      // The first token again: reuse. The chain ends, the newest token included.
      const reuse = await refresh(first.refreshToken);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toMatchObject({ code: 'login_required' });
      expect((await refresh(third.refreshToken)).json()).toMatchObject({ code: 'login_required' });
      const chain = await t.db.prisma.refreshToken.findMany({ where: { staffMemberId: f.staff.manager.id } });
      expect(chain).toHaveLength(3);
      expect(chain.every((row) => row.revokedAt !== null)).toBe(true);
      expect(new Set(chain.map((row) => row.familyId)).size).toBe(1);
    });

    it('refuses expired and unknown refresh tokens, and ends the session on logout', async () => {
      const session = await signIn(f.staff.careAdmin.phoneNumber);
      await t.db.prisma.refreshToken.updateMany({
        where: { staffMemberId: f.staff.careAdmin.id },
        data: { expiresAt: new Date(Date.now() - 1) },
      });
      expect((await refresh(session.refreshToken)).json()).toMatchObject({
        statusCode: 401,
        code: 'login_required',
      });
      expect((await refresh('not-a-token')).json()).toMatchObject({
        statusCode: 401,
        code: 'login_required',
      });

      await ageCodes(f.staff.careAdmin.phoneNumber, 31_000);
      const next = await signIn(f.staff.careAdmin.phoneNumber);
      const out = await t.app.inject({
        method: 'POST',
        url: LOGOUT,
        payload: { refreshToken: next.refreshToken },
      });
      expect(out.statusCode).toBe(204);
      expect((await refresh(next.refreshToken)).json()).toMatchObject({ code: 'login_required' });
      const again = await t.app.inject({ method: 'POST', url: LOGOUT, payload: { refreshToken: 'unknown' } });
      expect(again.statusCode).toBe(204);
      const bad = await t.app.inject({ method: 'POST', url: LOGOUT, payload: {} });
      expect(bad.json().issues[0]).toMatchObject({ field: 'body.refreshToken' });
    });
  });

  function signinDeps(): SigninDeps {
    return {
      prisma: t.db.prisma,
      config: t.config,
      sms: createOutboxSmsTransport(t.db.prisma),
      mailer: createOutboxMailer(t.db.prisma, t.config.MAIL_FROM),
      now: () => new Date(),
    };
  }
});
