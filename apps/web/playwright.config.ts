import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against a running stack (the global setup starts it). Chromium comes from the system
 * (Debian's package): Playwright cannot download browsers on these machines.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  reporter: 'list',
  workers: 2,
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3000',
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
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium', viewport: { width: 360, height: 740 } },
    },
  ],
});
