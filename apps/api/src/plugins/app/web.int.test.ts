import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Caching of the built web app (issue 18; docs/decisions/0383): Vite's hashed files under /assets never change
 * under their name, so browsers keep them a year without asking; index.html, the service worker and the other
 * unhashed files are revalidated on every load, so a deployment is picked up at once.
 */
describe('[API][FOUNDATION]: cache headers of the built web app', () => {
  let dist: string;
  let t: TestApp;
  const js = `export const answer = ${'42 + '.repeat(600)}0;\n`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-cache-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root">Sage Care</div>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("push", () => {});');
    fs.writeFileSync(path.join(dist, 'zod-jitless.js'), 'globalThis.x = 1;');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets/index-DTuG3U45.js'), js);
    // The build's precompressed copies (apps/web/scripts/precompress.mjs) are served in place of the file.
    fs.writeFileSync(path.join(dist, 'assets/index-DTuG3U45.js.gz'), zlib.gzipSync(js));
    fs.writeFileSync(path.join(dist, 'assets/index-DTuG3U45.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'assets/index-BX1c9a2Q.css'), 'body{margin:0}');
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br', 'br, gzip'],
  ])('a hashed script (%s) is immutable for a year', async (_name, encoding) => {
    const res = await t.app.inject({
      url: '/assets/index-DTuG3U45.js',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toMatch(/javascript/);
    if (encoding) expect(res.headers['content-encoding']).toBe(encoding.split(',')[0]);
  });

  it('a hashed stylesheet is immutable for a year', async () => {
    const res = await t.app.inject('/assets/index-BX1c9a2Q.css');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it.each([
    ['/', 'text/html'],
    ['/index.html', 'text/html'],
    ['/sw.js', '*/*'],
    ['/zod-jitless.js', '*/*'],
  ])('%s is revalidated on every load (no-cache)', async (url, accept) => {
    const res = await t.app.inject({ url, headers: { accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a client-side route gets index.html with no-cache', async () => {
    const res = await t.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a 404 that is not cached as immutable', async () => {
    const res = await t.app.inject('/assets/index-gone1234.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
  });
});

/**
 * The sign-in page prerendered in each language (decision 0900): /authenticate gets the file in the reader's
 * language, the one chosen on the screen (its cookie) before the browser's; every other address gets index.html.
 */
describe('[API][FOUNDATION]: the prerendered sign-in page', () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-sign-in-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'authenticate.en.html'), '<!doctype html><div id="root">Welcome</div>');
    fs.writeFileSync(
      path.join(dist, 'authenticate.es.html'),
      '<!doctype html><div id="root">Bienvenido</div>',
    );
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['no language asked for', {}, 'Welcome'],
    ['a Spanish browser', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }, 'Bienvenido'],
    ['an English browser', { 'accept-language': 'en-US,en;q=0.9' }, 'Welcome'],
    ['a language we do not have', { 'accept-language': 'fr-FR' }, 'Welcome'],
    [
      'Spanish chosen on an English browser',
      { 'accept-language': 'en-US', cookie: 'a=1; sage_language=es' },
      'Bienvenido',
    ],
    [
      'English chosen on a Spanish browser',
      { 'accept-language': 'es', cookie: 'sage_language=en' },
      'Welcome',
    ],
    ['a cookie naming no language', { 'accept-language': 'es', cookie: 'sage_language=xx' }, 'Bienvenido'],
  ])('%s: /authenticate in its language, revalidated, varying by language', async (_name, headers, text) => {
    const res = await t.app.inject({
      url: '/authenticate?logoutReason=x',
      headers: { accept: 'text/html', ...headers },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(text);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(res.headers.vary).toMatch(/Cookie/);
  });

  it('any other address gets the empty index.html, whatever the language', async () => {
    for (const url of ['/', '/dashboard', '/auth_confirmed']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-language': 'es' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<!doctype html><div id="root"></div>');
    }
  });
});
