import { type APIRequestContext, expect, test } from '@playwright/test';
import { authHeaders, sharedSession, type Tokens, useSession } from '../alerts/fixtures';
import { FOLLOW_UP_COMMUNITY as C } from '../stack/facts';

/**
 * Issue #32, nurse point 2, at 360 x 740 with touch in Linden Crest: an escalated observation has its own short
 * close (what the nurse did, a note: PUT /tasks/{taskId}/follow-up, decision 0620), not a call's resolve steps
 * ('Select all care provided', then 'Any new changes to escalate to Nurse?'); the caregiver's note is on the
 * observation's own page.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

let caregiver: Tokens;
let nurse: Tokens;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const { baseURL } = testInfo.project.use;
  const request = await playwright.request.newContext({ baseURL });
  caregiver = await sharedSession(request, baseURL, 'crest-caregiver', C.caregiverPhone);
  nurse = await sharedSession(request, baseURL, 'crest-nurse', C.nursePhone);
  await request.dispose();
});

async function facilityOf(request: APIRequestContext, tokens: Tokens): Promise<string> {
  const res = await request.get('/admin/api/v1/staff/profiles', { headers: authHeaders(tokens) });
  expect(res.ok()).toBe(true);
  const [profile] = (await res.json()) as { facilities: { id: string }[] }[];
  return profile!.facilities[0]!.id;
}

/** The facility's escalated observations, as the nurse's API reads them. */
async function escalations(request: APIRequestContext, facilityId: string) {
  const res = await request.post('/admin/api/v1/tasks/search', {
    headers: authHeaders(nurse),
    data: { facilityId, severities: ['ESCALATION_OBSERVATION'], pageSize: 50 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { tasks: { id: string; status: string; resolutionNote: string | null }[] })
    .tasks;
}

test("[SCREENS][NURSE-2]: the nurse closes an escalated observation with what she did and a note, not a call's resolve steps; the caregiver's note is on its page", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const facilityId = await facilityOf(request, caregiver);
  const residents = await request.get(
    `/admin/api/v1/residents?facilityId=${facilityId}&search=${encodeURIComponent(C.resident)}`,
    { headers: authHeaders(caregiver) },
  );
  expect(residents.ok(), await residents.text()).toBe(true);
  const [resident] = (await residents.json()) as { id: string }[];
  // The caregiver logs care and sees a change: Skin, with a note for the nurse (escalated, decision 0241).
  const note = `Red patch on the left heel ${Date.now()}`;
  const logged = await request.post('/care/api/v1/loggedCare', {
    headers: authHeaders(caregiver),
    data: {
      residentId: resident!.id,
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_BATHING' }],
      observations: ['SKIN'],
      resolutionNote: note,
    },
  });
  expect(logged.status(), await logged.text()).toBe(201);
  const [escalation] = (await escalations(request, facilityId)).filter((t) => t.status === 'OPEN_UNCLAIMED');
  expect(escalation).toBeDefined();

  // The nurse opens it from /tasks.
  await useSession(page, nurse);
  await page.goto('/tasks');
  await page.getByRole('link', { name: new RegExp(`Observation: Skin - ${C.resident}`) }).tap();
  await expect(page).toHaveURL(new RegExp(`/alerts/alert/${escalation!.id}$`));

  // The caregiver's note on the observation's own page.
  const observation = page.getByRole('region', { name: 'Observation' });
  await expect(observation.getByText('Skin', { exact: true })).toBeVisible();
  await expect(observation.getByText(note, { exact: false })).toBeVisible();
  await expect(
    observation.getByText('Observed by Casey Nguyen while logging care.', { exact: false }),
  ).toBeVisible();

  // Its own close: no Resolve, no care list, no observations drawer.
  await expect(page.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close Follow-up' }).tap();
  const drawer = page.getByRole('dialog', { name: 'Close this follow-up' });
  await expect(drawer).toBeVisible();
  await expect(page.getByText('Select all care provided')).toHaveCount(0);
  const submit = drawer.getByRole('button', { name: 'Close Follow-up' });
  await expect(submit).toBeDisabled();
  await drawer.getByRole('checkbox', { name: 'Assessed the resident' }).tap();
  await drawer.getByRole('checkbox', { name: 'Called the family' }).tap();
  await drawer.getByRole('textbox', { name: 'Follow-up note (optional)' }).fill('Barrier cream applied');
  // The whole form fits the phone: the button is on the screen, not below it.
  await expect(submit).toBeInViewport({ ratio: 1 });
  await expect(submit).toBeEnabled();
  await submit.tap();

  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Any new changes to escalate to Nurse?')).toHaveCount(0);
  const closed = page.getByTestId('follow-up-closed');
  await expect(closed.getByText('Followed up by Nora Patel')).toBeVisible();
  await expect(closed.getByText('Assessed the resident')).toBeVisible();
  await expect(closed.getByText('Called the family')).toBeVisible();
  await expect(closed.getByText('Barrier cream applied')).toBeVisible();
  // The caregiver's note stays on the closed observation.
  await expect(observation.getByText(note, { exact: false })).toBeVisible();

  // Closed as a follow-up, and no new escalation raised by the nurse to herself.
  const after = await escalations(request, facilityId);
  expect(after.find((t) => t.id === escalation!.id)).toMatchObject({
    status: 'CLOSED_RESOLVED',
    resolutionNote: 'Barrier cream applied',
  });
  expect(after.filter((t) => t.status === 'OPEN_UNCLAIMED')).toHaveLength(0);
});
