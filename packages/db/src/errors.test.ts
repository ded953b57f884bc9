import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';

describe('isUniqueViolation', () => {
  it.each([
    [{ code: 'P2002', meta: { target: ['email'] } }, undefined, true],
    [{ code: 'P2002', meta: { target: ['email'] } }, 'email', true],
    [{ code: 'P2002', meta: { target: ['phoneNumber'] } }, 'email', false],
    [{ code: 'P2002' }, 'email', false],
    [{ code: 'P2003' }, undefined, false],
    [new Error('P2002'), undefined, false],
    [null, undefined, false],
    ['P2002', undefined, false],
  ])('%j (target %s) → %s', (error, target, expected) => {
    expect(isUniqueViolation(error, target)).toBe(expected);
  });
});
