import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test as alertsTest, expect, signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';

/** Demo data (packages/db seed) the device tests rely on. */
export const DEVICES_DEMO = {
  managerPhone: '+14155550100',
  /** Low battery (8 %) in the seed; no alert test presses it. */
  lowBatteryPendant: 'PENDANT-0018',
  /** The pendant of the resident who gets a second one. */
  targetResidentPendant: 'PENDANT-0020',
  /** Battery unknown (-1) in the seed. */
  unknownBatteryPendant: 'PENDANT-0031',
} as const;

export const screensDir = path.resolve(import.meta.dirname, '../../../../docs/screens');

export const authHeaders = (tokens: Tokens) => ({
  authorization: `Bearer ${tokens.accessToken}`,
  'x-sage-profile-rid': tokens.staffMemberId,
});

/** The active allocation of a device, by hardware id, through the API. */
export async function allocationOf(request: APIRequestContext, tokens: Tokens, hardwareId: string) {
  const response = await request.get(
    `/admin/api/v1/devices/allocated?deviceHardwareId=${encodeURIComponent(hardwareId)}`,
    { headers: authHeaders(tokens) },
  );
  expect(response.status()).toBe(200);
  const [allocation] = (await response.json()) as {
    id: string;
    resident: { id: string; firstName: string; middleName: string | null; lastName: string } | null;
  }[];
  if (!allocation?.resident) throw new Error(`${hardwareId} is not a resident's pendant`);
  return { id: allocation.id, resident: allocation.resident };
}

/** The caregiver fixtures plus the demo manager, signed in once per worker through the API. */
export const test = alertsTest.extend<{ managerPage: Page }, { manager: Tokens }>({
  manager: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const request = await playwright.request.newContext({ baseURL });
      // Shared by every spec of a run that signs the manager in (codes are rate-limited per number).
      const cache = path.join(tmpdir(), `sage-e2e-manager-${new URL(baseURL ?? 'http://x').port}.json`);
      const lock = `${cache}.devices-lock`;
      const valid = async (): Promise<Tokens | null> => {
        if (!existsSync(cache)) return null;
        try {
          const cached = JSON.parse(readFileSync(cache, 'utf8')) as Tokens;
          const check = await request.get(`/admin/api/v1/staff/${cached.staffMemberId}`, {
            headers: authHeaders(cached),
          });
          return check.ok() ? cached : null;
        } catch {
          return null; // being written
        }
      };
      let tokens: Tokens | null = null;
      for (let waited = 0; !tokens && waited < 90_000; waited += 500) {
        tokens = await valid();
        if (tokens) break;
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
            tokens = await signInThroughApi(request, DEVICES_DEMO.managerPhone);
            writeFileSync(cache, JSON.stringify(tokens));
          } finally {
            rmSync(lock, { force: true });
          }
        } else {
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      if (!tokens) throw new Error('No manager session');
      await request.dispose();
      await use(tokens);
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  managerPage: async ({ page, manager }, use) => {
    await useSession(page, manager);
    await use(page);
  },
});

export { expect };
