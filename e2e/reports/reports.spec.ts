import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, screensDir, test } from '../alerts/fixtures';

/** The demo's courtyard door alarm reports 64 %: low for a door alarm (under 80), and no other spec changes it. */
const COURTYARD_DOOR = 'DOOR-MC-COURTYARD';

test('[REPORTS][RUN]: a manager runs Low batteries from the manage hub, sees the table and downloads its CSV', async ({
  managerPage: page,
}) => {
  await page.goto('/manage');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/manage\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Report' }).click();
  await page.getByRole('option', { name: 'Low batteries' }).click();
  await expect(page.getByText(/Devices whose battery is low/)).toBeVisible();
  const runButton = page.getByRole('button', { name: 'Run report' });
  const runBox = await runButton.boundingBox();
  expect(runBox && runBox.height).toBeGreaterThanOrEqual(44);
  await runButton.click();

  // The worker runs it; the page polls until it is done.
  const result = page.getByRole('region', { name: 'Report result' });
  await expect(result.getByText('Done', { exact: true })).toBeVisible({ timeout: 20_000 });
  const table = result.getByRole('table', { name: 'Low batteries' });
  await expect(table.getByRole('columnheader', { name: 'hardware_id' })).toBeVisible();
  const courtyard = table.getByRole('row').filter({ hasText: COURTYARD_DOOR });
  await expect(courtyard).toContainText('64');
  const bodyRows = await table.locator('tbody tr').count();
  expect(bodyRows).toBeGreaterThanOrEqual(1);
  // Fits the phone: the table scrolls inside its box, the page does not.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(360);
  await page.screenshot({ path: path.join(screensDir, 'reports-low-batteries.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    result.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^low-batteries-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await download.path();
  const csv = await readFile(file, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('hardware_id,type,location,battery_level,last_heard_at');
  expect(lines).toHaveLength(bodyRows + 1);
  const row = lines.find((line) => line.startsWith(`${COURTYARD_DOOR},`));
  expect(row).toBeDefined();
  expect(row!.split(',')).toEqual([
    COURTYARD_DOOR,
    'DOOR_ALARM',
    expect.any(String),
    '64',
    expect.any(String),
  ]);

  // The run is listed among the previous runs of the report.
  const runs = page.getByRole('list', { name: 'Previous runs' });
  await expect(runs.getByRole('listitem').first()).toContainText('Done');
  await expect(runs.getByRole('listitem').first()).toContainText(`${bodyRows} rows`);
});
