import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { authHeaders, expect, screensDir, signInThroughApi, test } from '../alerts/fixtures';

mkdirSync(screensDir, { recursive: true });
/** A 360 px picture once the drawer's transitions have ended. */
async function shot(page: Page, name: string) {
  // A transition cancelled meanwhile (a toast replaced) rejects its promise: settled is enough.
  await page.evaluate(() =>
    Promise.allSettled(document.getAnimations().map((animation) => animation.finished)).then(() => null),
  );
  await page.screenshot({ path: path.join(screensDir, `${name}.png`) });
}
const drawer = (page: Page) => page.getByRole('dialog');

/** Opens the staff member actions drawer for one of the person's groups on their team member page. */
async function openActions(page: Page, group: string) {
  await page.getByRole('button', { name: `Actions: ${group}` }).click();
  await expect(drawer(page).getByText(group, { exact: true })).toBeVisible();
}

async function closeDrawer(page: Page) {
  await drawer(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer(page)).toHaveCount(0);
}

/** Adds the person on the open team member page to a group, through 'Add to Group'. */
async function addToGroup(page: Page, name: string, group: string) {
  await page.getByRole('main').getByRole('button', { name: 'Add to Group' }).click();
  await drawer(page).getByRole('radio', { name: group }).check();
  await drawer(page).getByRole('button', { name: 'Add to Group' }).click();
  await expect(page.getByText(`${name} was added to ${group}`)).toBeVisible();
  await expect(page.getByRole('listitem', { name: group })).toBeVisible();
}

