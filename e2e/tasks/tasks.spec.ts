import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { screensDir } from '../alerts/fixtures';
import { authHeaders, expect, FACILITY_TIME_ZONE, test } from './fixtures';

/** A datetime-local value on the community's wall clock, `offsetMs` from now. */
function wallClockInput(offsetMs: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: FACILITY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + offsetMs));
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

async function facilityOf(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const res = await request.get('/admin/api/v1/staff/profiles', { headers });
  expect(res.ok()).toBe(true);
  const [profile] = (await res.json()) as { facilities: { id: string }[] }[];
  return profile!.facilities[0]!.id;
}

async function fitsThePhone(page: import('@playwright/test').Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

test.describe('[TASKS]', () => {
  test("[TASKS][ADD]: 'Assign task' on a team member opens /tasks/add with the person and group filled in", async ({
    managerPage: page,
    manager,
    request,
  }) => {
    const title = `Fold the linen ${Date.now()}`;
    await page.goto('/team');
    await page.getByRole('link', { name: /Rosa Delgado/ }).click();
    await page.getByRole('button', { name: 'Actions: Housekeeping' }).click();
    await page.getByRole('button', { name: 'Assign task' }).click();
    await expect(page).toHaveURL(/\/tasks\/add$/);
    await expect(page.getByRole('heading', { name: 'Add Task' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('Housekeeping');
    await expect(page.getByRole('combobox', { name: 'Assign to' })).toHaveValue('Rosa Delgado');
    await fitsThePhone(page);

    // The title is required: the form says so and sends nothing.
    await page.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByRole('textbox', { name: 'Task' }).fill(title);
    await page.getByRole('textbox', { name: 'Details (optional)' }).fill('Third floor closet');
    const submit = page.getByRole('button', { name: 'Add Task' });
    const box = await submit.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: path.join(screensDir, 'tasks-add.png'), fullPage: true });
    await submit.click();
    await expect(page.getByText('Task added')).toBeVisible();
    // Back where the form was opened from, the team member's page (issue #32).
    await expect(page).toHaveURL(/\/team\/member\//);

    const headers = authHeaders(manager);
    const facilityId = await facilityOf(request, headers);
    const search = await request.post('/admin/api/v1/tasks/search', {
      headers,
      data: { facilityId, statuses: ['OPEN_CLAIMED'], pageSize: 200 },
    });
    const task = (
      (await search.json()) as { tasks: { title: string; assignee: { firstName: string } | null }[] }
    ).tasks.find((t) => t.title === title);
    expect(task?.assignee?.firstName).toBe('Rosa');
  });

  test('[TASKS][SCHEDULE]: a schedule made by a manager creates its task, which the nurses see', async ({
    browser,
    manager,
    nurse,
  }) => {
    test.setTimeout(180_000);
    const title = `Restock gloves ${Date.now()}`;
    const managerContext = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
    });
    const page = await managerContext.newPage();
    await page.addInitScript((t) => {
      localStorage.setItem('sage.accessToken', t.accessToken);
      localStorage.setItem('sage.staffMemberId', t.staffMemberId);
    }, manager);
    await page.goto('/tasks');
    await page.getByRole('link', { name: 'Task Schedules' }).click();
    await expect(page).toHaveURL(/\/tasks\/schedules$/);
    await page.getByRole('button', { name: 'Add Schedule' }).click();
    await page.getByRole('textbox', { name: 'Task' }).fill(title);
    // Due a minute ago, once: the worker's next sweep (each minute) creates it.
    await page.getByLabel(/First time/).fill(wallClockInput(-60_000));
    await page.getByRole('combobox', { name: 'Repeats' }).click();
    await page.getByRole('option', { name: 'Does not repeat' }).click();
    await page.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: 'Nurse/MedTech' }).click();
    await fitsThePhone(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Schedule ${title} saved`)).toBeVisible();
    const listed = page
      .getByRole('list', { name: 'Task schedules' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(listed).toBeVisible();
    await page.screenshot({ path: path.join(screensDir, 'tasks-schedules.png'), fullPage: true });
    await managerContext.close();

    const nurseContext = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
    const nursePage = await nurseContext.newPage();
    await nursePage.addInitScript((t) => {
      localStorage.setItem('sage.accessToken', t.accessToken);
      localStorage.setItem('sage.staffMemberId', t.staffMemberId);
    }, nurse);
    await nursePage.goto('/tasks');
    await nursePage.getByText('My Tasks', { exact: true }).click();
    // Live: the card arrives without a reload once the worker has created the task.
    await expect(nursePage.getByRole('list', { name: 'My Tasks' }).getByText(title)).toBeVisible({
      timeout: 120_000,
    });
    await nurseContext.close();
  });

  test('[TASKS][OBSERVATION]: an observation logged by a caregiver reaches the nurse, who sees it in Tasks', async ({
    nursePage: page,
    caregiver,
    request,
  }) => {
    const note = `Bruise on the left arm ${Date.now()}`;
    const headers = authHeaders(caregiver);
    const facilityId = await facilityOf(request, headers);
    const residents = (await (
      await request.get(`/admin/api/v1/residents?facilityId=${facilityId}`, { headers })
    ).json()) as { id: string; firstName: string; lastName: string; unit: { careType: string } | null }[];
    const resident = residents.find((r) => r.unit?.careType === 'MEMORY_CARE')!;
    const logged = await request.post('/care/api/v1/loggedCare', {
      headers,
      data: {
        residentId: resident.id,
        careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_DRESSING' }],
        observations: ['SKIN'],
        resolutionNote: note,
      },
    });
    expect(logged.status()).toBe(201);

    await page.goto('/tasks');
    const list = page.getByRole('list', { name: 'Observations' });
    const item = list.getByRole('listitem').filter({ hasText: note });
    await expect(item).toBeVisible();
    await expect(item.getByText(/^Observation: Skin - /)).toBeVisible();
    await expect(item.getByTestId('task-description')).toContainText(
      'Observed by Tyler Jackson while logging care.',
    );
    await fitsThePhone(page);
    await page.screenshot({ path: path.join(screensDir, 'tasks-observations.png'), fullPage: true });
    await item.getByTestId('task-card').click();
    await expect(page).toHaveURL(/\/alerts\/alert\//);
    await expect(page.getByText(/Observation: Skin - /).first()).toBeVisible();
  });
});
