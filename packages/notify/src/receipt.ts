import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Delivery receipts of web pushes (docs/decisions/0063). Every push carries a token that proves its holder
 * decrypted that one delivery: HMAC-SHA256 of the message and delivery ids, keyed with a key derived (HKDF)
 * from the VAPID private key. The VAPID key pair is the secret the API and the worker already share (from the
 * environment or the database, decision 0061); the derived key is used for nothing else. The browser's
 * service worker sends the token back with its RECEIVED and SHOWN reports, as it has no access token of its own.
 */
const RECEIPT_KEY_INFO = 'sage web push delivery receipt v1';

const keyCache = new Map<string, Buffer>();

function receiptKey(vapidPrivateKey: string): Buffer {
  let key = keyCache.get(vapidPrivateKey);
  if (!key) {
    key = Buffer.from(
      hkdfSync('sha256', Buffer.from(vapidPrivateKey, 'base64url'), Buffer.alloc(0), RECEIPT_KEY_INFO, 32),
    );
    keyCache.set(vapidPrivateKey, key);
  }
  return key;
}

/** The receipt token of one push delivery (base64url, 43 characters). */
export function pushReceiptToken(
  vapidPrivateKey: string,
  messageRid: string,
  messageSentRid: string,
): string {
  return createHmac('sha256', receiptKey(vapidPrivateKey))
    .update(`${messageRid}\n${messageSentRid}`)
    .digest('base64url');
}

/** Whether `token` is the receipt of this delivery (constant-time comparison). */
export function isValidPushReceipt(
  vapidPrivateKey: string,
  messageRid: string,
  messageSentRid: string,
  token: string,
): boolean {
  const expected = Buffer.from(pushReceiptToken(vapidPrivateKey, messageRid, messageSentRid));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
