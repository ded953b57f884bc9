import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { screensDir, signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { INSIGHTS_COMMUNITY } from '../stack/facts';

/**
 * Insights and high fives at 360 x 740 (docs/decisions/0290-0294), in a community of their own (Juniper Ridge:
 * its caregiver Casey Nguyen a top performer, its nurse Nora Patel slow to claim), so no other spec's pages
 * get a high five. One sign-in per number: the tests run in order and share the sessions.
 */
test.describe.configure({ mode: 'serial' });

let manager: Tokens;
let caregiver: Tokens;
const contexts: BrowserContext[] = [];

async function pageAs(browser: Browser, tokens: Tokens): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    permissions: ['notifications'],
  });
  contexts.push(context);
  const page = await context.newPage();
  await useSession(page, tokens);
  return page;
}

test.beforeAll(async ({ request }) => {
  manager = await signInThroughApi(request, INSIGHTS_COMMUNITY.managerPhone);
  caregiver = await signInThroughApi(request, INSIGHTS_COMMUNITY.caregiverPhone);
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('[INSIGHTS][HIGH FIVE]: a manager sends a high five and the caregiver receives it live', async ({
  browser,
}) => {
  const caregiverPage = await pageAs(browser, caregiver);
  const managerPage = await pageAs(browser, manager);

  // The caregiver on the dashboard: their own top performance is new, so the explore prompt asks; Later.
  await caregiverPage.goto('/dashboard');
  const explore = caregiverPage.getByRole('dialog').filter({ hasText: 'Explore Insights' });
  await expect(explore.getByRole('button', { name: 'View Insights' })).toBeVisible();
  await explore.getByRole('button', { name: 'Later' }).click();
  await expect(explore).toBeHidden();

  // The manager: the prompt too; View Insights leads to the Insights screen.
  await managerPage.goto('/dashboard');
  await managerPage.getByRole('button', { name: 'View Insights' }).click();
  await expect(managerPage).toHaveURL(/\/insights$/);
  const card = managerPage.getByRole('listitem', {
    name: /Top Performance: Time to claim alerts, Casey Nguyen/,
  });
  await expect(card).toContainText('Casey Nguyen averaged 0.6 min over the last 7 days');
  await card.getByRole('button', { name: 'High Five' }).click();

  const send = managerPage.getByRole('dialog').filter({ hasText: 'Send Casey Nguyen a High Five' });
  const note = send.getByLabel('Enter notes here (optional)');
  await expect(note).toHaveAttribute('rows', '4');
  await note.fill('Fastest claims all week. Thank you!');
  await managerPage.screenshot({ path: path.join(screensDir, 'insights-send-high-five.png') });
  await send.getByRole('button', { name: 'Send High Five' }).click();
  await expect(managerPage.getByText('High Five Sent!')).toBeVisible();
  await expect(card).toContainText('Closed by Morgan Reyes');

  // The caregiver's page, untouched since: the high five arrives live.
  const received = caregiverPage.getByRole('dialog').filter({ hasText: 'Congratulations!' });
  await expect(received).toBeVisible({ timeout: 10_000 });
  await expect(received).toContainText("You've received a high five from a colleague");
  await expect(received.getByRole('img', { name: 'Morgan Reyes' })).toBeVisible();
  await received.getByRole('button', { name: 'Later' }).hover(); // the drawer has finished coming in (250 ms)
  await caregiverPage.screenshot({ path: path.join(screensDir, 'insights-receive-high-five.png') });
  await received.getByRole('button', { name: 'View Recognitions' }).click();
  await expect(caregiverPage).toHaveURL(/\/insights\?tab=recognitions$/);
  const list = caregiverPage.getByRole('list', { name: 'High fives received' });
  await expect(list).toContainText('High five from Morgan Reyes');
  await expect(list).toContainText('Fastest claims all week. Thank you!');
});

test('[INSIGHTS][COMPLETE]: a manager completes an insight with notes', async ({ browser }) => {
  const managerPage = await pageAs(browser, manager);
  await managerPage.goto('/insights');
  const card = managerPage.getByRole('listitem', {
    name: /Needs Improvement: Time to claim alerts, Nora Patel/,
  });
  await expect(card).toContainText('Open');
  await card.getByRole('button', { name: 'Complete' }).click();

  const drawer = managerPage.getByRole('dialog').filter({ hasText: 'Add Notes' });
  await expect(drawer.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await drawer
    .getByLabel('Enter notes here (optional)')
    .fill('Walked through claiming from the lock screen.');
  await managerPage.screenshot({ path: path.join(screensDir, 'insights-complete-insight.png') });
  await drawer.getByRole('button', { name: 'Submit' }).click();
  await expect(managerPage.getByText('Insight Completed')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(card).toContainText('Completed');
  await expect(card).toContainText('Closed by Morgan Reyes');
  await expect(card.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  await managerPage.screenshot({ path: path.join(screensDir, 'insights-manager.png') });
});
