import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_PUSH_SUBSCRIPTION_EXPIRY_MS,
  PUSH_DELAY_WARNING_MS,
  PUSH_RECEIPT_HEADER,
  SERVICE_BASE_PATHS,
} from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { SW_NAVIGATE_MESSAGE } from './push-client';
import {
  applicationServerKeyBytes,
  detectPushSupport,
  facilityAllowsPush,
  isDelayedPush,
  isPushRefusedByBrowser,
  notificationClickPath,
  notificationTag,
  recordedExpiry,
  sameServerKey,
  shouldOpenAllowNotificationsDrawer,
  shouldRecordSubscription,
  shouldSubscribe,
} from './push-rules';

const ALL = { notification: true, serviceWorker: true, pushManager: true };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 22, 12);

describe('[NOTIFICATIONS][PUSH] rules (sign-in doc sections 4 and 9)', () => {
  it('"messageDeliveryMethods ... value PUSH_NOTIFICATION enables browser push"', () => {
    expect(facilityAllowsPush(['PUSH_NOTIFICATION', 'SMS'])).toBe(true);
    expect(facilityAllowsPush(['SMS'])).toBe(false);
    expect(facilityAllowsPush([])).toBe(false);
  });

  it('detects Notification, service workers and PushManager from the page globals', () => {
    class Fake {}
    expect(
      detectPushSupport({ Notification: Fake, PushManager: Fake, navigator: { serviceWorker: {} } }),
    ).toEqual(ALL);
    expect(detectPushSupport({ navigator: {} })).toEqual({
      notification: false,
      serviceWorker: false,
      pushManager: false,
    });
  });

  // "When the facility allows push, the browser supports notifications, service workers and push, the
  // permission is default and no push subscription exists, the Allow notifications drawer opens."
  it.each([
    ['all conditions hold', true, ALL, 'default', false, true],
    ['the facility does not allow push', false, ALL, 'default', false, false],
    ['no Notification', true, { ...ALL, notification: false }, 'default', false, false],
    ['no service worker', true, { ...ALL, serviceWorker: false }, 'default', false, false],
    ['no PushManager', true, { ...ALL, pushManager: false }, 'default', false, false],
    ['permission granted already', true, ALL, 'granted', false, false],
    ['permission denied', true, ALL, 'denied', false, false],
    ['a subscription exists', true, ALL, 'default', true, false],
  ] as const)('the drawer opens when %s: %s', (_, allows, support, permission, hasSubscription, expected) => {
    expect(
      shouldOpenAllowNotificationsDrawer({
        facilityAllowsPush: allows,
        support,
        permission,
        hasSubscription,
      }),
    ).toBe(expected);
  });

  it('"When granted, the app subscribes to push" (only then, and only where push is allowed and supported)', () => {
    expect(shouldSubscribe({ facilityAllowsPush: true, support: ALL, permission: 'granted' })).toBe(true);
    expect(shouldSubscribe({ facilityAllowsPush: true, support: ALL, permission: 'default' })).toBe(false);
    expect(shouldSubscribe({ facilityAllowsPush: false, support: ALL, permission: 'granted' })).toBe(false);
    expect(
      shouldSubscribe({
        facilityAllowsPush: true,
        support: { ...ALL, pushManager: false },
        permission: 'granted',
      }),
    ).toBe(false);
  });

  // "... and records the subscription if none exists or the stored one expires within 1 day."
  it.each([
    ['none stored', undefined, true],
    ['stored without expiry', { expirationTime: null }, false],
    ['expires in 8 hours', { expirationTime: NOW + 8 * HOUR }, true],
    ['expires in exactly 1 day', { expirationTime: NOW + DAY }, true],
    ['expires in 1 day and 1 ms', { expirationTime: NOW + DAY + 1 }, false],
    ['expires in 30 days', { expirationTime: NOW + 30 * DAY }, false],
    ['expired already', { expirationTime: NOW - 1 }, true],
  ] as const)('re-records when %s: %s', (_, stored, expected) => {
    expect(shouldRecordSubscription(stored, NOW)).toBe(expected);
  });

  it('"Default subscription expiry ...: 8 units from now" (hours) when the browser gives none', () => {
    expect(DEFAULT_PUSH_SUBSCRIPTION_EXPIRY_MS).toBe(8 * HOUR);
    expect(recordedExpiry(null, NOW)).toBe(NOW + 8 * HOUR);
    expect(recordedExpiry(undefined, NOW)).toBe(NOW + 8 * HOUR);
    expect(recordedExpiry(NOW + 5 * DAY, NOW)).toBe(NOW + 5 * DAY);
  });

  it('a notification click opens /alerts/alert/{taskId} (the alerts list for a message without a task)', () => {
    expect(notificationClickPath({ taskId: 'task-123' })).toBe('/alerts/alert/task-123');
    expect(notificationClickPath({ taskId: null })).toBe('/alerts');
    expect(notificationClickPath(null)).toBe('/alerts');
  });

  it('"A push received more than 30 s after creation is logged as delayed"', () => {
    expect(isDelayedPush(NOW - 30_000, NOW)).toBe(false);
    expect(isDelayedPush(NOW - 30_001, NOW)).toBe(true);
    expect(isDelayedPush(NOW, NOW)).toBe(false);
  });

  it('one notification per task: a repeat of the same alert replaces it', () => {
    expect(notificationTag({ taskId: 't1', messageRid: 'm1' })).toBe(
      notificationTag({ taskId: 't1', messageRid: 'm2' }),
    );
    expect(notificationTag({ taskId: null, messageRid: 'm1' })).not.toBe(
      notificationTag({ taskId: null, messageRid: 'm2' }),
    );
  });

  it('decodes the VAPID public key (base64url) and compares it with a subscription’s key', () => {
    const key = Buffer.from(Array.from({ length: 65 }, (_, i) => (i * 7) % 256));
    const bytes = applicationServerKeyBytes(key.toString('base64url'));
    expect(Buffer.from(bytes).equals(key)).toBe(true);
    expect(sameServerKey(new Uint8Array(key).buffer, bytes)).toBe(true);
    const other = new Uint8Array(key);
    other[10] = (other[10] ?? 0) ^ 1;
    expect(sameServerKey(other.buffer, bytes)).toBe(false);
    expect(sameServerKey(null, bytes)).toBe(true);
  });
});

