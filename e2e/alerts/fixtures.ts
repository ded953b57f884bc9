import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
  type WorkerFixture,
} from '@playwright/test';

/** Demo data (packages/db seed) the alert tests rely on. */
export const DEMO = {
  caregiverPhone: '+14155550101',
  managerPhone: '+14155550100',
  gatewayKey: 'dev-gateway-key',
} as const;

/**
 * Pendants of assisted-living residents, one unit each, so that a press in one test never confirms care in
 * another (a wall button of the unit confirms care too). AL 101 is Margaret Thompson.
 */
export const PENDANTS = {
  mainFlow: 'PENDANT-0001', // AL 101, Margaret Thompson
  timeout: 'PENDANT-0003', // AL 102
  twoContexts: 'PENDANT-0006', // AL 104
  note: 'PENDANT-0009', // AL 106
  testAlert: 'PENDANT-0013', // AL 109
  meanwhile: 'PENDANT-0012', // AL 108
  /** The fall sensor of MC 203 and that unit's wall button. */
  fallSensor: 'FALL-0001',
  fallSensorUnitWallButton: 'WALL-MC203',
} as const;

export const ingestUrl = (): string => {
  const port = process.env.E2E_INGEST_PORT ?? '3111';
  return `http://127.0.0.1:${port}/ingest/api/v1/events`;
};

/** A device press as the facility gateway sends it (a fresh eventId each time). */
export async function pressButton(
  request: APIRequestContext,
  hardwareId: string,
  type: 'BUTTON_PRESS' | 'FALL_DETECTED' = 'BUTTON_PRESS',
): Promise<void> {
  const response = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': DEMO.gatewayKey },
    data: { eventId: randomUUID(), hardwareId, type, timestamp: new Date().toISOString() },
  });
  expect(response.status()).toBe(202);
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  staffMemberId: string;
}

/** Signs in through the API: passwordless start, the code from the dev outbox, verify. */
export async function signInThroughApi(request: APIRequestContext, phoneNumber: string): Promise<Tokens> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const startedAt = new Date(Date.now() - 1_000).toISOString();
    const start = await request.post('/auth/api/v1/passwordless/start', { data: { phoneNumber } });
    if (start.status() === 429) {
      // A code was sent moments ago (another test signing in): wait as told, then ask again.
      const { retryAfterSeconds = 30 } = (await start.json()) as { retryAfterSeconds?: number };
      // The per-number limit asks for 30 s at most; a longer wait is the per-address limit: say so at once.
      expect(
        retryAfterSeconds,
        `sign-in codes for ${phoneNumber} refused for ${retryAfterSeconds} s`,
      ).toBeLessThanOrEqual(31);
      await new Promise((resolve) => setTimeout(resolve, (retryAfterSeconds + 1) * 1_000));
      continue;
    }
    expect(start.ok(), `passwordless/start: ${start.status()} ${await start.text()}`).toBe(true);
    let code: string | undefined;
    await expect
      .poll(
        async () => {
          const res = await request.get(`/dev/api/v1/outbox?to=${encodeURIComponent(phoneNumber)}`);
          const [newest] = (await res.json()) as { body: string; createdAt: string }[];
          if (!newest || newest.createdAt < startedAt) return null;
          code = newest.body.match(/\b(\d{6})\b/)?.[1];
          return code ?? null;
        },
        { timeout: 10_000 },
      )
      .not.toBeNull();
    const verify = await request.post('/auth/api/v1/passwordless/verify', { data: { phoneNumber, code } });
    // Another test may have asked for a code for the same number meanwhile: ask again.
    if (verify.ok()) return (await verify.json()) as Tokens;
  }
  throw new Error(`Could not sign in ${phoneNumber}`);
}

/**
 * Puts the session into the page's localStorage (before any script of the app runs). Without its refresh
 * token: sessions are shared by many pages (and by the test process), and refresh tokens rotate, so a second
 * holder refreshing would be a reuse that ends the session for all of them at once (decision 0130), as a
 * page on a fake clock did. The access token outlives the run (the stack's three-hour TTL, e2e/stack/serve.ts);
 * the page never refreshes.
 */
export async function useSession(page: Page, tokens: Tokens): Promise<void> {
  await page.addInitScript((t) => {
    localStorage.setItem('sage.accessToken', t.accessToken);
    localStorage.removeItem('sage.refreshToken');
    localStorage.setItem('sage.staffMemberId', t.staffMemberId);
  }, tokens);
}

export const authHeaders = (tokens: Tokens) => ({
  authorization: `Bearer ${tokens.accessToken}`,
  'x-sage-profile-rid': tokens.staffMemberId,
});

/**
 * Signs in through the API (signInThroughApi) and reads the time zone of the person's first facility: for specs in a
 * community whose clock is chosen when the stack starts (about noon; e2e/stack/check-in-community.ts).
 */
