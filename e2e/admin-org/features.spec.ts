import { expect, tag, test } from './fixtures';

test('[ADMIN][FEATURES]: a manager adds a feature with a config and switches it off', async ({
  managerPage: page,
}) => {
  const name = `E2E_FEATURE_${tag().toUpperCase()}`;
  await page.goto('/admin/features');
  await expect(page.getByRole('heading', { name: 'Features' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Feature' }).click();
  await page.getByLabel('Feature name').fill(name);
  await page.getByLabel('Config (JSON, optional)').fill('[1, 2]');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Config must be a JSON object')).toBeVisible();
  await page.getByLabel('Config (JSON, optional)').fill('{ "steps": 7 }');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} saved`)).toBeVisible();

  await page.getByLabel('Search').fill(name.toLowerCase());
  const list = page.getByRole('list', { name: 'Features' });
  await list.getByRole('button', { name: `${name}, Enabled` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Feature' })).toBeVisible();
  await expect(page.getByLabel('Config (JSON, optional)')).toHaveValue(/"steps": 7/);
  await page.getByRole('switch', { name: 'Enabled' }).uncheck({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('button', { name: `${name}, Disabled` })).toBeVisible();

  // The same name again is refused by the server (409), and the form stays open with what was typed.
  await page.getByRole('button', { name: 'Add Feature' }).click();
  await page.getByLabel('Feature name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The community already has a feature with this name')).toBeVisible();
  await expect(page.getByLabel('Feature name')).toHaveValue(name);
});
