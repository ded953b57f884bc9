import { defineConfig } from 'vitest/config';

// The system tests (system/): the API and the worker together on a real PostgreSQL. The browser specs
// (*.spec.ts) are Playwright's (playwright.config.ts).
export default defineConfig({
  test: {
    include: ['system/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
