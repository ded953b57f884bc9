import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Plugin, runnerImport } from 'vite';
import { defineConfig } from 'vitest/config';
import { isZodSchema, replyShapeOf, replyShapesModule } from './src/shared/api/reply-shape-of.ts';

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

const REPLY_SHAPES_ID = 'virtual:reply-shapes';
const REPLY_SHAPE_PREFIX = 'virtual:reply-shape/';

/**
 * The contract's reply schemas as plain data for `checkReply` (docs/decisions/0471): `virtual:reply-shape/<name>`
 * is the shape of `@sage/contract`'s export `<name>`, written at build time from the schema itself, so the
 * page checks replies without zod. A schema the shapes cannot express exactly fails the build, naming the path.
 * All shapes are one module (`virtual:reply-shapes`) so that a part shared by several replies is one constant.
 */
function replyShapes(): Plugin {
  // The contract is TypeScript: loaded through Vite's module runner, as the app itself imports it.
  let loading: Promise<Record<string, unknown>> | undefined;
  const loadContract = () => {
    loading ??= runnerImport<Record<string, unknown>>(
      createRequire(import.meta.url).resolve('@sage/contract'),
      {
        configFile: false,
        logLevel: 'error',
      },
    ).then((result) => result.module);
    return loading;
  };
  let allShapes: string | undefined;
  return {
    name: 'sage:reply-shapes',
    resolveId: (id) => (id === REPLY_SHAPES_ID || id.startsWith(REPLY_SHAPE_PREFIX) ? `\0${id}` : null),
    async load(id) {
      if (id === `\0${REPLY_SHAPES_ID}`) {
        allShapes ??= replyShapesModule(await loadContract());
        return allShapes;
      }
      if (!id.startsWith(`\0${REPLY_SHAPE_PREFIX}`)) return null;
      const name = id.slice(`\0${REPLY_SHAPE_PREFIX}`.length);
      const schema: unknown = (await loadContract())[name];
      if (!isZodSchema(schema)) this.error(`${name} is not a zod schema exported by @sage/contract`);
      replyShapeOf(schema, name);
      return `export { ${name} as default } from '${REPLY_SHAPES_ID}';`;
    },
  };
}

const MESSAGES_PREFIX = 'virtual:messages/';
/** The task titles' matcher (decision 0555): loaded for a reader of another language than English. */
const TITLE_MATCHER_ID = 'virtual:title-matcher';
/** The API errors' localizer (decision 0730): loaded for a reader of another language when a request fails. */
const API_ERROR_MATCHER_ID = 'virtual:api-error-matcher';
/** The device trouble titles' localizer (decision 0750): loaded for a reader of another language with such a title. */
const TROUBLE_TITLE_MATCHER_ID = 'virtual:trouble-title-matcher';

/**
 * One language's namespace of @sage/i18n's catalogue, compiled at build time by messageformat into plain
 * functions (`virtual:messages/<language>/<namespace>`): the page carries no ICU parser, and a language's
 * messages load with it, never both (docs/decisions/0550).
 */
