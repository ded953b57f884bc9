import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The API process (apps/api) in development. */
const API_ORIGIN = 'http://localhost:3000';

/**
 * Paths served by the API process. Keys starting with '^' are regular expressions: each prefix must be
 * followed by '/', '?' or the end of the path, so app routes such as /devices/... or /auth_confirmed are not proxied.
 */
const API_PREFIXES = [
  'admin',
  'auth',
  'care',
  'insights',
  'messageorchestration',
  'gamification',
  'deviceaudit',
  'locationquery',
  'tabularrecord',
  'dev',
  'docs',
  'healthz',
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      [`^/(${API_PREFIXES.join('|')})(/|\\?|$)`]: { target: API_ORIGIN },
      '^/live(/|\\?|$)': { target: API_ORIGIN, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-bundle.mjs reads it to measure each first load against its budget (docs/decisions/0380).
    manifest: true,
    rolldownOptions: { experimental: { chunkOptimization: { mergeCommonChunks: false } } },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
