import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const drawer = (page: Page) => page.getByRole('dialog');
/** The demo facility's time zone (packages/db/src/seed/demo-plan.ts). */
const FACILITY_TIME_ZONE = 'America/Chicago';
/** Beatrice Stewart lives alone in IL 304 (independent living; no other spec uses that unit). */
const RESIDENT = 'Beatrice Stewart';
const UNIT = 'IL 304';

const facilityHour = (): number =>
  Number(
    new Intl.DateTimeFormat('en-US', {
      timeZone: FACILITY_TIME_ZONE,
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(new Date()),
  );

/** The latest minute before now at which the facility's clock read hh:mm (the page's fake clock starts there). */
function latestFacilityMinute(hour: number, minute: number): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: FACILITY_TIME_ZONE,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const step = 60_000;
  for (let t = Math.floor(Date.now() / step) * step, i = 0; i <= 1440; i++, t -= step) {
    const parts = format.formatToParts(new Date(t));
    const value = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    if (value('hour') === hour && value('minute') === minute) return t;
  }
  throw new Error(`No ${hour}:${minute} in the last day`);
}

async function openResident(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Search Resident' }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Search for Resident' })).toBeVisible();
  await drawer(page).getByRole('textbox', { name: 'Search' }).fill(RESIDENT);
  await drawer(page)
    .getByRole('radio', { name: new RegExp(RESIDENT) })
    .check();
  await drawer(page).getByRole('button', { name: 'Continue' }).click();
  await expect(drawer(page).getByText(`${UNIT} · Independent Living`)).toBeVisible();
}

test.describe('[CHECK-IN][UNIT]', () => {
  test('[CHECK-IN][UNIT]: an independent-living unit is checked in with a reason and the check-in removed', async ({
    caregiverPage: page,
  }) => {
    await openResident(page);
    const card = drawer(page).getByRole('region', { name: 'Unit check-in' });
    await expect(card.getByText(UNIT, { exact: true })).toBeVisible();
    // Independent-living residents get the unit check-in card instead of care buttons.
    await expect(drawer(page).getByRole('button', { name: 'Log Care' })).toHaveCount(0);
    await expect(drawer(page).getByRole('button', { name: 'Log Refusal' })).toHaveCount(0);

    if (facilityHour() < 4) {
      // Before 4:00 am facility time the card only says when the daily check-in begins.
      await expect(card.getByText('Daily check-in begins at 4:00 am')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Check-in Unit' })).toHaveCount(0);
      return;
    }

    const status = card.getByLabel('Check-in status');
    await expect(status).toBeVisible();
    // A rerun against the same database may find the unit checked in already: start from 'Not Checked-In'.
    if ((await status.textContent()) === 'Checked-In') {
      await card.getByRole('button', { name: 'Remove Unit Check-in' }).click();
      await expect(status).toHaveText('Not Checked-In');
    }
    await expect(status).toHaveText('Not Checked-In');

    // Check-in Unit opens the reason choices; Go Back returns to the card.
    await card.getByRole('button', { name: 'Check-in Unit' }).click();
    for (const reason of ['Seen in-person', 'Called resident', 'Team member verified']) {
      await expect(card.getByRole('button', { name: reason })).toBeVisible();
    }
    await card.getByRole('button', { name: 'Go Back' }).click();
    await expect(card.getByRole('button', { name: 'Seen in-person' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Check-in Unit' }).click();
    await card.getByRole('button', { name: 'Seen in-person' }).click();
    await expect(page.getByText(`Check-in updated for unit ${UNIT}`).first()).toBeVisible();
    await expect(status).toHaveText('Checked-In');
    // Its time, as 'MMM d, yyyy at h:mm a'.
    await expect(card.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();

    await card.getByRole('button', { name: 'Remove Unit Check-in' }).click();
    await expect(status).toHaveText('Not Checked-In');
    await expect(card.getByRole('button', { name: 'Check-in Unit' })).toBeVisible();

    // Cancel leaves the drawer.
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer(page)).toHaveCount(0);
  });

  test('[CHECK-IN][DOWNTIME]: at midnight facility time the open card keeps its check-in, actions disabled under the message', async ({
    caregiverPage: page,
  }) => {
    // "Check-in: blocked during downtime" (docs/decisions/0059). The page's clock starts at 23:59 facility
    // time (the server keeps the real one) and then runs past midnight.
    await page.clock.install({ time: latestFacilityMinute(23, 59) });
    await openResident(page);
    const card = drawer(page).getByRole('region', { name: 'Unit check-in' });
    await expect(card.getByLabel('Check-in status')).toBeVisible();
    const action = card.getByRole('button', { name: /^(Check-in Unit|Remove Unit Check-in)$/ });
    await expect(action).toBeEnabled();
    await expect(card.getByText('Daily check-in begins at 4:00 am')).toHaveCount(0);

    await page.clock.runFor(2 * 60_000);
    await expect(card.getByText('Daily check-in begins at 4:00 am')).toBeVisible();
    await expect(card.getByLabel('Check-in status')).toBeVisible();
    await expect(action).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
