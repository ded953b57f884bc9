import { describe, expect, it } from 'vitest';
import {
  areClaimsExpired,
  codeScreenErrorKind,
  formatCountdown,
  isPhoneInputEmpty,
  lastFourDigits,
  normalisePhoneInput,
  phoneScreenErrorKind,
  readJwtExpiry,
  tokenRefreshOutcome,
} from './signin';

describe('"Input is normalised to a +1 prefix and limited to 11 digits."', () => {
  it.each([
    ['', ''],
    ['1', '+1'],
    ['4', '+14'],
    ['+1', '+1'],
    ['4155550101', '+14155550101'],
    ['14155550101', '+14155550101'],
    ['+1 (415) 555-0101', '+14155550101'],
    ['+1415555010199', '+14155550101'],
    ['415555010199', '+14155550101'],
  ])('%j -> %j', (raw, normalised) => {
    expect(normalisePhoneInput(raw)).toBe(normalised);
  });
});

describe('"empty or just \'+1\' counts as empty"', () => {
  it.each([
    ['', true],
    ['+1', true],
    ['+', true],
    [' +1 ', true],
    ['+14', false],
  ])('%j -> %s', (value, empty) => {
    expect(isPhoneInputEmpty(value)).toBe(empty);
  });
});

describe('code step texts', () => {
  it('"only the last 4 digits of the number are displayed"', () => {
    expect(lastFourDigits('+14155550101')).toBe('0101');
  });
  it.each([
    [30_000, '00:30'],
    [29_001, '00:30'],
    [5_000, '00:05'],
    [0, '00:00'],
    [-10, '00:00'],
    [90_000, '01:30'],
  ])('"a 30-second countdown shows as 00:SS": %i ms -> %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('phone screen errors (section 8)', () => {
  it.each([
    [{ online: false, code: 'bad.connection', message: 'public signup is disabled' }, 'offline'],
    [{ online: true, code: 'bad.connection', message: 'public signup is disabled' }, 'notCorrectNumber'],
    [{ online: true, code: 'bad.connection', message: 'connection refused' }, 'other'],
    [{ online: true, code: 'sms_unsubscribed', message: 'Twilio error 21610: unsubscribed' }, 'unsubscribed'],
    [{ online: true, code: 'too_many_attempts', message: 'locked' }, 'tooManyAttempts'],
    [{ online: true, code: 'RATE_LIMITED', message: 'wait' }, 'other'],
    [{ online: true }, 'other'],
  ])('%j -> %s', (error, kind) => {
    expect(phoneScreenErrorKind(error)).toBe(kind);
  });
});

describe('login and code errors (section 8)', () => {
  it.each([
    [{ online: true, code: 'access_denied' }, 'invalidCode'],
    [{ online: true, code: 'mfa_invalid_code' }, 'invalidCode'],
    [{ online: true, code: 'too_many_attempts' }, 'tooManyAttempts'],
    [{ online: true, code: 'unauthorized' }, 'other'],
    [{ online: false, code: 'access_denied' }, 'offline'],
  ])('%j -> %s', (error, kind) => {
    expect(codeScreenErrorKind(error)).toBe(kind);
  });
});

describe('"Other token errors are retried up to 2 times, then the user is logged out with reason token-error."', () => {
  it.each([
    [{ code: 'network_error' }, 1, false, { action: 'retry' }],
    [{ code: 'network_error' }, 2, false, { action: 'retry' }],
    [{ code: 'network_error' }, 3, false, { action: 'logout', reason: 'token-error' }],
    [{}, 3, true, { action: 'logout', reason: 'token-error' }],
    [{ code: 'login_required' }, 1, false, { action: 'logout', reason: 'login-required' }],
    [{ code: 'login_required' }, 1, true, { action: 'logout', reason: 'session-expired' }],
    // The automatic logoff (decision 0142): "Session Timed Out" even while the held token looks valid.
    [{ code: 'session_expired' }, 1, false, { action: 'logout', reason: 'session-expired' }],
  ])('%j after %i failures (claims expired: %s) -> %j', (error, failures, claimsExpired, outcome) => {
    expect(tokenRefreshOutcome(error, failures, { claimsExpired })).toEqual(outcome);
  });
});

describe('"If the token\'s claims have expired, the user is logged out with reason session-expired."', () => {
  const jwt = (payload: object) =>
    `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;
  it('reads exp and compares it with now', () => {
    const token = jwt({ sub: 'x', exp: 1_000 });
    expect(readJwtExpiry(token)).toBe(1_000);
    expect(areClaimsExpired(token, 999_000)).toBe(false);
    expect(areClaimsExpired(token, 1_000_000)).toBe(true);
  });
  it('treats an unreadable token as expired', () => {
    expect(readJwtExpiry('nonsense')).toBeNull();
    expect(areClaimsExpired('a.b.c', 0)).toBe(true);
    expect(areClaimsExpired(jwt({ sub: 'x' }), 0)).toBe(true);
  });
});
