// Lighthouse 12, mobile preset (its default: a Moto G Power-sized screen, simulated slow 4G and 4x CPU slowdown),
// on the sign-in page and on the dashboard signed in, against the production build of the web app served by the
// real stack (the API process serving apps/web/dist, the worker, a fresh database with the demo data). Issue #32's
// goal: 95 or more in every category on both pages, three runs (docs/benchmarks.md, decision 0625).
//
//   pnpm --filter @sage/web build            # the build it serves (or WEB_DIST_DIR=<a build>)
//   flock /tmp/sage-heavy.lock pnpm bench:lighthouse [--runs 3]
//
// Prints each run's category scores (and the performance metrics that weigh most), the CPU model and the load
// average before and after each run, then the median and the worst of each category per page. Lighthouse's
// performance score is a measure of this machine's CPU at that moment: under load (a shared machine) it is low,
// and the load average printed beside it says how busy the machine was. Exits 1 when a page is under the goal in
// any category on its median, so `--check` runs can be told apart from measurements only by reading.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { DEMO, seedDemo } from '@sage/db/seed';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { openSessionToken } from '../../apps/api/src/modules/auth/sessions/open-session';
import { cpuModel } from './cpu';
import {
  benchDatabase,
  boundedFlag,
  exitWithCode,
  freePort,
  startAppProcess,
  stop,
  waitForHealth,
} from './lib';

process.env.TEST_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';

const root = path.resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const RUNS = boundedFlag('runs', flag('--runs') ?? '3', 1, 20, { integer: true });
/** `--report-dir DIR`: each run's whole Lighthouse report (JSON) is written there, for its diagnostics. */
const REPORT_DIR = flag('--report-dir');
const GOAL = 95;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The metrics printed beside the performance score (the ones it weighs most). */
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

interface Run {
  scores: Record<Category, number>;
  metrics: string;
  loadBefore: string;
  loadAfter: string;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build of the web app at ${dist}: run \`pnpm --filter @sage/web build\` first.`);
  process.exit(1);
}

const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;
const db = await benchDatabase(undefined, { max: 3 });

/** One Lighthouse run in a fresh Chromium (its own profile: nothing cached from an earlier run). */
async function runOnce(
  url: string,
  session: { token: string; staffMemberId: string } | null,
  reportName: string,
): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    };
    if (session) {
      // Signed in as the web app is after sign-in: the session in the origin's localStorage (as the browser
      // tests do), written from a page of the origin that loads none of the app; the cache is then emptied
      // (Lighthouse's own storage reset, which would also remove the session, is turned off for this run).
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/healthz', url).toString());
      await page.evaluate((s) => {
        localStorage.setItem('sage.accessToken', s.token);
        localStorage.setItem('sage.staffMemberId', s.staffMemberId);
      }, session);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      await browser.disconnect();
      flags.disableStorageReset = true;
    }
    const loadBefore = load();
    const result = await lighthouse(url, flags);
    const loadAfter = load();
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(path.join(REPORT_DIR, `${reportName}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalUrl = lhr.finalDisplayedUrl;
    if (session && !finalUrl.endsWith('/dashboard')) throw new Error(`Not signed in: ended at ${finalUrl}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const metrics = METRICS.map(([id, name]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ');
    return { scores, metrics, loadBefore, loadAfter };
  } finally {
    await chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

await exitWithCode(async () => {
  let api: ReturnType<typeof startAppProcess> | null = null;
  let worker: ReturnType<typeof startAppProcess> | null = null;
  try {
    await seedDemo(db.prisma);
    const [port, ingestPort] = [await freePort(), await freePort()];
    api = startAppProcess('apps/api/src/server.ts', {
      DATABASE_URL: db.url,
      PORT: String(port),
      JWT_SECRET,
      LIVE_BUS_URL: '',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    });
    worker = startAppProcess('apps/worker/src/main.ts', {
      DATABASE_URL: db.url,
      INGEST_PORT: String(ingestPort),
    });
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, 60_000);
    await waitForHealth(`http://127.0.0.1:${ingestPort}/healthz`, 60_000);
    const base = `http://127.0.0.1:${port}`;
    const caregiver = await db.prisma.staffMember.findUniqueOrThrow({
      where: { phoneNumber: DEMO.phones.caregiver },
      select: { id: true },
    });
    const { token } = await openSessionToken(db.prisma, caregiver.id, JWT_SECRET, 3600);
    const session = { token, staffMemberId: caregiver.id };

    console.log(`Lighthouse 12, mobile preset; ${RUNS} runs a page; web build ${dist}`);
    console.log(`CPU: ${cpuModel()}; load average (1, 5, 15 min) at start: ${load()}`);
    const pages = [
      { name: 'sign-in', url: `${base}/authenticate`, session: null },
      { name: 'dashboard', url: `${base}/dashboard`, session },
    ];
    const below: string[] = [];
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 1; i <= RUNS; i++) {
        const run = await runOnce(page.url, page.session, `${page.name}-${i}`);
        runs.push(run);
        const scores = CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(', ');
        console.log(
          `${page.name} run ${i}: ${scores} | ${run.metrics} | load ${run.loadBefore} -> ${run.loadAfter}`,
        );
      }
      for (const c of CATEGORIES) {
        const values = runs.map((r) => r.scores[c]);
        const m = median(values);
        const worst = Math.min(...values);
        const verdict = m >= GOAL ? 'met' : 'NOT met';
        console.log(
          `${page.name} ${c}: median ${m}, worst ${worst} (goal ${GOAL}: ${verdict} on the median)`,
        );
        if (m < GOAL) below.push(`${page.name} ${c}`);
      }
    }
    console.log(`load average at the end: ${load()}`);
    if (below.length) {
      console.log(`under the goal: ${below.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    if (worker) await stop(worker);
    if (api) await stop(api);
    await db.drop();
  }
});
