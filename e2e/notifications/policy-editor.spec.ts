import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TNotificationBlockInput, TNotificationPolicyReply } from '@sage/contract';
import { signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { NEW_COMMUNITY, POLICY_COMMUNITY } from '../stack/facts';
import { authHeaders, test as base, expect, screensDir } from './fixtures';

const POLICIES = '/admin/api/v1/notificationPolicies';
const STALE =
  'Someone else changed these notification settings while you were editing. The latest version is shown now: make your changes again and save.';

/**
 * The editing manager: of Juniper Hall, a community of its own (e2e/stack/policy-community.ts). Edits of the
 * demo community's policy delayed its first step while the push test waited for that step's push.
 */
const test = base.extend<{ editorPage: Page }, { editor: Tokens }>({
  editor: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const tokens = await signInThroughApi(request, POLICY_COMMUNITY.managerPhone);
      await request.dispose();
      await use(tokens);
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  editorPage: async ({ page, editor }, use) => {
    await useSession(page, editor);
    await use(page);
  },
});

async function policies(request: APIRequestContext, manager: Tokens): Promise<TNotificationPolicyReply[]> {
  const profiles = await request.get('/admin/api/v1/staff/profiles', { headers: authHeaders(manager) });
  const [profile] = (await profiles.json()) as { facilities: { id: string }[] }[];
  const facilityRid = profile?.facilities[0]?.id ?? '';
  const list = await request.get(`${POLICIES}?facilityRid=${facilityRid}`, { headers: authHeaders(manager) });
  expect(list.ok()).toBe(true);
  return (await list.json()) as TNotificationPolicyReply[];
}

async function currentPolicy(request: APIRequestContext, manager: Tokens): Promise<TNotificationPolicyReply> {
  const [policy] = await policies(request, manager);
  if (!policy) throw new Error('The demo facility has no notification policy');
  return policy;
}

/** The demo staff member and care zone ids by name (what the filter fields show). */
async function idsByName(request: APIRequestContext, manager: Tokens, facilityRid: string) {
  const headers = authHeaders(manager);
  const staff = (await (
    await request.get(`/admin/api/v1/staff?facilityId=${facilityRid}`, { headers })
  ).json()) as { id: string; firstName: string; lastName: string }[];
  const zones = (await (
    await request.get(`/admin/api/v1/careZones?facilityRid=${facilityRid}`, { headers })
  ).json()) as { id: string; name: string }[];
  return {
    staff: (name: string) => staff.find((s) => `${s.firstName} ${s.lastName}` === name)?.id,
    careZone: (name: string) => zones.find((z) => z.name === name)?.id,
  };
}

const asInput = (policy: TNotificationPolicyReply): TNotificationBlockInput[] =>
  policy.notificationBlocks.map(({ blockRid: _b, isRecurring: _r, filters, ...block }) => ({
    ...block,
    filters: filters.map(({ filterRid: _f, ...filter }) => filter),
  }));

async function patchPolicy(
  request: APIRequestContext,
  manager: Tokens,
  policy: TNotificationPolicyReply,
  notificationBlocks: TNotificationBlockInput[],
): Promise<TNotificationPolicyReply> {
  const res = await request.patch(
    `${POLICIES}/${policy.rid}?facilityRid=${policy.facilityRid}&notificationPolicyVersion=${policy.version}`,
    { headers: authHeaders(manager), data: { notificationBlocks } },
  );
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TNotificationPolicyReply;
}

const step = (page: Page, n: number) => page.getByRole('group', { name: `Step ${n}` });

test.describe('[NOTIFICATIONS][POLICY]', () => {
  test.describe.configure({ mode: 'serial' });
  let original: TNotificationBlockInput[] = [];

  test.beforeAll(async ({ request, editor }) => {
    original = asInput(await currentPolicy(request, editor));
  });
  test.afterAll(async ({ request, editor }) => {
    // Give the community its policy back (a repeat of the tests starts from the seed's).
    await patchPolicy(request, editor, await currentPolicy(request, editor), original);
  });

  test('[NOTIFICATIONS][POLICY]: a manager edits a step, saves, and finds it saved after a reload', async ({
    editorPage: page,
  }) => {
    // Reached from the dashboard (and the shift page) by management.
    await page.goto('/profile/shift');
    await expect(page.getByRole('link', { name: 'Notification Settings' })).toBeVisible();
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Notification Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notification Settings', level: 1 })).toBeVisible();

    // The seed's policy in plain words: care staff and nurses on shift at once, every minute.
    const first = step(page, 1);
    await expect(first.getByText('Starts at once, repeats every 1 minute')).toBeVisible();
    await expect(first.getByText('Members of Care staff or Nurse/MedTech, only when on shift')).toBeVisible();
    await expect(first.getByText('Alerts of any kind anywhere in the community')).toBeVisible();
    await expect(step(page, 2).getByText('Starts after 2 minutes, does not repeat')).toBeVisible();
    await expect(step(page, 2).getByRole('switch', { name: 'Break-glass' })).toBeChecked();

    // Validation: minutes cannot be negative (the field refuses the sign) and must be filled in.
    await first.getByLabel('Start after (minutes)').fill('');
    await expect(first.getByText('Enter a number of minutes')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();

    await first.getByLabel('Start after (minutes)').fill('2');
    await first.getByLabel('Repeat every (minutes)').fill('5');
    await first.getByRole('switch', { name: 'Break-glass' }).check();
    await expect(first.getByText('Starts after 2 minutes, repeats every 5 minutes')).toBeVisible();

    // Unsaved changes: back asks first.
    await page.getByRole('button', { name: 'Back' }).click();
    const goBack = page.getByRole('dialog', { name: 'Go Back?' });
    await expect(
      goBack.getByText('There are some unsaved changes. Are you sure you want to go back?'),
    ).toBeVisible();
    await goBack.getByRole('button', { name: 'Cancel' }).click();
    await expect(goBack).toHaveCount(0);

    await page.screenshot({
      path: path.join(screensDir, 'notifications-3-policy-editor.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    await page.reload();
    await expect(step(page, 1).getByLabel('Start after (minutes)')).toHaveValue('2');
    await expect(step(page, 1).getByLabel('Repeat every (minutes)')).toHaveValue('5');
    await expect(step(page, 1).getByRole('switch', { name: 'Break-glass' })).toBeChecked();
  });

  test('[NOTIFICATIONS][POLICY]: adding and removing steps', async ({ editorPage: page }) => {
    await page.goto('/settings/notifications');
    await expect(step(page, 2)).toBeVisible();
    await page.getByRole('button', { name: 'Add Step' }).click();
    await expect(step(page, 3).getByText('Starts after 3 minutes, does not repeat')).toBeVisible();
    await step(page, 3).getByRole('button', { name: 'Remove Step' }).click();
    await expect(step(page, 3)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('[NOTIFICATIONS][POLICY]: a save on a version someone changed meanwhile shows the latest one', async ({
    editorPage: page,
    request,
    editor: manager,
  }) => {
    await page.goto('/settings/notifications');
    await expect(step(page, 1).getByLabel('Start after (minutes)')).toHaveValue('2');
    await step(page, 1).getByLabel('Start after (minutes)').fill('3');

    // Meanwhile another manager makes step 1 start after 7 minutes.
    const policy = await currentPolicy(request, manager);
    const blocks = asInput(policy);
    blocks[0] = { ...blocks[0]!, executionTimeAfterStartInMs: 7 * 60_000 };
    await patchPolicy(request, manager, policy, blocks);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: STALE })).toBeVisible();
    // The latest version is shown: step 1 now runs after the seed's break-glass step.
    await expect(step(page, 2).getByLabel('Start after (minutes)')).toHaveValue('7');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.screenshot({
      path: path.join(screensDir, 'notifications-4-policy-stale.png'),
      fullPage: true,
    });
  });

  test('[NOTIFICATIONS][POLICY]: a filter names staff, care zones and kinds of alerts', async ({
    editorPage: page,
    request,
    editor: manager,
  }) => {
    await page.goto('/settings/notifications');
    const first = step(page, 1);
    await expect(first.getByRole('group', { name: 'Filter 1' })).toBeVisible();
    await first.getByRole('button', { name: 'Add Filter' }).click();
    const added = first.getByRole('group', { name: 'Filter 2' });
    await expect(added.getByText('Anyone in the community, only when on shift')).toBeVisible();

    // Nora Patel (a nurse), about code blues and emergencies in Memory Care, on shift or not.
    await added.getByLabel('Named staff').fill('nora');
    await page.getByRole('option', { name: POLICY_COMMUNITY.nurseName }).click();
    await added
      .getByRole('group', { name: 'Only alerts in these care zones' })
      .getByText('Memory Care')
      .click();
    const kinds = added.getByRole('group', { name: 'Only these kinds of alerts' });
    await kinds.getByText('Code Blue', { exact: true }).click();
    await kinds.getByText('Emergency', { exact: true }).click();
    await added.getByRole('switch', { name: 'Only staff on shift' }).uncheck();
    await expect(added.getByText(`${POLICY_COMMUNITY.nurseName}, on shift or not`)).toBeVisible();
    await expect(added.getByText('Code Blue or Emergency alerts in Memory Care')).toBeVisible();
    await page.screenshot({
      path: path.join(screensDir, 'notifications-5-policy-filters.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();

    // Saved as chosen: the server's policy has the filter with the ids.
    const saved = await currentPolicy(request, manager);
    const ids = await idsByName(request, manager, saved.facilityRid);
    expect(saved.notificationBlocks[0]?.filters[1]).toMatchObject({
      groupIds: [],
      staffMemberIds: [ids.staff(POLICY_COMMUNITY.nurseName)],
      careZoneIds: [ids.careZone('Memory Care')],
      severities: ['CODE_BLUE', 'EMERGENCY'],
      onCallOnly: false,
    });
    await page.reload();
    await expect(
      step(page, 1)
        .getByRole('group', { name: 'Filter 2' })
        .getByText('Code Blue or Emergency alerts in Memory Care'),
    ).toBeVisible();

    // And removed again.
    await step(page, 1)
      .getByRole('group', { name: 'Filter 2' })
      .getByRole('button', { name: 'Remove Filter' })
      .click();
    await expect(step(page, 1).getByRole('group', { name: 'Filter 2' })).toHaveCount(0);
    await expect(step(page, 1).getByRole('button', { name: 'Remove Filter' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    expect((await currentPolicy(request, manager)).notificationBlocks[0]?.filters).toHaveLength(1);
  });

  test("[NOTIFICATIONS][POLICY]: a new community's manager creates its first policy", async ({
    page,
    request,
  }) => {
    const newManager = await signInThroughApi(request, NEW_COMMUNITY.managerPhone);
    await useSession(page, newManager);
    await page.goto('/settings/notifications');
    await expect(page.getByText('This community has no alert notification policy yet.')).toBeVisible();
    await expect(
      page.getByText('Until it has one, alerts are only shown in the app: nobody is sent a notification.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Create Policy' }).click();

    // Offered: one step at once, every minute, to anyone on shift; not saved until Save.
    const first = step(page, 1);
    await expect(first.getByText('Starts at once, repeats every 1 minute')).toBeVisible();
    await expect(first.getByText('Anyone in the community, only when on shift')).toBeVisible();
    expect(await policies(request, newManager)).toEqual([]);
    await first.getByRole('group', { name: 'Groups' }).getByText('Care staff').click();
    await expect(first.getByText('Members of Care staff, only when on shift')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    const [created, ...others] = await policies(request, newManager);
    expect(others).toEqual([]);
    expect(created).toMatchObject({
      type: 'ALERT',
      version: 1,
      notificationBlocks: [
        {
          executionTimeAfterStartInMs: 0,
          recurringIntervalInMs: 60_000,
          isRecurring: true,
          isBreakGlass: false,
        },
      ],
    });
    expect(created?.notificationBlocks[0]?.filters[0]?.groupIds).toHaveLength(1);

    // From now on it is edited like any policy.
    await page.reload();
    await expect(step(page, 1).getByText('Members of Care staff, only when on shift')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Policy' })).toHaveCount(0);
  });

  test('[NOTIFICATIONS][POLICY]: others do not see the entry and are not allowed in', async ({
    caregiverPage: page,
  }) => {
    for (const where of ['/profile/shift', '/dashboard']) {
      await page.goto(where);
      await expect(page.getByRole('button', { name: 'Text message alerts' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Notification Settings' })).toHaveCount(0);
    }
    await page.goto('/settings/notifications');
    const refused = page
      .getByRole('alert')
      .filter({ hasText: 'Only management can change notification settings.' });
    await expect(refused).toBeVisible();
    await expect(refused.getByText('Not allowed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  });
});
