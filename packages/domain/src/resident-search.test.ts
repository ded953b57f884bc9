import { describe, expect, it } from 'vitest';
import { ageOn, residentFullName, residentMatchesSearch } from './resident-search';

const margaret = { firstName: 'Margaret', middleName: 'Ann', lastName: 'Thompson' };

describe('resident search (alerts doc section 5)', () => {
  it('"case-insensitive match on the full name including middle name"', () => {
    expect(residentFullName(margaret)).toBe('Margaret Ann Thompson');
    expect(residentMatchesSearch(margaret, 'margaret ann')).toBe(true);
    expect(residentMatchesSearch(margaret, 'ANN THOMP')).toBe(true);
    expect(residentMatchesSearch(margaret, 'thompson')).toBe(true);
    expect(residentMatchesSearch(margaret, 'Margaret Thompson')).toBe(false);
    expect(residentMatchesSearch(margaret, 'harold')).toBe(false);
  });
  it('matches everyone on an empty search, and names without a middle name', () => {
    expect(residentMatchesSearch(margaret, '  ')).toBe(true);
    expect(
      residentMatchesSearch(
        { firstName: 'Harold', middleName: null, lastName: 'Thompson' },
        'harold thompson',
      ),
    ).toBe(true);
  });
});

describe('age', () => {
  it('counts whole years, the birthday included', () => {
    expect(ageOn('1940-06-07', new Date(2026, 5, 6))).toBe(85);
    expect(ageOn('1940-06-07', new Date(2026, 5, 7))).toBe(86);
    expect(ageOn(null, new Date())).toBeNull();
  });
});
