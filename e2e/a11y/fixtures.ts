import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ingestUrl } from '../alerts/fixtures';
import { A11Y_COMMUNITY } from '../stack/facts';

/** A press of one of Hazel Row's devices as its gateway sends it (a fresh eventId each time). */
export async function pressAtHazelRow(request: APIRequestContext, hardwareId: string): Promise<void> {
  const response = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': A11Y_COMMUNITY.gatewayKey },
    data: { eventId: randomUUID(), hardwareId, type: 'BUTTON_PRESS', timestamp: new Date().toISOString() },
  });
  expect(response.status()).toBe(202);
}

/** The newest code sent to a number after `newerThan`, read from the dev outbox (waits for it). */
export async function codeSentTo(request: APIRequestContext, to: string, newerThan: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/api/v1/outbox?to=${encodeURIComponent(to)}`);
        const [newest] = (await res.json()) as { body: string; createdAt: string }[];
        if (!newest || newest.createdAt <= newerThan) return null;
        code = newest.body.match(/\b(\d{6})\b/)?.[1];
        return code ?? null;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code as string;
}
