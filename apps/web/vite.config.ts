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

const isZod = (id: string) => /[\\/]node_modules[\\/].*[\\/]zod[\\/]/.test(id);
/** A workspace package's index: it re-exports every module, so a closure through it would hold them all. */
const isBarrel = (id: string) => /[\\/]packages[\\/][^\\/]+[\\/]src[\\/]index\.ts$/.test(id);

/** The first loads' route modules (scripts/first-load.mjs measures the same). */
const SIGN_IN_ROUTE = 'src/features/authenticate/authenticate-page.tsx';
const SIGNED_IN_ROUTES = [
  'src/features/signed-in/signed-in-layout.tsx',
  'src/features/dashboard/dashboard-page.tsx',
];
/** Lazy modules loaded without the signed-in layout: what they share with it is kept apart from it. */
const OUTSIDE_THE_LAYOUT = [
  'src/features/station-display/station-display-page.tsx',
  'src/features/authenticate/auth-confirmed-page.tsx',
  'src/features/authenticate/email-sign-in.ts',
  'src/features/authenticate/logout-reason-dialog.tsx',
  'src/features/signin/signin-schemas.ts',
  'src/app/toast-container.tsx',
  'src/shared/drawers/drawer-host.tsx',
];

/** Module ids of the three first-load chunks, filled at the end of the build, read by `codeSplitting`. */
const firstLoadChunks = {
  /** Used by the sign-in page and the dashboard. */
  both: new Set<string>(),
  /** Used by the dashboard (layout and page) and by a lazy module outside the layout. */
  signedInCommon: new Set<string>(),
  /** Used by the dashboard only (and by the pages under the layout, which load it anyway). */
  signedIn: new Set<string>(),
};

/**
 * Groups the modules of the dashboard's first load into three chunks instead of ~50 small ones (decision 0447):
 * each file costs its gzip header, its import lines and a place in the entry's preload lists. Computed from
 * the module graph's static imports, not through the workspace packages' indexes (which import every module
 * before tree shaking); contract and domain modules are left to the automatic chunks.
 */
function firstLoadGroups(): Plugin {
  return {
    name: 'sage:first-load-groups',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (file: string) => {
        const id = ids.find((candidate) => candidate.endsWith(file));
        if (!id) throw new Error(`vite.config.ts: ${file} is not in the build (renamed?)`);
        return id;
      };
      const closure = (roots: string[], stop = new Set<string>()) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id) || stop.has(id) || isBarrel(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const routes = new Set([SIGN_IN_ROUTE, ...SIGNED_IN_ROUTES].map(find));
      const signIn = closure([find(SIGN_IN_ROUTE)], entry);
      const outside = closure(OUTSIDE_THE_LAYOUT.map(find), entry);
      for (const id of closure(SIGNED_IN_ROUTES.map(find), entry)) {
        // The route modules stay the router's own chunks; zod has its group.
        if (routes.has(id) || isZod(id)) continue;
        if (signIn.has(id)) firstLoadChunks.both.add(id);
        else if (outside.has(id)) firstLoadChunks.signedInCommon.add(id);
        else firstLoadChunks.signedIn.add(id);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), nanpPhoneMetadata(), firstLoadGroups()],
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
        // The first loads' modules in three chunks (firstLoadGroups above; decision 0447). Only those modules: the
        // groups do not take their dependencies along, which are the entry's or automatic chunks.
        codeSplitting: {
          groups: [
            { name: 'zod', test: isZod, priority: 10 },
            ...(
              [
                ['first-load-shared', 'both'],
                ['signed-in-common', 'signedInCommon'],
                ['signed-in', 'signedIn'],
              ] as const
            ).map(([name, key]) => ({
              name,
              test: (id: string) => firstLoadChunks[key].has(id),
              includeDependenciesRecursively: false,
            })),
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
