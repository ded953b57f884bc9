import path from 'node:path';
import { expect, randomPhoneNumber, screensDir, tag, test } from './fixtures';

test('[ADMIN][COMPANY PHONES]: a manager adds a company phone, finds it by search and renames it', async ({
  managerPage: page,
}) => {
  const name = `Hall Phone ${tag()}`;
  const number = randomPhoneNumber();
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Company Phones' })
    .click();
  await expect(page.getByRole('heading', { name: 'Company Phones' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Company Phone' }).click();
  await page.getByLabel('Name').fill(name);
  // A number that is not a real North American number is refused on the phone, before any call.
  await page.getByLabel('Phone number').fill('+1 123 456 7890');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Phone number is invalid')).toBeVisible();
  // Typed the way people write it: saved in E.164.
  const local = number.slice(2);
  await page.getByLabel('Phone number').fill(`(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} saved`)).toBeVisible();

  await page.getByLabel('Search').fill(name.toLowerCase());
  const list = page.getByRole('list', { name: 'Company Phones' });
  // The row is named by its text (name, number, availability), as the a11y scan requires of buttons.
  const row = list.getByRole('button', { name: `${name} ${number}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Available');
  await expect(list.getByRole('button')).toHaveCount(1);
  await page.screenshot({ path: path.join(screensDir, 'admin-company-phones.png') });

  await row.click();
  await expect(page.getByRole('heading', { name: 'Edit Company Phone' })).toBeVisible();
  await page.getByLabel('Name').fill(`${name} East`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} East saved`)).toBeVisible();
  await page.getByLabel('Search').fill(number.slice(-7));
  await expect(list.getByRole('button', { name: `${name} East ${number}` })).toBeVisible();
});
