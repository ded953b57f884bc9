import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against a running stack (the global setup starts it). Chromium comes from the system
 * (Debian's package): Playwright cannot download browsers on these machines.
 */
export default defineConfig({
  testDir: '.',
  // Browser specs only: system/*.int.test.ts are vitest's (vitest.config.ts).
  testMatch: /\.spec\.ts$/,
  globalSetup: './stack/global-setup.ts',
  reporter: 'list',
  workers: 2,
  // Two Chromiums, the API, the worker and PostgreSQL share 2 vCPUs in CI: on the slowest machine measured
  // (AMD EPYC family 26) a page's first load (its chunks, its messages, its reads) once took over Playwright's
  // 5 s default. Waits for a state that comes without a timer get 10 s; a test still fails when it never comes.
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3000',
    // Notifications allowed up front, as on a phone set up for alerts: otherwise the Allow notifications
    // drawer (permission 'default') covers every signed-in page. The push spec starts without it.
    permissions: ['notifications'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Sign-in codes are rate-limited per number (one per 30 s): the sign-in specs, which type the demo
  // caregiver's number into the login page, run first; the others then sign in once through the API
  // (waiting out the limit if they must) and share that session.
  projects: [
    {
      name: 'signin',
      testMatch: /auth\/.*\.spec\.ts/,
      use: { browserName: 'chromium', viewport: { width: 360, height: 740 } },
    },
    {
      name: 'chromium',
      testIgnore: /auth\/.*\.spec\.ts/,
      dependencies: ['signin'],
      use: { browserName: 'chromium', viewport: { width: 360, height: 740 } },
    },
  ],
});
