import { describe, expect, it } from 'vitest';
import { isValidPushReceipt, pushReceiptToken } from './receipt';

// A VAPID private key is 32 bytes, base64url.
const KEY = Buffer.alloc(32, 7).toString('base64url');
const OTHER_KEY = Buffer.alloc(32, 8).toString('base64url');

describe('[NOTIFICATIONS][PUSH] delivery receipt tokens (docs/decisions/0063)', () => {
  it('is the same for the same delivery and key, 43 base64url characters', () => {
    const token = pushReceiptToken(KEY, 'm1', 's1');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(pushReceiptToken(KEY, 'm1', 's1')).toBe(token);
    expect(isValidPushReceipt(KEY, 'm1', 's1', token)).toBe(true);
  });

  it.each([
    ['another delivery', KEY, 'm1', 's2'],
    ['the delivery under another message', KEY, 'm2', 's1'],
    ['ids run together differently', KEY, 'm1\ns', '1'],
    ['another server key', OTHER_KEY, 'm1', 's1'],
  ])('does not prove %s', (_, key, messageRid, messageSentRid) => {
    const token = pushReceiptToken(KEY, 'm1', 's1');
    expect(pushReceiptToken(key, messageRid, messageSentRid)).not.toBe(token);
    expect(isValidPushReceipt(key, messageRid, messageSentRid, token)).toBe(false);
  });

  it('refuses tokens of the wrong length or empty', () => {
    const token = pushReceiptToken(KEY, 'm1', 's1');
    expect(isValidPushReceipt(KEY, 'm1', 's1', token.slice(0, -1))).toBe(false);
    expect(isValidPushReceipt(KEY, 'm1', 's1', `${token}A`)).toBe(false);
    expect(isValidPushReceipt(KEY, 'm1', 's1', '')).toBe(false);
  });
});
