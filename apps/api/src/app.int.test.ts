import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROFILE_HEADER } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './env';
import { buildTestApp, type TestApp } from './test/app';

describe('[API][FOUNDATION]: the API process', () => {
  let t: TestApp;
  let facility: TestFacility;
  let other: TestFacility;

  beforeAll(async () => {
    t = await buildTestApp();
    [facility, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('answers liveness and readiness (database reachable)', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('refuses a call without a token with 401 JSON', async () => {
    const res = await t.app.inject('/admin/api/v1/units');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'login_required' });
  });

  it('refuses a forged or expired token with 401', async () => {
    const forged = await t.app.inject({
      url: '/admin/api/v1/units',
      headers: { authorization: 'Bearer not.a.jwt', [PROFILE_HEADER]: facility.staff.manager.id },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('invalid_token');

    const headers = await t.headersFor(facility.staff.manager.id, 1);
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await t.app.inject({ url: '/admin/api/v1/units', headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('token_expired');
  });

  it('refuses with 403 when x-sage-profile-rid is not the token’s staff member', async () => {
    const headers = await t.headersFor(facility.staff.manager.id);
    const res = await t.app.inject({
      url: '/admin/api/v1/units',
      headers: { ...headers, [PROFILE_HEADER]: facility.staff.caregiver.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'profile_mismatch' });
  });

  it('answers a malformed query with 400 naming the field, with or without a token', async () => {
    const anonymous = await t.app.inject({ url: '/admin/api/v1/units?pageSize=abc' });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().issues[0]).toMatchObject({ field: 'querystring.pageSize', rule: 'type' });
  });

  it('answers a malformed query with 400 naming the field and the rule', async () => {
    const headers = await t.headersFor(facility.staff.manager.id);
    const res = await t.app.inject({ url: '/admin/api/v1/units?pageSize=abc', headers });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.issues[0]).toMatchObject({ field: 'querystring.pageSize', rule: 'type' });
    expect(body.message).toContain('querystring.pageSize');

    const tooBig = await t.app.inject({ url: '/admin/api/v1/units?pageSize=5000', headers });
    expect(tooBig.json().issues[0]).toMatchObject({ field: 'querystring.pageSize', rule: 'maximum' });
    const badEnum = await t.app.inject({ url: '/admin/api/v1/units?careType=SPA', headers });
    expect(badEnum.json().issues[0]).toMatchObject({ field: 'querystring.careType', rule: 'enum' });
  });

  it('lists only the units of the caller’s own facility', async () => {
    const headers = await t.headersFor(facility.staff.caregiver.id);
    const res = await t.app.inject({ url: '/admin/api/v1/units', headers });
    expect(res.statusCode).toBe(200);
    const units = res.json() as { id: string; facilityId: string; careType: string }[];
    expect(units.map((u) => u.id).sort()).toEqual(
      Object.values(facility.units)
        .map((u) => u.id)
        .sort(),
    );
    expect(units.every((u) => u.facilityId === facility.facilityId)).toBe(true);

    const memoryCare = await t.app.inject({ url: '/admin/api/v1/units?careType=MEMORY_CARE', headers });
    expect(memoryCare.json()).toEqual([expect.objectContaining({ id: facility.units.MC.id })]);

    const foreign = await t.app.inject({
      url: `/admin/api/v1/units?facilityId=${other.facilityId}`,
      headers,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('serves the OpenAPI document generated from the contract at /docs', async () => {
    const doc = (await t.app.inject('/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    const units = doc.paths['/admin/api/v1/units'].get;
    expect(units.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['facilityId', 'pageSize', 'careType']),
    );
    const ui = await t.app.inject('/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/admin/api/v1/nothing-here', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe('[API][FOUNDATION]: errors and the web app', () => {
  it('never sends a stack trace: a crash is a bare 500', async () => {
    const t = await buildTestApp();
    try {
      const app = await buildApp(t.config, { prisma: t.db.prisma, logger: false });
      app.get('/boom', async () => {
        throw new Error('secret detail at /srv/app.ts:12');
      });
      const res = await app.inject('/boom');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
      });
      await app.close();
    } finally {
      await t.close();
    }
  });

  it('serves the built web app at / with client-side routes falling back to index.html', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root">Sage Care</div>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets/app.js'), 'console.log(1)');
    const t = await buildTestApp({ WEB_DIST_DIR: dist });
    try {
      const home = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('Sage Care');
      const deep = await t.app.inject({ url: '/alerts/alert/123', headers: { accept: 'text/html' } });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('id="root"');
      const asset = await t.app.inject('/assets/app.js');
      expect(asset.body).toBe('console.log(1)');
      const missingAsset = await t.app.inject('/assets/missing.js');
      expect(missingAsset.statusCode).toBe(404);
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('refuses to start with a bad environment, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
