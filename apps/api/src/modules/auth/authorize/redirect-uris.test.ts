import { describe, expect, it } from 'vitest';
import { isRegisteredRedirectUri } from './redirect-uris';

describe('[AUTH][EMAIL]: registered redirect addresses of the hosted sign-in page', () => {
  const dev = {
    NODE_ENV: 'development' as const,
    PUBLIC_URL: 'https://care.example.com',
    AUTH_REDIRECT_URIS: undefined,
  };
  const prod = {
    ...dev,
    NODE_ENV: 'production' as const,
    AUTH_REDIRECT_URIS: 'https://app.partner.example/auth_confirmed, nonsense',
  };

  it.each([
    [dev, 'https://care.example.com/auth_confirmed', true],
    [dev, 'https://care.example.com/auth_confirmed?x=1', false],
    [dev, 'https://care.example.com/auth_confirmed#x', false],
    [dev, 'https://care.example.com/elsewhere', false],
    [dev, 'https://care.example.com.evil.test/auth_confirmed', false],
    [dev, 'http://localhost:5173/auth_confirmed', true],
    [dev, 'http://127.0.0.1:3110/auth_confirmed', true],
    [dev, 'http://localhost:5173/other', false],
    [dev, 'javascript:alert(1)', false],
    [dev, 'not a url', false],
    [prod, 'http://localhost:5173/auth_confirmed', false],
    [prod, 'https://care.example.com/auth_confirmed', true],
    [prod, 'https://app.partner.example/auth_confirmed', true],
    [prod, 'https://user:pw@care.example.com/auth_confirmed', false],
  ])('%o: %s -> %s', (config, uri, allowed) => {
    expect(isRegisteredRedirectUri(config, uri)).toBe(allowed);
  });
});
