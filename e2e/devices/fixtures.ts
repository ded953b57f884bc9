import type { APIRequestContext } from '@playwright/test';
import { authHeaders, expect, screensDir, type Tokens, test } from '../alerts/fixtures';

/** Demo data (packages/db seed) the device tests rely on. */
export const DEVICES_DEMO = {
  /** Low battery (8 %) in the seed; no alert test presses it. */
  lowBatteryPendant: 'PENDANT-0018',
  /** The pendant of the resident who gets a second one. */
  targetResidentPendant: 'PENDANT-0020',
  /** Battery unknown (-1) in the seed. */
  unknownBatteryPendant: 'PENDANT-0031',
} as const;

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

export { authHeaders, expect, screensDir, test };