function compiledMessages(): Plugin {
  let loading: Promise<Record<string, Record<string, Record<string, string>>>> | undefined;
  const loadCatalogues = () => {
    loading ??= runnerImport<{ CATALOGUES: Record<string, Record<string, Record<string, string>>> }>(
      createRequire(import.meta.url).resolve('@sage/i18n/catalogue'),
      { configFile: false, logLevel: 'error' },
    ).then((result) => result.module.CATALOGUES);
    return loading;
  };
  return {
    name: 'sage:compiled-messages',
    resolveId: (id) =>
      id.startsWith(MESSAGES_PREFIX) ||
      id === TITLE_MATCHER_ID ||
      id === API_ERROR_MATCHER_ID ||
      id === TROUBLE_TITLE_MATCHER_ID
        ? `\0${id}`
        : null,
    async load(id) {
      if (id === `\0${API_ERROR_MATCHER_ID}`) {
        const { en } = await loadCatalogues();
        return [
          "import { templateMatcher } from '@sage/i18n/template-matching';",
          "import { apiErrorLocalizer } from '@sage/i18n/api-error-matching';",
          `export default apiErrorLocalizer(templateMatcher(${JSON.stringify(en?.apiErrors)}), ${JSON.stringify(en?.status)});`,
        ].join('\n');
      }
      if (id === `\0${TROUBLE_TITLE_MATCHER_ID}`) {
        // As the task titles' matcher: the English templates as data, so the English catalogue is not loaded.
        const { en } = await loadCatalogues();
        return [
          "import { troubleTitleLocalizer } from '@sage/i18n/trouble-title-matching';",
          `export default troubleTitleLocalizer(${JSON.stringify(en?.troubleTitles)});`,
        ].join('\n');
      }
      if (id === `\0${TITLE_MATCHER_ID}`) {
        // The task titles' matcher made from the English templates as data, in one module (one file fetched)
        // with its code: a reader of another language loads neither the English catalogue nor the contract.
        const { en } = await loadCatalogues();
        return [
          "import { titleMatcher } from '@sage/i18n/title-matching';",
          `export default titleMatcher(${JSON.stringify(en?.titles)}, ${JSON.stringify(en?.observation)});`,
        ].join('\n');
      }
      if (!id.startsWith(`\0${MESSAGES_PREFIX}`)) return null;
      const [language, namespace] = id.slice(`\0${MESSAGES_PREFIX}`.length).split('/');
      const messages = (await loadCatalogues())[language ?? '']?.[namespace ?? ''];
      if (!language || !messages) this.error(`No messages ${language}/${namespace} in @sage/i18n`);
      const [{ default: MessageFormat }, { default: compileModule }] = await Promise.all([
        import('@messageformat/core'),
        // The package's own folder export has no types; its lib file is the same module with them.
        import('@messageformat/core/lib/compile-module.js'),
      ]);
      return compileModule(new MessageFormat(language), messages);
    },
  };
}

/** A reply check (`*-checks.ts`, the live frames' reader), its reader (`reply-shape.ts`) or the shapes. */
const isReplyCheck = (id: string) =>
  /[\\/]src[\\/](features[\\/].*-checks|features[\\/]live[\\/]live-messages|shared[\\/]api[\\/]reply-shape)\.ts$/.test(
    id,
  ) ||
  id.startsWith(`\0${REPLY_SHAPES_ID}`) ||
  id.startsWith(`\0${REPLY_SHAPE_PREFIX}`);
const isTitleMatching = (id: string) =>
  /[\\/]packages[\\/]i18n[\\/]src[\\/](title|template)-matching\.ts$/.test(id);
const isZod = (id: string) => /[\\/]node_modules[\\/].*[\\/]zod[\\/]/.test(id);
/** A workspace package's index: it re-exports every module, so a closure through it would hold them all. */
const isBarrel = (id: string) => /[\\/]packages[\\/][^\\/]+[\\/]src[\\/]index\.ts$/.test(id);

/** A module of imports and re-exports only (a package's index). */
function reexportsOnly(code: string | null): boolean {
  if (code === null) return false;
  const statements = code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').split(';');
  return statements.every((statement) =>
    /^\s*(import\b[\s\S]*|export\s*(\*|\{)[\s\S]*\bfrom\s*["'][^"']+["']\s*|export\s*\{[^}]*\}\s*)?$/.test(
      statement,
    ),
  );
}

const sideEffectsByPackage = new Map<string, unknown>();
/**
 * Whether the build keeps `id` when nothing it exports is used, by its package's `sideEffects` field (Rolldown's
 * module info does not say): false for @sage/contract, @sage/domain and Mantine, true for the web app's own.
 */
function keptWhenUnused(id: string): boolean {
  let folder = path.dirname(id);
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) return true;
    folder = parent;
  }
  if (!sideEffectsByPackage.has(folder)) {
    const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    sideEffectsByPackage.set(folder, manifest.sideEffects);
  }
  const sideEffects = sideEffectsByPackage.get(folder);
  if (sideEffects === false) return false;
  // Globs such as Mantine's ['*.css']: by extension only (what the packages here use).
  if (Array.isArray(sideEffects)) {
    return sideEffects.some(
      (glob) => typeof glob === 'string' && glob.startsWith('*.') && id.endsWith(glob.slice(1)),
    );
  }
  return true;
}

