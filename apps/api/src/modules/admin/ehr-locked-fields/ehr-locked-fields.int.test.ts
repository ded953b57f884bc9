import type { TEhrLockedField, TResidentReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

const BASE = '/admin/api/v1/ehrLockedFields';

describe('[ADMIN][EHR LOCKED FIELDS]: lock and unlock resident fields; management only; tenancy', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const as = (id: string) => caller(t, id);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('locks a field (201): the resident reply lists it and a change to it is refused; unlocking frees it', async () => {
    const body = {
      facilityId: f.facilityId,
      ehrProvider: 'PointClickCare',
      resourceField: 'resident.healthInfo',
    };
    const res = await as(f.staff.manager.id)('POST', BASE, body);
    expect(res.statusCode).toBe(201);
    const lock = res.json() as TEhrLockedField;
    expect((await as(f.staff.manager.id)('POST', BASE, body)).statusCode).toBe(409);
    expect(
      ((await as(f.staff.caregiver.id)('GET', BASE)).json() as TEhrLockedField[]).map((l) => l.id),
    ).toEqual([lock.id]);

    const resident = `/admin/api/v1/residents/${f.residents.AL.id}`;
    expect(((await as(f.staff.manager.id)('GET', resident)).json() as TResidentReply).lockedFields).toEqual([
      'resident.healthInfo',
    ]);
    const refused = await as(f.staff.manager.id)('PUT', `${resident}/health`, {
      resuscitationStrategy: 'CPR',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().issues[0]).toMatchObject({ field: 'resident.healthInfo' });

    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${lock.id}`)).statusCode).toBe(200);
    expect(
      (await as(f.staff.manager.id)('PUT', `${resident}/health`, { resuscitationStrategy: 'CPR' }))
        .statusCode,
    ).toBe(200);
  });

  it('400 for a field that cannot be locked; 403 for care staff', async () => {
    const bad = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      ehrProvider: 'X',
      resourceField: 'resident.id',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ field: 'body.resourceField', rule: 'enum' });
    const byCare = await as(f.staff.careAdmin.id)('POST', BASE, {
      facilityId: f.facilityId,
      ehrProvider: 'X',
      resourceField: 'resident.firstName',
    });
    expect(byCare.statusCode).toBe(403);
  });

  it('another community: cannot lock here (403), cannot unlock ours (404), does not see ours', async () => {
    const lock = (
      await as(f.staff.manager.id)('POST', BASE, {
        facilityId: f.facilityId,
        ehrProvider: 'Y',
        resourceField: 'resident.email',
      })
    ).json() as TEhrLockedField;
    const them = as(other.staff.manager.id);
    expect((await them('DELETE', `${BASE}/${lock.id}`)).statusCode).toBe(404);
    expect(
      (
        await them('POST', BASE, {
          facilityId: f.facilityId,
          ehrProvider: 'Y',
          resourceField: 'resident.lastName',
        })
      ).statusCode,
    ).toBe(403);
    expect(((await them('GET', BASE)).json() as TEhrLockedField[]).map((l) => l.id)).not.toContain(lock.id);
    expect(await t.db.prisma.ehrLockedField.count({ where: { id: lock.id } })).toBe(1);
  });
});
