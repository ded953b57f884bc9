import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, expect, screensDir, test } from '../alerts/fixtures';

/** Demo data (packages/db seed) the notification tests rely on. */
export const NOTIFY_DEMO = {
  caregiverPhone: '+14155550101',
  /** The demo facility's emergencyNotificationNumber (ALERTS) and taskNotificationNumber (TASKS). */
  alertsNumber: '+14155550190',
  tasksNumber: '+14155550191',
  /** The API's SMS_WEBHOOK_DEV_TOKEN default: the inbound webhook's signing key with the local outbox. */
  smsWebhookDevToken: 'dev-sms-webhook-token-0123456789',
} as const;

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

export { authHeaders, expect, screensDir, test };
