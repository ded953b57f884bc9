import { SERVICE_BASE_PATHS } from '@sage/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIXES = Object.values(SERVICE_BASE_PATHS).map((base) => `${base}/`);

/** Whether a request's path is under a service API's base path (not the web app, /docs or /live). */
export const isServiceApiPath = (url: string): boolean => API_PREFIXES.some((p) => url.startsWith(p));

/**
 * Every reply of the service APIs carries `Cache-Control: no-store` (issue #32): residents' health data, staff
 * details, report CSVs and the rest are never kept by the browser, a shared phone's cache or a proxy. Set when the
 * request arrives, so a route that sets its own header (none does today) replaces it; the web app's own files
 * keep their caching (web.ts).
 */
export default fp(
  async function noStore(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      if (isServiceApiPath(request.url)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'no-store' },
);
