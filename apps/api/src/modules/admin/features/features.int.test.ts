import type { TFeature } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

const BASE = '/admin/api/v1/features';

describe('[ADMIN][FEATURES]: features of a community, managed by management (decision 0175)', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  let theirs: TFeature;
  const as = (id: string) => caller(t, id);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
    theirs = (
      await as(other.staff.manager.id)('POST', BASE, {
        facilityId: other.facilityId,
        name: 'GUIDED_TOUR',
        isEnabled: true,
      })
    ).json() as TFeature;
  });
  afterAll(() => t.close());

  it('a manager creates, lists, edits and deletes a feature; everyone of the community reads them', async () => {
    const res = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      name: 'GUIDED_TOUR',
      isEnabled: false,
      config: { steps: 7 },
    });
    expect(res.statusCode).toBe(201);
    const feature = res.json() as TFeature;
    expect(feature).toMatchObject({ name: 'GUIDED_TOUR', isEnabled: false, config: { steps: 7 } });

    const list = (
      await as(f.staff.caregiver.id)('GET', `${BASE}?facilityId=${f.facilityId}`)
    ).json() as TFeature[];
    expect(list.map((x) => x.id)).toEqual([feature.id]);
    expect(
      ((await as(f.staff.caregiver.id)('GET', BASE)).json() as TFeature[]).map((x) => x.id),
    ).not.toContain(theirs.id);
    expect((await as(f.staff.caregiver.id)('GET', `${BASE}?search=tour`)).json() as TFeature[]).toHaveLength(
      1,
    );

    const edited = await as(f.staff.manager.id)('PUT', `${BASE}/${feature.id}`, {
      name: 'GUIDED_TOUR',
      isEnabled: true,
      config: null,
      updatedAt: feature.updatedAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ isEnabled: true, config: null });
    const stale = await as(f.staff.manager.id)('PUT', `${BASE}/${feature.id}`, {
      name: 'GUIDED_TOUR',
      isEnabled: false,
      updatedAt: feature.updatedAt,
    });
    expect(stale.statusCode).toBe(409);

    expect((await as(f.staff.caregiver.id)('GET', `${BASE}/${feature.id}`)).statusCode).toBe(200);
    expect((await as(f.staff.caregiver.id)('DELETE', `${BASE}/${feature.id}`)).statusCode).toBe(403);
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${feature.id}`)).statusCode).toBe(200);
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${feature.id}`)).statusCode).toBe(404);
  });

  it('400 naming the field, 403 for care staff, 409 for a name the community has', async () => {
    const bad = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      name: '9 lives',
      isEnabled: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ field: 'body.name' });
    const noFlag = await as(f.staff.manager.id)('POST', BASE, { facilityId: f.facilityId, name: 'X' });
    expect(noFlag.json().issues[0]).toMatchObject({ field: 'body.isEnabled', rule: 'type' });
    const huge = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      name: 'BIG',
      isEnabled: true,
      config: { blob: 'x'.repeat(10_001) },
    });
    expect(huge.json().issues[0]).toMatchObject({ field: 'body.config' });

    expect(
      (await as(f.staff.caregiver.id)('POST', BASE, { facilityId: f.facilityId, name: 'X', isEnabled: true }))
        .statusCode,
    ).toBe(403);
    const first = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      name: 'OBSERVATIONS',
      isEnabled: true,
    });
    expect(first.statusCode).toBe(201);
    const dup = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      name: 'OBSERVATIONS',
      isEnabled: false,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('FEATURE_NAME_TAKEN');
  });

  it('two managers saving over the same version at once: one 200, one 409', async () => {
    const feature = (
      await as(f.staff.manager.id)('POST', BASE, { facilityId: f.facilityId, name: 'RACE', isEnabled: true })
    ).json() as TFeature;
    const save = (isEnabled: boolean) =>
      as(f.staff.manager.id)('PUT', `${BASE}/${feature.id}`, {
        name: 'RACE',
        isEnabled,
        updatedAt: feature.updatedAt,
      });
    const replies = await Promise.all([save(false), save(true)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = replies.find((r) => r.statusCode === 200)?.json() as TFeature;
    expect((await t.db.prisma.feature.findUniqueOrThrow({ where: { id: feature.id } })).isEnabled).toBe(
      winner.isEnabled,
    );
  });

  it("another community's features are 404, and stay as they were", async () => {
    const body = { name: 'GUIDED_TOUR', isEnabled: false };
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${theirs.id}`)).statusCode).toBe(404);
    expect((await as(f.staff.manager.id)('PUT', `${BASE}/${theirs.id}`, body)).statusCode).toBe(404);
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await as(f.staff.manager.id)('POST', BASE, { ...body, facilityId: other.facilityId })).statusCode,
    ).toBe(404);
    expect((await as(f.staff.manager.id)('GET', `${BASE}?facilityId=${other.facilityId}`)).statusCode).toBe(
      403,
    );
    expect((await t.db.prisma.feature.findUniqueOrThrow({ where: { id: theirs.id } })).isEnabled).toBe(true);
  });
});
