import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, DEMO, expect, ingestUrl, screensDir, type Tokens, test } from '../alerts/fixtures';

/** A short random tag for the names and hardware ids this run creates (runs share nothing). */
export const tag = (): string =>
  randomInt(0, 36 ** 5)
    .toString(36)
    .padStart(5, '0')
    .toUpperCase();

export const drawer = (page: Page) => page.getByRole('dialog');

/** The demo manager's community (id and time zone), through the API. */
export async function demoFacility(request: APIRequestContext, manager: Tokens) {
  const allocations = await request.get('/admin/api/v1/devices/allocated?deviceHardwareId=PENDANT-0001', {
    headers: authHeaders(manager),
  });
  expect(allocations.status()).toBe(200);
  const [allocation] = (await allocations.json()) as { facilityId: string }[];
  if (!allocation) throw new Error('PENDANT-0001 is not allocated in the demo data');
  const facility = await request.get(`/admin/api/v1/facilities/${allocation.facilityId}`, {
    headers: authHeaders(manager),
  });
  expect(facility.status()).toBe(200);
  const { id, timezone } = (await facility.json()) as { id: string; timezone: string };
  return { id, timezone };
}

/** A resident of our own (no unit, no pendant), so that no other spec's pendants are touched. */
export async function newResident(request: APIRequestContext, manager: Tokens, facilityId: string) {
  const lastName = `Devices${tag()}`;
  const res = await request.post('/admin/api/v1/residents', {
    headers: authHeaders(manager),
    data: { facilityId, firstName: 'Iris', lastName },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { id, firstName: 'Iris', lastName, fullName: `Iris ${lastName}` };
}

/** The resident's active pendants, through the API. */
export async function pendantsOf(request: APIRequestContext, manager: Tokens, residentId: string) {
  const res = await request.get(
    `/admin/api/v1/devices/allocated?residentRid=${residentId}&type=SAGE_BUTTON`,
    {
      headers: authHeaders(manager),
    },
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as { device: { hardwareId: string } }[]).map((a) => a.device.hardwareId).sort();
}

/** A door event as the facility gateway sends it, stamped now (a fresh eventId each time). */
export async function doorOpens(request: APIRequestContext, hardwareId: string): Promise<void> {
  const response = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': DEMO.gatewayKey },
    data: { eventId: randomUUID(), hardwareId, type: 'DOOR_OPEN', timestamp: new Date().toISOString() },
  });
  expect(response.status()).toBe(202);
}

/** The device's processed DOOR_OPEN activities, newest first, with the task each raised (or null). */
export async function doorOpenActivity(
  request: APIRequestContext,
  manager: Tokens,
  facilityRid: string,
  deviceRid: string,
) {
  const res = await request.post('/admin/api/v1/devices/activity', {
    headers: authHeaders(manager),
    data: { facilityRid, deviceRids: [deviceRid], types: ['DOOR_OPEN'] },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { activities: { taskId: string | null }[] }).activities;
}

/** 'HH:MM' of `minutesFromNow` in the community's time zone. */
export function localTime(timeZone: string, minutesFromNow: number): string {
  const at = new Date(Date.now() + minutesFromNow * 60_000);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

export { authHeaders, expect, screensDir, test };
