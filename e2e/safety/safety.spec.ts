import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ClaimReminderMessages } from '@sage/contract';
import { ingestUrl, signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { SAFETY_COMMUNITY } from '../stack/facts';

/**
 * Safety (issue #29; docs/safety.md): calls ranked emergency first on the screens (decision 0516), and the
 * claimed-but-not-confirmed reminder on the notification settings screen (decision 0515). Larch Court is a
 * community of its own (e2e/stack/safety-community.ts): nothing else raises alerts there.
 */
test.describe.configure({ mode: 'serial' });

async function press(
  request: APIRequestContext,
  hardwareId: string,
  type: 'BUTTON_PRESS' | 'FALL_DETECTED' = 'BUTTON_PRESS',
): Promise<void> {
  const response = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': SAFETY_COMMUNITY.gatewayKey },
    data: { eventId: randomUUID(), hardwareId, type, timestamp: new Date().toISOString() },
  });
  expect(response.status()).toBe(202);
}

let caregiver: Tokens;
let manager: Tokens;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(150_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  caregiver = await signInThroughApi(request, SAFETY_COMMUNITY.caregiverPhone);
  manager = await signInThroughApi(request, SAFETY_COMMUNITY.managerPhone);
  await request.dispose();
});

const cardTexts = (page: Page, listName: string) =>
  page.getByRole('list', { name: listName }).getByRole('listitem').allInnerTexts();

test('[SAFETY][RANK]: an emergency raised last is listed first on the dashboard and the alerts page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await useSession(page, caregiver);
  await page.goto('/dashboard');
  const open = page.getByRole('list', { name: 'Open alerts in my care zones' });
  await expect(open.getByText('No open alerts')).toBeVisible();

  // Two routine calls first, then a fall: the fall arrives last, on a live screen.
  await press(request, SAFETY_COMMUNITY.pendants.AL);
  await expect(open.getByRole('listitem')).toHaveCount(1, { timeout: 10_000 });
  await press(request, SAFETY_COMMUNITY.pendants.MC);
  await expect(open.getByRole('listitem')).toHaveCount(2, { timeout: 10_000 });
  await press(request, SAFETY_COMMUNITY.fallSensor, 'FALL_DETECTED');
  await expect(open.getByRole('listitem')).toHaveCount(3, { timeout: 10_000 });

  const ranked = (texts: string[]) => {
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('Fall detected in MC 201');
    // The badge is shown in capitals.
    expect(texts[0]?.toLowerCase()).toContain('emergency');
    // The routine calls after it, oldest first.
    expect(texts[1]).toContain('AL 101');
    expect(texts[2]).toContain('MC 201');
    expect(texts[2]).not.toContain('Fall detected');
  };
  ranked(await cardTexts(page, 'Open alerts in my care zones'));

  await page.goto('/alerts');
  await expect(page.getByRole('list', { name: 'open alerts' }).getByRole('listitem')).toHaveCount(3);
  ranked(await cardTexts(page, 'open alerts'));
});

test('[SAFETY][REMINDER]: the manager sets the claimed-but-not-confirmed reminder; out of range is refused', async ({
  page,
}) => {
  await useSession(page, manager);
  await page.goto('/settings/notifications');
  const section = page.getByRole('group', { name: ClaimReminderMessages.heading });
  const field = section.getByRole('textbox', { name: ClaimReminderMessages.label });
  await expect(field).toHaveValue('5');
  const save = section.getByRole('button', { name: ClaimReminderMessages.save });
  await expect(save).toBeDisabled();

  await field.fill('45');
  await expect(section.getByText(ClaimReminderMessages.outOfRange)).toBeVisible();
  await expect(save).toBeDisabled();

  await field.fill('8');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(ClaimReminderMessages.saved)).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('group', { name: ClaimReminderMessages.heading }).getByRole('textbox'),
  ).toHaveValue('8');
});

test('[SAFETY][REMINDER]: staff outside management neither see nor reach the setting', async ({ page }) => {
  await useSession(page, caregiver);
  await page.goto('/settings/notifications');
  await expect(page.getByText('Only management can change notification settings.')).toBeVisible();
  await expect(page.getByRole('group', { name: ClaimReminderMessages.heading })).toHaveCount(0);
});
