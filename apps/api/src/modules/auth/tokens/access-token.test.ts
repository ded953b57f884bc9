import { describe, expect, it } from 'vitest';
import { createAccessTokenVerifier, signAccessToken, verifyAccessToken } from './access-token';

const SECRET = 'a-test-secret-of-at-least-32-characters!';

describe('[AUTH][TOKENS]: the remembering verifier answers as jose does (decision 0390)', () => {
  it('a verified token is remembered until its expiry, then expired, as a fresh verification says', async () => {
    const { token } = await signAccessToken('staff-1', SECRET, 60, 'session-1');
    let now = Date.now();
    const verify = createAccessTokenVerifier(SECRET, { now: () => now });
    const first = await verify(token);
    expect(first).toEqual(await verifyAccessToken(token, SECRET));
    expect(first).toMatchObject({ ok: true, claims: { staffMemberId: 'staff-1', sessionId: 'session-1' } });
    expect(await verify(token)).toEqual(first);
    if (!first.ok) throw new Error('unreachable');
    // jose: expired once exp <= now in whole seconds.
    now = first.claims.expiresAt.getTime() - 1_001;
    expect((await verify(token)).ok).toBe(true);
    now = first.claims.expiresAt.getTime();
    expect(await verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('a token signed with another secret, or tampered with, is refused every time', async () => {
    const verify = createAccessTokenVerifier(SECRET);
    const { token: foreign } = await signAccessToken(
      'staff-1',
      'another-secret-of-at-least-32-characters',
      60,
      's',
    );
    expect(await verify(foreign)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verify(foreign)).toEqual({ ok: false, reason: 'invalid' });
    const { token } = await signAccessToken('staff-1', SECRET, 60, 's');
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: 'staff-2', sid: 's', typ: 'access', exp: 9e9 }),
    ).toString('base64url');
    expect(await verify(`${header}.${payload}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('stays bounded: the oldest entries go first and are simply verified again', async () => {
    const verify = createAccessTokenVerifier(SECRET, { maxEntries: 2 });
    const tokens = await Promise.all(
      [1, 2, 3].map((i) => signAccessToken(`staff-${i}`, SECRET, 60, `s${i}`)),
    );
    for (const { token } of [...tokens, ...tokens]) expect((await verify(token)).ok).toBe(true);
  });
});