export async function signInWithFacilityTimeZone(
  request: APIRequestContext,
  phoneNumber: string,
): Promise<{ tokens: Tokens; timeZone: string }> {
  const tokens = await signInThroughApi(request, phoneNumber);
  const res = await request.get('/admin/api/v1/staff/profiles', { headers: authHeaders(tokens) });
  expect(res.ok()).toBe(true);
  const [profile] = (await res.json()) as { facilities: { timezone: string }[] }[];
  const timeZone = profile?.facilities[0]?.timezone ?? '';
  expect(timeZone).not.toBe('');
  return { tokens, timeZone };
}

/** The latest minute before now at which a clock in `timeZone` read hh:mm (a page's fake clock starts there). */
export function latestMinuteAt(timeZone: string, hour: number, minute: number): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const step = 60_000;
  for (let t = Math.floor(Date.now() / step) * step, i = 0; i <= 1440; i++, t -= step) {
    const parts = format.formatToParts(new Date(t));
    const value = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    if (value('hour') === hour && value('minute') === minute) return t;
  }
  throw new Error(`No ${hour}:${minute} in the last day`);
}

/**
 * Where the specs' screenshots go: test-results/screens (not tracked), so a test run never changes the work
 * tree; `E2E_SCREENS_DIR=$PWD/docs/screens npm test -- browser` refreshes the pictures in docs/screens.
 */
export const screensDir =
  process.env.E2E_SCREENS_DIR ?? path.resolve(import.meta.dirname, '../test-results/screens');

/**
 * One sign-in per number per run, shared by every worker and spec through a file (codes are rate-limited
 * per number): the first worker signs in under a lock, the others wait for its session; a worker restarted
 * after a failure reuses it while the API still accepts it.
 */
export async function sharedSession(
  request: APIRequestContext,
  baseURL: string | undefined,
  who: string,
  phoneNumber: string,
): Promise<Tokens> {
  const cache = path.join(tmpdir(), `sage-e2e-${who}-${new URL(baseURL ?? 'http://x').port}.json`);
  const lock = `${cache}.lock`;
  const valid = async (): Promise<Tokens | null> => {
    if (!existsSync(cache)) return null;
    let cached: Tokens;
    try {
      cached = JSON.parse(readFileSync(cache, 'utf8')) as Tokens;
    } catch {
      return null; // being written
    }
    const check = await request.get(`/admin/api/v1/staff/${cached.staffMemberId}`, {
      headers: authHeaders(cached),
    });
    return check.ok() ? cached : null;
  };
  for (let waited = 0; waited < 90_000; waited += 500) {
    const tokens = await valid();
    if (tokens) return tokens;
    if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 90_000) rmSync(lock, { force: true });
    let owner = false;
    try {
      closeSync(openSync(lock, 'wx'));
      owner = true;
    } catch {
      // Another worker is signing in.
    }
    if (owner) {
      try {
        const signedIn = await signInThroughApi(request, phoneNumber);
        writeFileSync(cache, JSON.stringify(signedIn));
        return signedIn;
      } finally {
        rmSync(lock, { force: true });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No ${who} session`);
}

/** A worker-scoped session of a demo staff member, signed in through the API. */
export const sessionFixture = (
  who: string,
  phoneNumber: string,
): [WorkerFixture<Tokens, PlaywrightWorkerArgs>, { scope: 'worker'; timeout: number }] => [
  async ({ playwright }, use, workerInfo) => {
    const baseURL = workerInfo.project.use.baseURL;
    const request = await playwright.request.newContext({ baseURL });
    const tokens = await sharedSession(request, baseURL, who, phoneNumber);
    await request.dispose();
    await use(tokens);
  },
  { scope: 'worker', timeout: 150_000 },
];

/** Signed in as the demo caregiver or the demo manager (one sign-in per number per run). */
export const test = base.extend<
  { caregiverPage: Page; managerPage: Page },
  { caregiver: Tokens; manager: Tokens }
>({
  caregiver: sessionFixture('caregiver', DEMO.caregiverPhone),
  manager: sessionFixture('manager', DEMO.managerPhone),
  caregiverPage: async ({ page, caregiver }, use) => {
    await useSession(page, caregiver);
    await use(page);
  },
  managerPage: async ({ page, manager }, use) => {
    await useSession(page, manager);
    await use(page);
  },
});

export { expect };

/**
 * Resolves once the page's /live socket has had its `ready` frame: a change committed after that reaches the
 * page as a live frame. Call it before `page.goto`. Needed where only a live frame shows something (the
 * emergency toast): a press made before the socket is up reaches the page by the catch-up refetch instead,
 * which shows the card but no toast (and the socket opens only after its frames' schema has loaded,
 * decision 0446).
 */
export function liveReady(page: Page): Promise<void> {
  return page
    .waitForEvent('websocket', (ws) => ws.url().endsWith('/live'))
    .then((ws) =>
      ws.waitForEvent(
        'framereceived',
        (frame) => typeof frame.payload === 'string' && frame.payload.startsWith('{"type":"ready"'),
      ),
    )
    .then(() => undefined);
}
