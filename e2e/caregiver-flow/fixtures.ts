import { test as base, type Page } from '@playwright/test';
import { signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';

export { expect } from '@playwright/test';
export { pressButton } from '../alerts/fixtures';

/**
 * Emily Chen (demo seed, staff 5): a caregiver of Assisted Living whom no other spec signs in, so this
 * folder's sign-in never waits on another's code limit.
 */
export const EMILY = '+14155550105';

/** Assisted-living pendants no other spec presses (one unit each: a unit's press confirms care there). */
export const PENDANTS = {
  drawers: 'PENDANT-0015', // AL 110
  journey: 'PENDANT-0019', // AL 113
} as const;

/** The 360 x 740 touch phone of the issue. */
export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true } as const;

/** Signed in as Emily once per worker (through the API), each page with her session. */
export const test = base.extend<{ emilyPage: Page }, { emily: Tokens }>({
  emily: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const tokens = await signInThroughApi(request, EMILY);
      await request.dispose();
      await use(tokens);
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  emilyPage: async ({ page, emily }, use) => {
    await useSession(page, emily);
    await use(page);
  },
});
