import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy of everything the API serves (the web app, /docs), decision 0133. The built
 * web app is same-origin module scripts only (no inline script); Mantine writes <style> elements and style
 * attributes at run time, hence 'unsafe-inline' for styles only. `connect-src 'self'` covers the API and the
 * /live websocket of the same host; `worker-src 'self'` the service worker /sw.js. Pages with needs of
 * their own (the hosted email sign-in page) set a stricter policy on their replies.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  // Not forced: a community's server may be reached over plain http on its own network (TLS at the proxy).
  'upgrade-insecure-requests': null,
};

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // The sign-in page's callback and help links open other sites; keep the origin out of their Referer.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * The headers helmet sets, worked out once: they depend on the options only (no nonces). @fastify/helmet built
 * helmet's middleware again on every request (about 2 % of a task search's CPU, docs/journal/benchmarks-2026-11.md).
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers (helmet's) on every reply, and the CORS allow-list: only origins listed in CORS_ORIGINS get
 * a grant; with none listed (the default) the browser allows only the API's own pages (same origin).
 */
export default fp(
  async function security(app: FastifyInstance) {
    const headers = securityHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    const allowed = new Set(app.config.CORS_ORIGINS);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      maxAge: 600,
    });
  },
  { name: 'security', dependencies: ['config'] },
);
