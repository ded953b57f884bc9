import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { authHeaders, expect, screensDir, type Tokens, test } from '../alerts/fixtures';

/** A random valid US number in E.164, away from the demo numbers (+1 415 555 01xx). */
export function randomPhoneNumber(): string {
  return `+1415${randomInt(200, 555)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** A short random tag for names this run creates. */
export const tag = (): string =>
  randomInt(0, 36 ** 5)
    .toString(36)
    .padStart(5, '0');

/** The demo manager's company, through the API (what the Select a company drawer lists). */
export async function demoCompany(request: APIRequestContext, manager: Tokens) {
  const res = await request.get('/admin/api/v1/enterprises', { headers: authHeaders(manager) });
  expect(res.status()).toBe(200);
  const [company] = (await res.json()) as { id: string; name: string; facilityCount: number }[];
  if (!company) throw new Error('The demo manager sees no company');
  return company;
}

export { authHeaders, expect, screensDir, test };
