import { IMAGE_CACHE_EXPIRY_SECONDS } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../shared/api/client';
import { createMediaImages } from './media-images';

const DATA_URL = 'data:image/png;base64,iVBORw0KGgo=';

function setup() {
  const calls: { url: string; init: RequestInit }[] = [];
  const client = createApiClient({
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init: init ?? {} });
      return init?.method === 'PUT'
        ? new Response(JSON.stringify({ resourceId: 'logo-1', contentType: 'image/png', size: 3 }), {
            headers: { 'content-type': 'application/json' },
          })
        : new Response(DATA_URL, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }) as typeof fetch,
    getSession: () => ({ accessToken: 'tok', staffMemberId: 'sm-1' }),
  });
  const store = new Map<string, string>();
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  let clock = 1_000_000;
  const images = createMediaImages(client, storage, () => clock);
  return { calls, images, advance: (ms: number) => (clock += ms) };
}

describe('media images on the client', () => {
  it("never fetches an 'ri.mock' id", async () => {
    const { calls, images } = setup();
    expect(await images.get('ri.mock.avatar.1')).toBeNull();
    await expect(images.put('ri.mock.avatar.1', new Uint8Array([1]))).rejects.toThrow(/never stored/);
    expect(calls).toEqual([]);
  });

  it('fetches an image as text once, then serves it from session storage until it expires', async () => {
    const { calls, images, advance } = setup();
    expect(await images.get('logo-1')).toBe(DATA_URL);
    expect(await images.get('logo-1')).toBe(DATA_URL);
    expect(calls.map((c) => c.url)).toEqual(['/admin/api/v1/media/images/logo-1']);
    advance(IMAGE_CACHE_EXPIRY_SECONDS * 1000 + 1);
    await images.get('logo-1');
    expect(calls).toHaveLength(2);
  });

  it('uploads the bytes as application/octet-stream and forgets the cached copy', async () => {
    const { calls, images } = setup();
    await images.get('logo-1');
    const stored = await images.put('logo-1', new Uint8Array([0x89, 0x50, 0x4e]), 'e1');
    expect(stored).toEqual({ resourceId: 'logo-1', contentType: 'image/png', size: 3 });
    const put = calls[1];
    expect(put?.url).toBe('/admin/api/v1/media/images/logo-1?enterpriseId=e1');
    const headers = put?.init.headers as Record<string, string> | undefined;
    expect(headers?.['Content-Type']).toBe('application/octet-stream');
    await images.get('logo-1');
    expect(calls).toHaveLength(3);
  });
});