describe('[NOTIFICATIONS][PUSH] the service worker (public/sw.js) agrees with the contract', () => {
  const sw = readFileSync(path.resolve(import.meta.dirname, '../../../../public/sw.js'), 'utf8');
  const constant = (name: string) => sw.match(new RegExp(`const ${name} = ([^;]+);`))?.[1];

  it('uses the same base path, receipt header, delay and click path', () => {
    expect(constant('MESSAGE_ORCHESTRATION_BASE')).toBe(`'${SERVICE_BASE_PATHS.messageOrchestration}'`);
    expect(constant('PUSH_RECEIPT_HEADER')).toBe(`'${PUSH_RECEIPT_HEADER}'`);
    expect(Number(constant('PUSH_DELAY_WARNING_MS'))).toBe(PUSH_DELAY_WARNING_MS);
    expect(sw).toMatch(/`\/alerts\/alert\/\$\{encodeURIComponent\(data\.taskId\)\}`/);
    expect(constant('NAVIGATE_MESSAGE')).toBe(`'${SW_NAVIGATE_MESSAGE}'`);
  });
});

describe('a push subscription the browser refused is no error of the app (decision 0740)', () => {
  it.each([
    [new DOMException('Registration failed - permission denied', 'AbortError'), true],
    [new DOMException('Permission denied', 'NotAllowedError'), true],
    [new DOMException('bad key', 'InvalidAccessError'), false],
    [new Error('Registration failed - permission denied'), false],
    [new TypeError('Failed to fetch'), false],
  ])('%o → %s', (error, refused) => {
    expect(isPushRefusedByBrowser(error)).toBe(refused);
  });
});
