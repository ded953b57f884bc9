import { test as base, type Page } from '@playwright/test';
import { sessionFixture, type Tokens, useSession } from '../alerts/fixtures';

export { expect } from '@playwright/test';
export { authHeaders } from '../alerts/fixtures';

/**
 * Demo staff no other spec signs in (sign-in codes are rate-limited per number): Angela Russo (Management and
 * Nurse/MedTech, staff 11), Kevin O'Brien (Med Tech, staff 10) and Tyler Jackson (caregiver, memory care, 6).
 */
export const STAFF = {
  manager: '+14155550111',
  nurse: '+14155550110',
  caregiver: '+14155550106',
} as const;

/** The demo community's time zone (packages/db seed). */
export const FACILITY_TIME_ZONE = 'America/Chicago';

export const test = base.extend<
  { managerPage: Page; nursePage: Page },
  { manager: Tokens; nurse: Tokens; caregiver: Tokens }
>({
  manager: sessionFixture('tasks-manager', STAFF.manager),
  nurse: sessionFixture('tasks-nurse', STAFF.nurse),
  caregiver: sessionFixture('tasks-caregiver', STAFF.caregiver),
  managerPage: async ({ page, manager }, use) => {
    await useSession(page, manager);
    await use(page);
  },
  nursePage: async ({ page, nurse }, use) => {
    await useSession(page, nurse);
    await use(page);
  },
});
