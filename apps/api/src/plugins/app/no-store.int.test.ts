import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { caller } from '../../test/tasks';

/**
 * Issue #32: health-data replies and report CSVs carry `Cache-Control: no-store` (as does every reply of the
 * service APIs, refusals included); the API's documentation keeps its own caching.
 */
describe('[API][FOUNDATION]: Cache-Control no-store on the service APIs', () => {
  let t: TestApp;
  let f: TestFacility;

  beforeAll(async () => {
    t = await buildTestApp();
    f = await createTestFacility(t.db.prisma);
  });
  afterAll(() => t.close());

  it('a resident with health info (PHI), a task search, the audit log CSV: no-store', async () => {
    const as = caller(t, f.staff.manager.id);
    const resident = await as('GET', `/admin/api/v1/residents/${f.residents.AL.id}`);
    expect(resident.statusCode).toBe(200);
    expect(resident.json().healthInfo).not.toBeNull();
    expect(resident.headers['cache-control']).toBe('no-store');

    const search = await as('POST', '/admin/api/v1/tasks/search', { facilityId: f.facilityId });
    expect(search.statusCode).toBe(200);
    expect(search.headers['cache-control']).toBe('no-store');

    const csv = await as('GET', `/admin/api/v1/auditLog/export?facilityId=${f.facilityId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['cache-control']).toBe('no-store');
  });

  it('a refusal (401 without a session, 404) is not kept either; the OpenAPI document is not a service reply', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: `/admin/api/v1/residents/${f.residents.AL.id}`,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const missing = await caller(t, f.staff.manager.id)('GET', '/care/api/v1/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control']).not.toBe('no-store');
  });
});
