import { PROFILE_HEADER, ZAuthCallbackHashSchema } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const CALLBACK = 'http://127.0.0.1:5173/auth_confirmed';
const flow = { response_type: 'token id_token', redirect_uri: CALLBACK, state: 'st-123', nonce: 'n-1' };
const form = (fields: Record<string, string>) => new URLSearchParams({ ...flow, ...fields }).toString();

describe('[AUTH][EMAIL]: the hosted email sign-in page (implicit flow)', () => {
  let t: TestApp;
  let f: TestFacility;
  let n = 0;

  const post = (path: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/auth/authorize/${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
      remoteAddress: `10.2.0.${++n}`,
    });

  async function emailedCode(email: string): Promise<string> {
    const res = await t.app.inject({ url: `/dev/api/v1/outbox?to=${encodeURIComponent(email)}` });
    const code = (res.json() as { body: string }[])[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code emailed to ${email}`);
    return code;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    f = await createTestFacility(t.db.prisma);
  });
  afterAll(() => t.close());

  it('shows the email form for a registered callback and refuses bad requests, naming the field', async () => {
    const ok = await t.app.inject({ url: `/auth/authorize?${new URLSearchParams(flow)}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/text\/html/);
    expect(ok.body).toContain('name="email"');
    expect(ok.body).toContain('value="st-123"');
    expect(ok.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const badType = await t.app.inject({
      url: `/auth/authorize?${new URLSearchParams({ ...flow, response_type: 'code' })}`,
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.body).toContain('response_type');

    const foreign = await t.app.inject({
      url: `/auth/authorize?${new URLSearchParams({ ...flow, redirect_uri: 'https://evil.example/auth_confirmed' })}`,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('redirect_uri: is not a registered redirect address');

    const noState = await t.app.inject({
      url: `/auth/authorize?${new URLSearchParams({ ...flow, state: '' })}`,
    });
    expect(noState.statusCode).toBe(400);
    expect(noState.body).toContain('state');

    // The forms check the flow too: tokens never go to an unregistered address.
    const posted = await post('verify', {
      email: 'x@example.com',
      code: '123456',
      redirect_uri: 'https://evil.example/cb',
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers.location).toBeUndefined();
  });

  it('emails a code and returns to the callback with the tokens and the state in the hash', async () => {
    const email = f.staff.caregiver.email!;
    const sent = await post('email', { email: email.toUpperCase() });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Verify your identity');
    const code = await emailedCode(email);

    const wrong = await post('verify', {
      email,
      code: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Invalid Authentication Code');

    const done = await post('verify', { email, code });
    expect(done.statusCode).toBe(303);
    const location = String(done.headers.location);
    expect(location.startsWith(`${CALLBACK}#`)).toBe(true);
    const hash = ZAuthCallbackHashSchema.parse(
      Object.fromEntries(new URLSearchParams(location.split('#')[1])),
    );
    expect(hash).toMatchObject({
      state: 'st-123',
      token_type: 'Bearer',
      expires_in: 600,
      staff_member_id: f.staff.caregiver.id,
    });
    expect(decodeJwt(hash.id_token)).toMatchObject({ sub: f.staff.caregiver.id, email, nonce: 'n-1' });

    const me = await t.app.inject({
      url: `/admin/api/v1/staff/${hash.staff_member_id}`,
      headers: { authorization: `Bearer ${hash.access_token}`, [PROFILE_HEADER]: hash.staff_member_id },
    });
    expect(me.statusCode).toBe(200);
    // The id token is no access token.
    const withId = await t.app.inject({
      url: `/admin/api/v1/staff/${hash.staff_member_id}`,
      headers: { authorization: `Bearer ${hash.id_token}`, [PROFILE_HEADER]: hash.staff_member_id },
    });
    expect(withId.statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/api/v1/token',
      payload: { refreshToken: hash.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);

    // Single use, and an email code is no text-message code.
    expect((await post('verify', { email, code })).statusCode).toBe(401);
    const viaSms = await t.app.inject({
      method: 'POST',
      url: '/auth/api/v1/passwordless/verify',
      payload: { phoneNumber: f.staff.caregiver.phoneNumber, code },
    });
    expect(viaSms.json()).toMatchObject({ code: 'access_denied' });
  });

  it('tells an unknown email apart, waits 30 s between codes and locks after 5 wrong codes', async () => {
    const unknown = await post('email', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Not a correct email address');
    const invalid = await post('email', { email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Email address is invalid');

    const email = f.staff.nurse.email!;
    expect((await post('email', { email })).statusCode).toBe(200);
    const again = await post('email', { email });
    expect(again.statusCode).toBe(429);
    expect(again.body).toContain('try again in');

    const code = await emailedCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post('verify', { email, code: wrong })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await post('verify', { email, code });
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain('Too many unsuccessful logins.');
  });
});
