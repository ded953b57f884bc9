import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './client';
import { lazyParse } from './lazy-parse';

const schemas = { ZReplySchema: z.object({ n: z.number() }) };

describe('lazyParse (docs/decisions/0446)', () => {
  it('starts loading the schema with the request and checks the reply with it, as parse did', async () => {
    const load = vi.fn(async () => schemas);
    const parse = lazyParse(load, (s) => s.ZReplySchema);
    expect(load).toHaveBeenCalledTimes(1);
    await expect(parse({ n: 1, extra: true })).resolves.toEqual({ n: 1 });
    await expect(parse({ n: 'one' })).rejects.toThrow();
  });

  it('is awaited by the client, and a failed load fails the call without an unhandled rejection', async () => {
    const client = createApiClient({
      fetch: async () =>
        new Response(JSON.stringify({ n: 2 }), { headers: { 'content-type': 'application/json' } }),
      getSession: () => null,
    });
    await expect(
      client.get('admin', '/x', {
        parse: lazyParse(
          async () => schemas,
          (s) => s.ZReplySchema,
        ),
      }),
    ).resolves.toEqual({ n: 2 });
    const failing = lazyParse(
      () => Promise.reject(new Error('chunk failed')),
      (s: typeof schemas) => s.ZReplySchema,
    );
    await expect(client.get('admin', '/x', { parse: failing })).rejects.toThrow('chunk failed');
  });
});
