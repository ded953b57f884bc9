import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { authHeaders, expect, type Tokens } from '../alerts/fixtures';

/**
 * A caregiver invited into the demo community's CareStaff group for one test (a number of their own), so the demo
 * caregiver the other specs share keeps its language. `language` as the manager's staff form sets it.
 */
export async function inviteCaregiver(
  request: APIRequestContext,
  manager: Tokens,
  {
    firstName = 'Lucia',
    lastName = 'Idioma',
    language,
  }: { firstName?: string; lastName?: string; language?: 'en' | 'es' } = {},
) {
  const headers = authHeaders(manager);
  const profiles = (await (await request.get('/admin/api/v1/staff/profiles', { headers })).json()) as {
    facilities: { id: string }[];
  }[];
  const facilityId = profiles[0]?.facilities[0]?.id ?? '';
  const groups = (await (
    await request.get(`/admin/api/v1/groups?facilityId=${facilityId}`, { headers })
  ).json()) as { id: string; type: string }[];
  const careStaff = groups.find((g) => g.type === 'CareStaff');
  expect(careStaff, 'a CareStaff group in the demo community').toBeDefined();
  const tag = `${randomInt(100_000, 1_000_000)}`;
  const phoneNumber = `+1415${randomInt(200, 555)}${randomInt(1000, 10_000)}`;
  const created = await request.post('/admin/api/v1/staff', {
    headers,
    data: {
      facilityId,
      firstName,
      lastName: `${lastName}-${tag}`,
      phoneNumber,
      groupIds: [careStaff?.id],
      ...(language ? { language } : {}),
    },
  });
  expect(created.ok(), `invite: ${created.status()} ${await created.text()}`).toBe(true);
  const person = (await created.json()) as { id: string; firstName: string; lastName: string };
  return { ...person, phoneNumber, name: `${person.firstName} ${person.lastName}` };
}
