import { describe, expect, it } from 'vitest';
import { emailSignInUrl, parseEmailCallback } from './email-sign-in';

describe('[AUTH][EMAIL]: the email sign-in redirect and its callback', () => {
  it('asks the hosted page for token and id token, back to /auth_confirmed', () => {
    const url = new URL(emailSignInUrl('https://care.example.com', 'abc'), 'https://care.example.com');
    expect(url.pathname).toBe('/auth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'token id_token',
      redirect_uri: 'https://care.example.com/auth_confirmed',
      state: 'abc',
    });
  });

  const hash = `#${new URLSearchParams({
    access_token: 'a.b.c',
    id_token: 'd.e.f',
    token_type: 'Bearer',
    expires_in: '600',
    state: 'abc',
    refresh_token: 'r',
    staff_member_id: 's',
  })}`;

  it('parses the hash when the state is ours', () => {
    expect(parseEmailCallback(hash, 'abc')).toMatchObject({
      access_token: 'a.b.c',
      expires_in: 600,
      staff_member_id: 's',
    });
  });
  it('refuses another state, no state, or a malformed hash', () => {
    expect(parseEmailCallback(hash, 'other')).toBeNull();
    expect(parseEmailCallback(hash, null)).toBeNull();
    expect(parseEmailCallback('#access_token=x', 'abc')).toBeNull();
  });
});
