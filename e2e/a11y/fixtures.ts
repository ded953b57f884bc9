import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ingestUrl } from '../alerts/fixtures';
import { A11Y_COMMUNITY } from '../stack/facts';

/** A press of one of Hazel Row's devices as its gateway sends it (a fresh eventId each time). */
export async function pressAtHazelRow(request: APIRequestContext, hardwareId: string): Promise<void> {
  const response = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': A11Y_COMMUNITY.gatewayKey },
    data: { eventId: randomUUID(), hardwareId, type: 'BUTTON_PRESS', timestamp: new Date().toISOString() },
  });
  expect(response.status()).toBe(202);
}

/** The newest code sent to a number after `newerThan`, read from the dev outbox (waits for it). */
export async function codeSentTo(request: APIRequestContext, to: string, newerThan: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/api/v1/outbox?to=${encodeURIComponent(to)}`);
        const [newest] = (await res.json()) as { body: string; createdAt: string }[];
        if (!newest || newest.createdAt <= newerThan) return null;
        code = newest.body.match(/\b(\d{6})\b/)?.[1];
        return code ?? null;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code as string;
}

/**
 * A phone with a working push service (docs/decisions/0064): headless Chromium has none (its subscribe fails
 * and logs errors), so the page's PushManager hands out a subscription at the test's loopback push service.
 */
export async function withLoopbackPush(
  page: Page,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await page.addInitScript((s) => {
    const bytes = (base64url: string) => {
      const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
      const binary = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='));
      return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
    };
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      current = {
        endpoint: s.endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: true,
          applicationServerKey: key ? (new Uint8Array(key as ArrayBuffer).buffer as ArrayBuffer) : null,
        },
        getKey: (name: PushEncryptionKeyName) => bytes(s.keys[name as 'p256dh' | 'auth']),
        toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current;
    };
  }, subscription);
}
