import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Replies smaller than this go as they are: compressing them saves less than a packet (decision 0134). */
export const COMPRESS_THRESHOLD_BYTES = 2048;

/**
 * Brotli or gzip for replies above the threshold, when the client accepts it (decision 0134). The web app's
 * files are compressed once at build time (apps/web/scripts/precompress.mjs) and served as they are
 * (plugins/app/web.ts); what they already encode is left alone here. Brotli at quality 4 and gzip at level 6
 * keep a 100 kB JSON reply around a millisecond of CPU.
 */
export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
    });
  },
  { name: 'compress' },
);
