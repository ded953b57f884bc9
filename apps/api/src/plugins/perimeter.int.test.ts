import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, buildApp } from '../app';
import { loadConfig } from '../env';
import { buildTestApp, type TestApp } from '../test/app';

const START = '/auth/api/v1/passwordless/start';
const ALLOWED_ORIGIN = 'https://admin.example.org';
const CALLBACK = 'http://127.0.0.1:5173/auth_confirmed';

describe('[PERIMETER]: headers, CORS, body and rate limits, compression', () => {
  let t: TestApp;
  /** A second API process on the same database, with a CORS allow-list. */
  let second: FastifyInstance;
  let f: TestFacility;
  let webDir: string;
  /** The "main JS asset" of the temporary web build, and its text. */
  const mainJs = 'assets/index-Ab12Cd34.js';
  const mainJsText = `export const greeting = ${JSON.stringify('Sage Care '.repeat(2_000))};\n`;

  beforeAll(async () => {
    // A small built web app, with the .br / .gz copies the build writes beside each file.
    webDir = await mkdtemp(path.join(os.tmpdir(), 'sage-web-'));
    await mkdir(path.join(webDir, 'assets'));
    const files = {
      'index.html': `<!doctype html><html><head><script type="module" src="/${mainJs}"></script></head></html>`,
      [mainJs]: mainJsText,
    };
    for (const [name, text] of Object.entries(files)) {
      await writeFile(path.join(webDir, name), text);
      await writeFile(path.join(webDir, `${name}.br`), zlib.brotliCompressSync(text));
      await writeFile(path.join(webDir, `${name}.gz`), zlib.gzipSync(text));
    }
    t = await buildTestApp({ SIGNIN_MAX_STARTS_PER_ADDRESS: '3', WEB_DIST_DIR: webDir });
    second = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: t.db.url,
        SIGNIN_MAX_STARTS_PER_ADDRESS: '3',
        CORS_ORIGINS: `${ALLOWED_ORIGIN}, http://localhost:5173`,
        WEB_DIST_DIR: webDir,
      }),
      { prisma: t.db.prisma, logger: false },
    );
    await second.ready();
    f = await createTestFacility(t.db.prisma);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('sends security headers, with a Content-Security-Policy the built web app works with', async () => {
    for (const url of ['/healthz', '/', '/dashboard']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
        'strict-transport-security': expect.stringContaining('max-age='),
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    // The hosted email sign-in page keeps its own, stricter policy.
    const page = await t.app.inject({
      url: `/auth/authorize?${new URLSearchParams({ response_type: 'token id_token', redirect_uri: CALLBACK, state: 's' })}`,
    });
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('grants CORS only to the listed origins; none by default', async () => {
    const preflight = (app: FastifyInstance, origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/admin/api/v1/units',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization,x-sage-profile-rid',
        },
      });
    // Default (no CORS_ORIGINS): nobody, not even the listed origin of the other process.
    for (const origin of [ALLOWED_ORIGIN, 'https://evil.example']) {
      const res = await preflight(t.app, origin);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const get = await t.app.inject({ url: '/healthz', headers: { origin } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    }
    // With the allow-list: the listed origins, and only them.
    const granted = await preflight(second, ALLOWED_ORIGIN);
    expect(granted.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(granted.headers['access-control-allow-methods']).toContain('PUT');
    const dev = await second.inject({ url: '/healthz', headers: { origin: 'http://localhost:5173' } });
    expect(dev.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const refused = await preflight(second, 'https://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const lookalike = await second.inject({
      url: '/healthz',
      headers: { origin: `${ALLOWED_ORIGIN}.evil.example` },
    });
    expect(lookalike.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('holds the per-address sign-in limit across two API processes on one database (and across text and email)', async () => {
    const remoteAddress = '203.0.113.77';
    const start = (app: FastifyInstance, phoneNumber: string) =>
      app.inject({ method: 'POST', url: START, payload: { phoneNumber }, remoteAddress });
    // 3 per 10 minutes per address, whichever process answers.
    expect((await start(t.app, f.staff.caregiver.phoneNumber)).statusCode).toBe(200);
    expect((await start(second, f.staff.nurse.phoneNumber)).statusCode).toBe(200);
    expect((await start(t.app, f.staff.manager.phoneNumber)).statusCode).toBe(200);
    const fourth = await start(second, f.staff.housekeeper.phoneNumber);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(fourth.json().retryAfterSeconds).toBeGreaterThan(590);
    expect((await start(t.app, f.staff.housekeeper.phoneNumber)).statusCode).toBe(429);
    // The email sign-in page counts against the same limit.
    const email = await second.inject({
      method: 'POST',
      url: '/auth/authorize/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        response_type: 'token id_token',
        redirect_uri: CALLBACK,
        state: 's',
        email: 'someone@example.org',
      }).toString(),
      remoteAddress,
    });
    expect(email.statusCode).toBe(429);
    // Nothing was sent to the refused numbers; another address still gets its codes.
    expect(await t.db.prisma.loginCode.count({ where: { staffMemberId: f.staff.housekeeper.id } })).toBe(0);
    const elsewhere = await second.inject({
      method: 'POST',
      url: START,
      payload: { phoneNumber: f.staff.housekeeper.phoneNumber },
      remoteAddress: '203.0.113.78',
    });
    expect(elsewhere.statusCode).toBe(200);
    // The counter is one row in the database, on the database's clock.
    const counter = await t.db.prisma.rateLimitCounter.findMany({
      where: { key: { contains: remoteAddress } },
    });
    expect(counter).toHaveLength(1);
    expect(counter[0]!.count).toBe(6);
  });

  it('limits the other public routes too (per process)', async () => {
    const remoteAddress = '203.0.113.90';
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/api/v1/passwordless/verify',
        payload: { phoneNumber: '+14152009999', code: '123456' },
        remoteAddress,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 60).every((c) => c === 401)).toBe(true);
    expect(codes[60]).toBe(429);
  });

  it('answers 413 to a body over the limit, smaller on the public routes', async () => {
    const padding = 'x'.repeat(5 * 1024);
    const signin = await t.app.inject({
      method: 'POST',
      url: START,
      payload: { phoneNumber: f.staff.caregiver.phoneNumber, padding },
      remoteAddress: '203.0.113.100',
    });
    expect(signin.statusCode).toBe(413);
    expect(await t.db.prisma.loginCode.count({ where: { requestIp: '203.0.113.100' } })).toBe(0);

    const headers = await t.headersFor(f.staff.manager.id);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/admin/api/v1/tasks',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('serves the web app precompressed: brotli or gzip as accepted, the same bytes once decoded', async () => {
    const get = (encoding?: string) =>
      t.app.inject({ url: `/${mainJs}`, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(mainJsText);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(mainJsText);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(mainJsText);

    // index.html (also for client-side routes) is revalidated, never cached for long.
    const index = await t.app.inject({
      url: '/dashboard',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API replies above the threshold only', async () => {
    const big = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
