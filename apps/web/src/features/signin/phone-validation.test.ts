import { describe, expect, it } from 'vitest';
import { validatePhoneNumber } from './phone-validation';

describe('[AUTH][LOGIN]: phone number validation (section 5)', () => {
  it.each([
    ['', 'Phone number is required'],
    ['+1', 'Phone number is required'],
    ['+1415', 'Phone number is invalid'],
    ['+11234567890', 'Phone number is invalid'],
  ])('%j -> %s', (value, message) => {
    expect(validatePhoneNumber(value, 'US')).toEqual({ ok: false, message });
  });

  it.each([
    ['+14155550101', 'US', '+14155550101'],
    ['+16135550123', 'CA', '+16135550123'],
    ['+18765550100', 'JM', '+18765550100'],
  ] as const)('accepts NANP numbers: %s (%s)', (value, country, e164) => {
    expect(validatePhoneNumber(value, country)).toEqual({ ok: true, e164 });
  });
});
