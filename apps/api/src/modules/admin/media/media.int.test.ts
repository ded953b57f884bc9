import { MEDIA_IMAGE_MAX_BYTES } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1/media/images';
// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('[ADMIN][MEDIA]: images of a company, uploaded as octet-stream, read as text (decision 0178)', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const call = async (
    who: string,
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    body?: Buffer,
    type?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(await t.headersFor(who)),
        ...(body ? { 'content-type': type ?? 'application/octet-stream' } : {}),
      },
      ...(body ? { payload: body } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('stores a PNG and gives it back as a data URL to anyone of the company', async () => {
    const put = await call(f.staff.manager.id, 'PUT', `${BASE}/logo-${f.tag}`, PNG);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ resourceId: `logo-${f.tag}`, contentType: 'image/png', size: PNG.length });
    const get = await call(f.staff.caregiver.id, 'GET', `${BASE}/logo-${f.tag}`);
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toMatch(/^text\/plain/);
    expect(get.body).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
  });

  it('refuses what is not an image (400), too large (413), another content type (415), care staff (403)', async () => {
    const svg = await call(
      f.staff.manager.id,
      'PUT',
      `${BASE}/svg-${f.tag}`,
      Buffer.from('<svg onload="alert(1)"/>'),
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json().issues[0]).toMatchObject({ field: 'body', rule: 'image' });
    const big = Buffer.concat([PNG, Buffer.alloc(MEDIA_IMAGE_MAX_BYTES)]);
    expect((await call(f.staff.manager.id, 'PUT', `${BASE}/big-${f.tag}`, big)).statusCode).toBe(413);
    expect((await call(f.staff.manager.id, 'PUT', `${BASE}/png-${f.tag}`, PNG, 'image/png')).statusCode).toBe(
      415,
    );
    expect((await call(f.staff.caregiver.id, 'PUT', `${BASE}/cg-${f.tag}`, PNG)).statusCode).toBe(403);
    const bad = await call(f.staff.manager.id, 'PUT', `${BASE}/${encodeURIComponent('../etc')}`, PNG);
    expect(bad.json().issues[0]).toMatchObject({ field: 'params.resourceId' });
    expect(await t.db.prisma.mediaImage.count({ where: { enterpriseId: f.enterpriseId } })).toBe(1);
  });

  it("'ri.mock' ids are never fetched (404) nor stored (400)", async () => {
    const get = await call(f.staff.manager.id, 'GET', `${BASE}/ri.mock.avatar.1`);
    expect(get.statusCode).toBe(404);
    expect(get.json().code).toBe('MOCK_RESOURCE');
    const put = await call(f.staff.manager.id, 'PUT', `${BASE}/ri.mock.avatar.1`, PNG);
    expect(put.statusCode).toBe(400);
    expect(put.json().issues[0]).toMatchObject({ field: 'params.resourceId', rule: 'mock' });
  });

  it("another company's image is 404 to read, overwrite or delete; a missing one is 404", async () => {
    expect((await call(other.staff.manager.id, 'PUT', `${BASE}/theirs-${other.tag}`, PNG)).statusCode).toBe(
      200,
    );
    expect((await call(f.staff.manager.id, 'GET', `${BASE}/theirs-${other.tag}`)).statusCode).toBe(404);
    expect((await call(f.staff.manager.id, 'PUT', `${BASE}/theirs-${other.tag}`, PNG)).statusCode).toBe(404);
    expect((await call(f.staff.manager.id, 'DELETE', `${BASE}/theirs-${other.tag}`)).statusCode).toBe(404);
    expect((await call(other.staff.caregiver.id, 'GET', `${BASE}/theirs-${other.tag}`)).statusCode).toBe(200);
    expect((await call(f.staff.manager.id, 'GET', `${BASE}/nothing-${f.tag}`)).statusCode).toBe(404);
  });

  it('management deletes an image; care staff may not', async () => {
    expect((await call(f.staff.caregiver.id, 'DELETE', `${BASE}/logo-${f.tag}`)).statusCode).toBe(403);
    expect((await call(f.staff.manager.id, 'DELETE', `${BASE}/logo-${f.tag}`)).statusCode).toBe(200);
    expect((await call(f.staff.caregiver.id, 'GET', `${BASE}/logo-${f.tag}`)).statusCode).toBe(404);
  });
});
