import { describe, expect, it } from 'vitest';
import {
  EPOCH_MS_MAX,
  EPOCH_MS_MIN,
  ID_MAX_LENGTH,
  isStorableJson,
  ZIdSchema,
  zDate,
  zDateTime,
  zEpochMs,
  zQueryArray,
  zQueryInt,
  zText,
  zUrl,
} from './common';

// Decision 0120: what each request primitive accepts and refuses.
describe('ZIdSchema: 1-128 characters, no control characters', () => {
  it.each([
    ['a uuid', 'd8b54dfc-6f2c-433c-a909-49c6d8fcf8da', true],
    ['128 characters', 'x'.repeat(ID_MAX_LENGTH), true],
    ['an emoji (a surrogate pair)', 'id-😀', true],
    ['empty', '', false],
    ['129 characters', 'x'.repeat(ID_MAX_LENGTH + 1), false],
    ['NUL', 'a\u0000b', false],
    ['a tab', 'a\tb', false],
    ['DEL', 'a\u007fb', false],
    ['a C1 control (NEL)', 'a\u0085b', false],
    ['a lone surrogate', 'a\ud800b', false],
  ])('%s: %s', (_what, value, ok) => {
    expect(ZIdSchema.safeParse(value).success).toBe(ok);
  });
});

describe('zText: a maximum, no NUL or other control characters', () => {
  const multiLine = zText({ max: 10 });
  const singleLine = zText({ max: 10, multiline: false });
  const required = zText({ min: 1, max: 10, trim: true });
  it.each([
    ['plain', 'hello', true, true],
    ['line breaks and a tab', 'a\r\nb\tc', true, false],
    ['NUL', 'a\u0000', false, false],
    ['a bell', 'a\u0007', false, false],
    ['a lone surrogate', '\udc00', false, false],
    ['11 characters', 'x'.repeat(11), false, false],
  ])('%s: multi-line %s, single-line %s', (_what, value, multiOk, singleOk) => {
    expect(multiLine.safeParse(value).success).toBe(multiOk);
    expect(singleLine.safeParse(value).success).toBe(singleOk);
  });
  it('trims before the minimum: blank text is too short', () => {
    expect(required.safeParse('   ').success).toBe(false);
    expect(required.parse('  a  ')).toBe('a');
  });
});

describe('dates: the years 1900 to 2200', () => {
  it.each([
    ['1900-01-01', true],
    ['2200-12-31', true],
    ['2025-02-29', false],
    ['1899-12-31', false],
    ['0000-01-01', false],
    ['2201-01-01', false],
  ])('zDate %s: %s', (value, ok) => {
    expect(zDate().safeParse(value).success).toBe(ok);
  });
  it.each([
    ['2025-06-15T10:00:00Z', true],
    ['2025-06-15T10:00:00.123+02:00', true],
    ['0000-01-01T00:00:00Z', false],
    ['+275760-09-13T00:00:00.000Z', false],
    ['2201-01-01T00:00:00Z', false],
    ['2025-06-15', false],
  ])('zDateTime %s: %s', (value, ok) => {
    expect(zDateTime().safeParse(value).success).toBe(ok);
  });
  it.each([
    [EPOCH_MS_MIN, true],
    [EPOCH_MS_MAX, true],
    [Date.UTC(2025, 5, 15), true],
    [EPOCH_MS_MIN - 1, false],
    [EPOCH_MS_MAX + 1, false],
    [8.64e15, false],
    [1.5, false],
  ])('zEpochMs %d: %s', (value, ok) => {
    expect(zEpochMs().safeParse(value).success).toBe(ok);
  });
});

describe('other request primitives', () => {
  it('zUrl refuses control characters and over-long URLs', () => {
    expect(zUrl().safeParse('https://push.example/abc').success).toBe(true);
    expect(zUrl().safeParse('https://push.example/a\u0000b').success).toBe(false);
    expect(zUrl().safeParse(`https://push.example/${'x'.repeat(2048)}`).success).toBe(false);
  });
  it('zQueryInt stays within a PostgreSQL integer', () => {
    expect(zQueryInt().safeParse('2147483647').success).toBe(true);
    expect(zQueryInt().safeParse('2147483648').success).toBe(false);
  });
  it('zQueryArray bounds the list and refuses a bad item', () => {
    const ids = zQueryArray(ZIdSchema, { min: 1, max: 2 });
    expect(ids.parse('a')).toEqual(['a']);
    expect(ids.safeParse([]).success).toBe(false);
    expect(ids.safeParse(['a', 'b', 'c']).success).toBe(false);
    expect(ids.safeParse(['a\u0000']).success).toBe(false);
  });
  it('isStorableJson refuses a NUL or a lone surrogate in any key or string of a JSON value', () => {
    expect(isStorableJson({ a: [1, 'x', { b: null, 'emoji 😀': true }] })).toBe(true);
    // The six characters backslash-u-0-0-0-0 are text, not a NUL.
    expect(isStorableJson({ a: '\\u0000' })).toBe(true);
    expect(isStorableJson({ a: ['ok', { b: 'x\u0000' }] })).toBe(false);
    expect(isStorableJson({ 'k\u0000': 1 })).toBe(false);
    expect(isStorableJson({ a: 'x\ud800' })).toBe(false);
    expect(isStorableJson({ '\udc00': 1 })).toBe(false);
  });
});