/** The names each `import { ... } from` / `export { ... } from` statement of `code` takes, by specifier. */
function namedImports(code: string): Map<string, string[] | null> {
  const bySpecifier = new Map<string, string[] | null>();
  const add = (specifier: string, names: string[] | null) => {
    const known = bySpecifier.get(specifier);
    bySpecifier.set(specifier, known === null || names === null ? null : [...(known ?? []), ...names]);
  };
  for (const match of code.matchAll(/\b(import|export)\s*([^'";]*?)\s*from\s*["']([^"']+)["']/g)) {
    const clause = match[2] ?? '';
    const braces = /^(?:type\s+)?\{([^}]*)\}$/.exec(clause.trim());
    // A default or namespace import (or `export *`): the whole module, as before.
    if (!braces) {
      add(match[3] as string, null);
      continue;
    }
    const names = (braces[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '',
      )
      .filter((name) => name !== '' && !/^type\b/.test(name));
    add(match[3] as string, names);
  }
  return bySpecifier;
}

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
  'src/features/signin/signin-checks.ts',
  'src/app/toast-container.tsx',
  'src/shared/drawers/drawer-host.tsx',
];

/** Module ids of the three first-load chunks, filled at the end of the build, read by `codeSplitting`. */
const firstLoadChunks = {
  /** Imported statically by the entry (main.tsx): every first load's, before anything renders. */
  entry: new Set<string>(),
  /** Used by the sign-in page and the dashboard. */
  both: new Set<string>(),
  /** Used by the dashboard (layout and page) and by a lazy module outside the layout. */
  signedInCommon: new Set<string>(),
  /** Used by the dashboard only (and by the pages under the layout, which load it anyway). */
  signedIn: new Set<string>(),
  /** The bottom sheet's code (drawer-host.tsx and what it imports beyond the first loads), fetched with a drawer. */
  drawerHost: new Set<string>(),
};

/** The three chunks' names, by the set of modules each holds. */
const FIRST_LOAD_GROUPS = [
  ['first-load-entry', 'entry'],
  ['first-load-shared', 'both'],
  ['signed-in-common', 'signedInCommon'],
  ['signed-in', 'signedIn'],
  ['drawer-host', 'drawerHost'],
] as const;
const FIRST_LOAD_GROUP_NAMES = FIRST_LOAD_GROUPS.map(([name]) => name as string);

/**
 * Groups the modules of the dashboard's first load into three chunks instead of ~50 small ones (decision 0447):
 * each file costs its gzip header, its import lines and a place in the entry's preload lists. Computed from
 * the module graph's static imports. Through a package's index (`@sage/contract`, `@sage/domain`, Mantine's),
 * which imports every module of the package before tree shaking, the walk follows only the modules that declare
 * the names imported, and only for packages whose unused modules the build drops (`sideEffects`); contract
 * schema modules (those importing zod) are left to the automatic chunks (decision 0466).
 */
function firstLoadGroups(): Plugin {
  return {
    name: 'sage:first-load-groups',
    async buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (file: string) => {
        const id = ids.find((candidate) => candidate.endsWith(file));
        if (!id) throw new Error(`vite.config.ts: ${file} is not in the build (renamed?)`);
        return id;
      };
      const infos = new Map(ids.map((id) => [id, this.getModuleInfo(id)]));
      const info = (id: string) => infos.get(id);
      // Followed by the names taken from them only where the build drops the modules whose names are unused.
      const barrels = new Set(
        ids.filter((id) => isBarrel(id) || (reexportsOnly(info(id)?.code ?? null) && !keptWhenUnused(id))),
      );
      const resolveIn = async (importer: string, specifier: string) =>
        (await this.resolve(specifier, importer))?.id;
      /** The modules each module re-exports whole (`export * from`): their names are not in its `exports`. */
      const starExports = new Map<string, string[]>();
      for (const id of ids) {
        const code = info(id)?.code;
        if (!code?.includes('export *')) continue;
        const stars: string[] = [];
        for (const match of code.matchAll(/\bexport\s*\*\s*from\s*["']([^"']+)["']/g)) {
          const resolved = await resolveIn(id, match[1] as string);
          if (resolved) stars.push(resolved);
        }
        starExports.set(id, stars);
      }
      /** The module that declares `name`, found down the modules that re-export it from `from`. */
      const declaring = (from: string, name: string, depth = 0): string | undefined => {
        if (depth > 10) return undefined;
        const named = info(from)?.importedIds.find((id) => info(id)?.exports.includes(name));
        if (named) return declaring(named, name, depth + 1) ?? named;
        for (const star of starExports.get(from) ?? []) {
          const found = declaring(star, name, depth + 1);
          if (found) return found;
        }
        return undefined;
      };
      /** For each module, the modules declaring the names it takes from each package index it imports. */
      const through = new Map<string, Map<string, string[]>>();
      for (const id of ids) {
        const module = info(id);
        if (!module?.code || !module.importedIds.some((imported) => barrels.has(imported))) continue;
        const byBarrel = new Map<string, string[]>();
        for (const [specifier, names] of namedImports(module.code)) {
          const resolved = await resolveIn(id, specifier);
          if (!resolved || !barrels.has(resolved) || names === null) continue;
          // A name not found (a type, or a module this walk cannot read) is left out, as the index was.
          byBarrel.set(
            resolved,
            names.flatMap((name) => declaring(resolved, name) ?? []),
          );
        }
        through.set(id, byBarrel);
      }
      const usesZod = (id: string) => info(id)?.importedIds.some(isZod) ?? false;
      const closure = (roots: string[], stop = new Set<string>(), stopAtZod = false) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id) || stop.has(id) || (stopAtZod && usesZod(id))) continue;
          seen.add(id);
          for (const imported of info(id)?.importedIds ?? []) {
            const named = through.get(id)?.get(imported);
            if (named) stack.push(...named);
            else if (!isBarrel(imported)) stack.push(imported);
          }
        }
        return seen;
      };
      const entry = closure(ids.filter((id) => info(id)?.isEntry));
      const DRAWER_HOST = 'src/shared/drawers/drawer-host.tsx';
      // What the entry imports statically, in one chunk beside it rather than the ~15 small ones the automatic
      // split made of the modules lazy chunks share with it (each a request of the first level: decision 0950).
      // The entry is index.html's script module, which imports main.tsx: both stay the entry chunk's. Contract
      // schema modules (those importing zod) are left to the automatic chunks, as below (decision 0466).
      const entries = ids.filter((id) => info(id)?.isEntry);
      const entryOwn = new Set([...entries, ...entries.flatMap((id) => info(id)?.importedIds ?? [])]);
      for (const id of closure(entries, new Set(), true)) {
        if (!entryOwn.has(id) && !isZod(id)) firstLoadChunks.entry.add(id);
      }
      const routes = new Set([SIGN_IN_ROUTE, ...SIGNED_IN_ROUTES].map(find));
      const signIn = closure([find(SIGN_IN_ROUTE)], entry, true);
      const outside = closure(OUTSIDE_THE_LAYOUT.map(find), entry, true);
      for (const id of closure(SIGNED_IN_ROUTES.map(find), entry, true)) {
        // The route modules stay the router's own chunks; zod has its group.
        if (routes.has(id) || isZod(id)) continue;
        if (signIn.has(id)) firstLoadChunks.both.add(id);
        else if (outside.has(id)) firstLoadChunks.signedInCommon.add(id);
        else firstLoadChunks.signedIn.add(id);
      }
      // The bottom sheet's ~12 small chunks (Mantine's Drawer, focus trap, portal, scroll area, floating UI...) in
      // one: the first drawer of a load waited for them a level of requests after its opening (decision 0950).
      const firstLoads = new Set([...entry, ...closure([...routes], entry, true)]);
      for (const id of closure([find(DRAWER_HOST)], firstLoads, true)) {
        if (!isZod(id) && !firstLoadChunks.entry.has(id) && !firstLoadChunks.both.has(id)) {
          if (!firstLoadChunks.signedInCommon.has(id) && !firstLoadChunks.signedIn.has(id))
            firstLoadChunks.drawerHost.add(id);
        }
      }
    },
    // A module the walk above missed could put a group in a cycle of static imports (the entry importing a
    // group that imports the entry), whose order of evaluation is not the modules' own: fail the build instead.
    generateBundle(_options, bundle) {
      const groups = new Set(FIRST_LOAD_GROUP_NAMES);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !groups.has(chunk.name)) continue;
        const seen = new Set<string>();
        const stack = [...chunk.imports];
        while (stack.length > 0) {
          const file = stack.pop() as string;
          if (file === chunk.fileName) {
            this.error(
              `vite.config.ts: the ${chunk.name} chunk imports itself through other chunks (${[...seen].join(', ')})`,
            );
          }
          const next = bundle[file];
          if (seen.has(file) || next?.type !== 'chunk') continue;
          seen.add(file);
          stack.push(...next.imports);
        }
      }
    },
  };
}