test.describe('[ADMIN][STAFF]', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['notifications']);
  });

  test('[ADMIN][STAFF][GROUPS]: a manager invites a staff member, puts them in a group, makes them group admin and dismisses them; never the last admin, never their last group', async ({
    managerPage: page,
    manager,
    request,
  }) => {
    // One long flow as a new manager would go through it (two sign-ins, a dozen saves): more than the default 30 s.
    test.setTimeout(90_000);
    const tag = `${randomInt(100_000, 1_000_000)}`;
    // Works as Activities: joining it changes no one's permissions (the demo manager joins it below).
    const group = `Outings ${tag}`;
    const first = 'Quinn';
    const last = `Avery-${tag}`;
    const name = `${first} ${last}`;

    // A new group.
    await page.goto('/admin/groups');
    await page.getByLabel('Group name').first().fill(group);
    await page.getByRole('combobox', { name: 'Works as' }).click();
    await page.getByRole('option', { name: 'Activities' }).click();
    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(page.getByText(`${group} was created`)).toBeVisible();
    await expect(
      page.getByRole('listitem', { name: group }).getByText('Activities · 0 members'),
    ).toBeVisible();

    await shot(page, 'admin-groups');

    // Invite by phone number into Housekeeping.
    await page.goto('/admin/staff');
    await page.getByRole('link', { name: 'Invite Staff Member' }).click();
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill(last);
    await page.getByLabel('Mobile phone number').fill('555');
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await expect(page.getByText('Phone number is invalid')).toBeVisible();
    const phoneNumber = `+1415${randomInt(200, 555)}${randomInt(1000, 10_000)}`;
    await page
      .getByLabel('Mobile phone number')
      .fill(`(415) ${phoneNumber.slice(5, 8)}-${phoneNumber.slice(8)}`);
    await page.getByRole('checkbox', { name: 'Housekeeping' }).check();
    await shot(page, 'admin-staff-invite');
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await expect(page.getByText(`${name} was invited`)).toBeVisible();
    await expect(page).toHaveURL(/\/team\/member\/[^/]+$/);
    const memberUrl = page.url();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Housekeeping' })).toBeVisible();
    await shot(page, 'admin-staff-team-member');

    // They sign in and go on shift with a community phone: the manager calls that phone, and takes them off.
    const theirs = await signInThroughApi(request, phoneNumber);
    const headers = authHeaders(theirs);
    const profiles = (await (await request.get('/admin/api/v1/staff/profiles', { headers })).json()) as {
      facilities: { id: string }[];
    }[];
    const facilityId = profiles[0]?.facilities[0]?.id ?? '';
    const phones = (await (
      await request.get(`/admin/api/v1/companyPhones?facilityId=${facilityId}&availablePhonesOnly=true`, {
        headers,
      })
    ).json()) as { id: string; displayName: string }[];
    const phone = phones.at(-1);
    if (!phone) throw new Error('No community phone is free in the demo facility');
    const onShift = await request.post(`/admin/api/v1/staff/${theirs.staffMemberId}/on-call/${facilityId}`, {
      headers,
      data: { isOnCall: true, companyPhoneId: phone.id },
    });
    expect(onShift.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('main').getByText('On shift', { exact: true })).toBeVisible();
    await openActions(page, 'Housekeeping');
    await expect(drawer(page).getByRole('link', { name: `Call ${phone.displayName}` })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Take Off Shift' }).click();
    await expect(page.getByText(`${name} has been taken off shift`)).toBeVisible();
    await expect(page.getByRole('main').getByText('Off shift', { exact: true })).toBeVisible();

    // Put them in the night shift group and make them its admin.
    await addToGroup(page, name, group);
    await openActions(page, group);
    await expect(drawer(page).getByRole('button', { name: 'Assign task' })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Make Group Admin' }).click();
    await expect(page.getByText(`${name} was made a ${group} group admin`)).toBeVisible();
    await expect(page.getByRole('listitem', { name: group }).getByText('Admin')).toBeVisible();

    // The only admin: 'Dismiss as Group Admin' is not offered.
    await openActions(page, group);
    await expect(drawer(page).getByRole('button', { name: 'Make Group Admin' })).toHaveCount(0);
    await expect(drawer(page).getByRole('button', { name: 'Dismiss as Group Admin' })).toHaveCount(0);
    await shot(page, 'admin-staff-actions-last-admin');
    await closeDrawer(page);

    // The manager joins the group as a second admin (on their own page: 'Remove Me' there).
    await page.goto(`/team/member/${manager.staffMemberId}`);
    await addToGroup(page, 'Diane Whitaker', group);
    await openActions(page, group);
    await expect(drawer(page).getByRole('button', { name: 'Remove Me' })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Make Group Admin' }).click();
    await expect(page.getByText(`Diane Whitaker was made a ${group} group admin`)).toBeVisible();

    // Two admins now: the new staff member can be dismissed.
    await page.goto(memberUrl);
    await openActions(page, group);
    await drawer(page).getByRole('button', { name: 'Dismiss as Group Admin' }).click();
    await expect(page.getByText(`${name} is no longer a ${group} admin`)).toBeVisible();
    await expect(page.getByRole('listitem', { name: group }).getByText('Admin')).toHaveCount(0);

    // Removed from the night shift, they keep Housekeeping, whose removal is disabled.
    await openActions(page, group);
    await drawer(page).getByRole('button', { name: 'Remove from Group' }).click();
    // It asks first (issue #32).
    await expect(drawer(page).getByRole('heading', { name: `Remove ${name} from ${group}?` })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Remove from Group' }).click();
    await expect(page.getByText(`${name} was removed from ${group}`)).toBeVisible();
    await expect(page.getByRole('listitem', { name: group })).toHaveCount(0);
    await openActions(page, 'Housekeeping');
    await expect(drawer(page).getByRole('button', { name: 'Remove from Group' })).toBeDisabled();
    await expect(drawer(page).getByText('Team members must be in at least one group.')).toBeVisible();
    await shot(page, 'admin-staff-actions-last-group');
    await closeDrawer(page);

    // The team list finds them by name and opens their page.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('link', { name: 'Manage Staff' })).toBeVisible();
    await page.getByLabel('Search team').fill(`${first} ${last}`);
    await expect(page.getByRole('list', { name: 'Team members' }).getByRole('link')).toHaveCount(1);
    await shot(page, 'admin-staff-team');
    await page.getByRole('link', { name: new RegExp(name) }).click();
    await expect(page).toHaveURL(memberUrl);

    // The manager finds them in the staff list and archives them.
    await page.goto('/admin/staff');
    await page.getByLabel('Search staff').fill(last);
    await expect(page.getByRole('list', { name: 'Staff' }).getByRole('listitem')).toHaveCount(1);
    await shot(page, 'admin-staff-list');
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('button', { name: 'Archive' }).click();
    await expect(drawer(page).getByRole('heading', { name: `Archive ${name}?` })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText(`${name} was archived`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  });
});
