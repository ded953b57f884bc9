import { describe, expect, it } from 'vitest';
import { hasInAppHistory } from './back-navigation';

describe('hasInAppHistory', () => {
  it('is false when the browsing history is short', () => {
    expect(hasInAppHistory(1, { idx: 3 })).toBe(false);
    expect(hasInAppHistory(0, { idx: 1 })).toBe(false);
  });

  it('is false on the first page the app was opened on', () => {
    expect(hasInAppHistory(5, { idx: 0 })).toBe(false);
  });

  it('is false when the history entry was not made by the router', () => {
    expect(hasInAppHistory(5, null)).toBe(false);
    expect(hasInAppHistory(5, { key: 'x' })).toBe(false);
    expect(hasInAppHistory(5, { idx: '2' })).toBe(false);
  });

  it('is true after in-app navigation', () => {
    expect(hasInAppHistory(3, { idx: 1, key: 'abc', usr: null })).toBe(true);
  });
});
