import path from 'node:path';
import { communitiesLabel } from '@sage/contract';
import { demoCompany, expect, randomPhoneNumber, screensDir, tag, test } from './fixtures';

test('[ADMIN][FACILITIES]: a company admin picks the company in Select a company and adds a community', async ({
  managerPage: page,
  manager,
  request,
}) => {
  const company = await demoCompany(request, manager);
  const name = `Cedar Court ${tag()}`;
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Communities' })
    .click();
  await expect(page.getByTestId('chosen-company')).toHaveText(company.name);

  await page.getByRole('button', { name: 'Add Community' }).click();
  await page.getByRole('button', { name: 'Company' }).click();

  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: 'Select a company' })).toBeVisible();
  const search = drawer.getByLabel('Search for companies');
  await search.fill('no such company at all');
  await expect(drawer.getByText('No companies found')).toBeVisible();
  await search.fill(company.name.slice(0, 8).toUpperCase());
  const option = drawer.getByRole('radio', { name: new RegExp(company.name) });
  await expect(drawer.getByText(communitiesLabel(company.facilityCount))).toBeVisible();
  await option.check();
  await page.screenshot({ path: path.join(screensDir, 'admin-select-a-company.png') });
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Company' })).toContainText(company.name);

  await page.getByLabel('Community name').fill(name);
  await page.getByRole('combobox', { name: 'Time zone' }).click();
  await page.getByRole('combobox', { name: 'Time zone' }).fill('America/Denver');
  await page.getByRole('option', { name: 'America/Denver' }).click();
  await page.getByLabel('Alert sender number').fill('555');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Phone number is invalid')).toBeVisible();
  await page.getByLabel('Alert sender number').fill(randomPhoneNumber());
  await page.getByLabel('Routine check every (minutes)').fill('120');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} saved`)).toBeVisible();

  const row = page.getByRole('list', { name: 'Communities' }).getByRole('button', { name });
  await expect(row).toContainText('America/Denver');
  await expect(row).toContainText('ACTIVE');
  await expect(page.getByText(communitiesLabel(company.facilityCount + 1))).toBeVisible();
});

test('[ADMIN][MEDIA]: a company admin uploads the company logo; it shows from the server', async ({
  managerPage: page,
}) => {
  // A 1x1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.goto('/admin/facilities');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Logo' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Logo saved')).toBeVisible();
  const logo = page.getByRole('img', { name: 'Company logo' });
  await expect(logo).toHaveAttribute('src', `data:image/png;base64,${png.toString('base64')}`);
  // A text file is refused by the server (the type is read from its bytes), and the logo stays.
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Logo' }).click();
  await (await again).setFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText(/Expected a PNG, JPEG, GIF or WebP image/)).toBeVisible();
  await expect(logo).toHaveAttribute('src', `data:image/png;base64,${png.toString('base64')}`);
});
