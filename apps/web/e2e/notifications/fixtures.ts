import { createHmac } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test as alertsTest, expect, signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';

/** Demo data (packages/db seed) the notification tests rely on. */
export const NOTIFY_DEMO = {
  managerPhone: '+14155550100',
  caregiverPhone: '+14155550101',
  /** The demo facility's emergencyNotificationNumber (ALERTS) and taskNotificationNumber (TASKS). */
  alertsNumber: '+14155550190',
  tasksNumber: '+14155550191',
  /** The API's SMS_WEBHOOK_DEV_TOKEN default: the inbound webhook's signing key with the local outbox. */
  smsWebhookDevToken: 'dev-sms-webhook-token-0123456789',
} as const;

export const screensDir = path.resolve(import.meta.dirname, '../../../../docs/screens');

export const authHeaders = (tokens: Tokens) => ({
  authorization: `Bearer ${tokens.accessToken}`,
  'x-sage-profile-rid': tokens.staffMemberId,
});

/**
 * A text message to one of our numbers, posted to the inbound webhook the way Twilio does: a form, signed
 * with X-Twilio-Signature (base64 HMAC-SHA1 of the URL and the sorted fields; decision 0062).
 */
export async function textFromPhone(
  request: APIRequestContext,
  baseURL: string,
  message: { From: string; To: string; Body: string },
): Promise<void> {
  const url = `${baseURL.replace(/\/$/, '')}/messageorchestration/api/v1/phoneNumberSubscriptions/inbound`;
  const params: Record<string, string> = {
    ...message,
    MessageSid: `SM${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    AccountSid: 'ACdev',
  };
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  const signature = createHmac('sha1', NOTIFY_DEMO.smsWebhookDevToken).update(data, 'utf8').digest('base64');
  const response = await request.post(url, { form: params, headers: { 'x-twilio-signature': signature } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Coming back to the browser from the messages app: the page becomes visible again, which TanStack Query's
 * focus manager (a visibilitychange listener on window) turns into a refetch on window focus.
 */
export async function comeBackToTheApp(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    window.dispatchEvent(new Event('focus'));
  });
}

/** The caregiver fixtures plus the demo manager, signed in once per worker through the API. */
export const test = alertsTest.extend<{ managerPage: Page }, { manager: Tokens }>({
  manager: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const request = await playwright.request.newContext({ baseURL });
      // One sign-in per run, shared by the workers through a file (codes are rate-limited per number):
      // the first worker signs in under a lock, the others wait for its session.
      const cache = path.join(tmpdir(), `sage-e2e-manager-${new URL(baseURL ?? 'http://x').port}.json`);
      const lock = `${cache}.lock`;
      const valid = async (): Promise<Tokens | null> => {
        if (!existsSync(cache)) return null;
        let cached: Tokens;
        try {
          cached = JSON.parse(readFileSync(cache, 'utf8')) as Tokens;
        } catch {
          return null; // being written
        }
        const check = await request.get(`/admin/api/v1/staff/${cached.staffMemberId}`, {
          headers: authHeaders(cached),
        });
        return check.ok() ? cached : null;
      };
      let tokens: Tokens | null = null;
      for (let waited = 0; !tokens && waited < 90_000; waited += 500) {
        tokens = await valid();
        if (tokens) break;
        if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 90_000) rmSync(lock, { force: true });
        let owner = false;
        try {
          closeSync(openSync(lock, 'wx'));
          owner = true;
        } catch {
          // Another worker is signing in.
        }
        if (owner) {
          try {
            tokens = await signInThroughApi(request, NOTIFY_DEMO.managerPhone);
            writeFileSync(cache, JSON.stringify(tokens));
          } finally {
            rmSync(lock, { force: true });
          }
        } else {
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      if (!tokens) throw new Error('No manager session');
      await request.dispose();
      await use(tokens);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  managerPage: async ({ page, manager }, use) => {
    await useSession(page, manager);
    await use(page);
  },
});

export { expect };