/**
 * The sign-in page written into HTML at build time, one file per language (`authenticate.<language>.html`, decision
 * 0900): the built index.html with the page's first render (src/features/authenticate/sign-in-html.tsx) in its
 * #root. The API serves it at /authenticate in the reader's language, so the form is painted from the HTML and the
 * stylesheet before any script has run; every other address keeps the empty index.html (a signed-in reload must not
 * show a sign-in form). Rendered from the page's own components, so the two cannot drift apart.
 */
function prerenderedSignIn(): Plugin {
  let outDir = '';
  return {
    name: 'sage:prerendered-sign-in',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const root = '<div id="root"></div>';
      const html = '<html lang="en">';
      if (!index.includes(root) || !index.includes(html))
        throw new Error(`vite.config.ts: index.html has no ${root} or ${html}`);
      const { module } = await runnerImport<{
        signInPages: () => { language: string; localeTag: string; html: string }[];
      }>(path.join(import.meta.dirname, 'src/features/authenticate/sign-in-html.tsx'), {
        root: import.meta.dirname,
        logLevel: 'error',
        plugins: [react(), nanpPhoneMetadata(), replyShapes(), compiledMessages()],
      });
      // The stylesheet in the page itself: a linked one shares the slow link with the scripts, and the first paint
      // waited for it (decision 0900). Its rules, not its address, so the app's later chunks see no link to it and
      // may fetch it again (the same rules twice, harmless).
      const links = [...index.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)">/g)];
      if (links.length !== 1)
        throw new Error(`vite.config.ts: index.html has ${links.length} stylesheets, not 1`);
      const [link, href] = links[0] as unknown as [string, string];
      const css = readFileSync(path.join(outDir, href), 'utf8');
      if (css.includes('</style')) throw new Error(`vite.config.ts: ${href} cannot be inlined`);
      for (const page of module.signInPages()) {
        writeFileSync(
          path.join(outDir, `authenticate.${page.language}.html`),
          index
            .replace(html, `<html lang="${page.localeTag}" data-mantine-color-scheme="light">`)
            .replace(link, () => `<style>${css}</style>`)
            .replace(root, () => `<div id="root">${page.html}</div>`),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    nanpPhoneMetadata(),
    replyShapes(),
    compiledMessages(),
    firstLoadGroups(),
    prerenderedSignIn(),
  ],
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
            // The reply checks and their shapes (docs/decisions/0471): one file, fetched with the first API call.
            { name: 'reply-checks', test: isReplyCheck, includeDependenciesRecursively: false },
            // The matching of English texts with the task titles' matcher (a Spanish reader's dashboard loads it):
            // the API errors' localizer (decision 0730) imports it from there, not from a third small chunk.
            { name: 'title-matcher', test: isTitleMatching, includeDependenciesRecursively: false },
            ...FIRST_LOAD_GROUPS.map(([name, key]) => ({
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
    // As the other packages': a test's first import of a lazy module (a drawer, the reply checks) transforms its
    // whole graph, which took 5-8 s on a loaded 2-core machine (vitest's default limit is 5 s). Hangs still fail.
    testTimeout: 30_000,
  },
});
