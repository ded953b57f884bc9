import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
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

const NANP_METADATA_ID = 'virtual:nanp-phone-metadata';

/**
 * libphonenumber-js's 'min' metadata cut to the North American numbering plan (calling code 1), the only
 * numbers the app accepts (sign-in doc section 5): about 2 kB gzipped instead of 19 kB on the sign-in page's
 * first load (docs/decisions/0382). Made from the installed package at build time, so it follows its updates.
 */
function nanpPhoneMetadata(): Plugin {
  return {
    name: 'sage:nanp-phone-metadata',
    resolveId: (id) => (id === NANP_METADATA_ID ? `\0${NANP_METADATA_ID}` : null),
    load(id) {
      if (id !== `\0${NANP_METADATA_ID}`) return null;
      const file = createRequire(import.meta.url).resolve('libphonenumber-js/metadata.min.json');
      const full = JSON.parse(readFileSync(file, 'utf8'));
      const nanp: string[] = full.country_calling_codes['1'];
      const metadata = {
        version: full.version,
        country_calling_codes: { 1: nanp },
        countries: Object.fromEntries(nanp.map((country) => [country, full.countries[country]])),
        nonGeographic: {},
      };
      return `export default ${JSON.stringify(metadata)};`;
    },
  };
}

export default defineConfig({
  plugins: [react(), nanpPhoneMetadata()],
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
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z', 'zText', 'zDate'] },
      output: {
        // zod in a chunk of its own, so that it is fetched only by the code that parses with a schema, not by
        // whatever module it would otherwise share a chunk with (the API client; docs/decisions/0384).
        codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/].*[\\/]zod[\\/]/ }] },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
