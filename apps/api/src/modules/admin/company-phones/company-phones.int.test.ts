import type { TCompanyPhoneDetail } from '@sage/contract';
import { createTestFacility, randomTestPhoneNumber, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

const BASE = '/admin/api/v1/companyPhones';

describe('[ADMIN][COMPANY PHONES]: community phones, managed by management, confined to the caller', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const as = (id: string) => caller(t, id);
  const create = (who: string, body: Record<string, unknown>) => as(who)('POST', BASE, body);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('lists my community’s phones (paged, searchable); another community in the filter is 403', async () => {
    const res = await as(f.staff.caregiver.id)('GET', `${BASE}?facilityId=${f.facilityId}`);
    expect(res.statusCode).toBe(200);
    const phones = res.json() as TCompanyPhoneDetail[];
    expect(phones.map((p) => p.id).sort()).toEqual(f.companyPhones.map((p) => p.id).sort());
    const [first] = f.companyPhones;
    const found = (
      await as(f.staff.caregiver.id)(
        'GET',
        `${BASE}?search=${encodeURIComponent(first!.displayName.toLowerCase())}`,
      )
    ).json() as TCompanyPhoneDetail[];
    expect(found.map((p) => p.id)).toEqual([first!.id]);
    const byNumber = (
      await as(f.staff.caregiver.id)(
        'GET',
        `${BASE}?search=${encodeURIComponent(first!.phoneNumber.slice(2))}`,
      )
    ).json() as TCompanyPhoneDetail[];
    expect(byNumber.map((p) => p.id)).toEqual([first!.id]);
    expect((await as(f.staff.caregiver.id)('GET', `${BASE}?pageSize=1`)).json()).toHaveLength(1);
    expect((await as(f.staff.caregiver.id)('GET', `${BASE}?facilityId=${other.facilityId}`)).statusCode).toBe(
      403,
    );
    const all = (await as(f.staff.caregiver.id)('GET', BASE)).json() as TCompanyPhoneDetail[];
    expect(all.map((p) => p.facilityId)).not.toContain(other.facilityId);
  });

  it('a manager adds, reads and edits a phone; a stale edit is a 409', async () => {
    const phoneNumber = randomTestPhoneNumber();
    const res = await create(f.staff.manager.id, {
      facilityId: f.facilityId,
      displayName: 'Night Nurse',
      phoneNumber,
    });
    expect(res.statusCode).toBe(201);
    const phone = res.json() as TCompanyPhoneDetail;
    expect(phone).toMatchObject({
      displayName: 'Night Nurse',
      phoneNumber,
      facilityId: f.facilityId,
      inUseBy: null,
    });

    expect((await as(f.staff.caregiver.id)('GET', `${BASE}/${phone.id}`)).json()).toMatchObject({
      id: phone.id,
    });
    const edited = await as(f.staff.manager.id)('PUT', `${BASE}/${phone.id}`, {
      displayName: 'Night Nurse 2',
      phoneNumber,
      updatedAt: phone.updatedAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ displayName: 'Night Nurse 2' });
    const stale = await as(f.staff.manager.id)('PUT', `${BASE}/${phone.id}`, {
      displayName: 'Lost',
      phoneNumber,
      updatedAt: phone.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('400 naming the field, 403 for care staff, 404 for another community, 409 for a number it has', async () => {
    const bad = await create(f.staff.manager.id, {
      facilityId: f.facilityId,
      displayName: 'X',
      phoneNumber: '+11234567890',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({
      field: 'body.phoneNumber',
      rule: 'phone',
      message: 'Phone number is invalid',
    });
    const blank = await create(f.staff.manager.id, {
      facilityId: f.facilityId,
      displayName: '',
      phoneNumber: randomTestPhoneNumber(),
    });
    expect(blank.json().issues[0]).toMatchObject({ field: 'body.displayName', rule: 'minimum' });
    const notE164 = await create(f.staff.manager.id, {
      facilityId: f.facilityId,
      displayName: 'X',
      phoneNumber: '4155550100',
    });
    expect(notE164.json().issues[0]).toMatchObject({ field: 'body.phoneNumber' });

    const body = { facilityId: f.facilityId, displayName: 'Y', phoneNumber: randomTestPhoneNumber() };
    expect((await create(f.staff.caregiver.id, body)).statusCode).toBe(403);
    expect((await create(f.staff.manager.id, { ...body, facilityId: other.facilityId })).statusCode).toBe(
      404,
    );
    const dup = await create(f.staff.manager.id, { ...body, phoneNumber: f.companyPhones[0]!.phoneNumber });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('COMPANY_PHONE_NUMBER_TAKEN');

    const theirs = other.companyPhones[0]!;
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (
        await as(f.staff.manager.id)('PUT', `${BASE}/${theirs.id}`, {
          displayName: 'Mine',
          phoneNumber: theirs.phoneNumber,
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${theirs.id}`)).statusCode).toBe(404);
    const still = await t.db.prisma.companyPhone.findUniqueOrThrow({ where: { id: theirs.id } });
    expect(still.displayName).toBe(theirs.displayName);
  });

  it('two managers adding the same number at once: one 201, one 409, one phone', async () => {
    const phoneNumber = randomTestPhoneNumber();
    const body = (displayName: string) => ({ facilityId: f.facilityId, displayName, phoneNumber });
    const replies = await Promise.all([
      create(f.staff.manager.id, body('Race A')),
      create(f.staff.manager.id, body('Race B')),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.prisma.companyPhone.count({ where: { facilityId: f.facilityId, phoneNumber } })).toBe(
      1,
    );
  });

  it('bulk creates all or none', async () => {
    const a = randomTestPhoneNumber();
    const before = await t.db.prisma.companyPhone.count({ where: { facilityId: f.facilityId } });
    const clash = await as(f.staff.manager.id)('POST', `${BASE}/bulk`, {
      companyPhones: [
        { facilityId: f.facilityId, displayName: 'Bulk A', phoneNumber: a },
        { facilityId: f.facilityId, displayName: 'Bulk B', phoneNumber: a },
      ],
    });
    expect(clash.statusCode).toBe(409);
    const badSecond = await as(f.staff.manager.id)('POST', `${BASE}/bulk`, {
      companyPhones: [
        { facilityId: f.facilityId, displayName: 'Bulk A', phoneNumber: a },
        { facilityId: f.facilityId, displayName: 'Bulk B', phoneNumber: '+11234567890' },
      ],
    });
    expect(badSecond.json().issues[0]).toMatchObject({
      field: 'body.companyPhones.1.phoneNumber',
      rule: 'phone',
    });
    expect(await t.db.prisma.companyPhone.count({ where: { facilityId: f.facilityId } })).toBe(before);

    const ok = await as(f.staff.manager.id)('POST', `${BASE}/bulk`, {
      companyPhones: [
        { facilityId: f.facilityId, displayName: 'Bulk A', phoneNumber: a },
        { facilityId: f.facilityId, displayName: 'Bulk B', phoneNumber: randomTestPhoneNumber() },
      ],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toHaveLength(2);
  });

  it('deletes by ids, all or none: a phone in use on shift is a 409, another community’s id a 404', async () => {
    const mk = async (name: string) =>
      (
        await create(f.staff.manager.id, {
          facilityId: f.facilityId,
          displayName: name,
          phoneNumber: randomTestPhoneNumber(),
        })
      ).json() as TCompanyPhoneDetail;
    const [p1, p2, p3] = [await mk('Del 1'), await mk('Del 2'), await mk('Del 3')];

    const foreign = await as(f.staff.manager.id)(
      'DELETE',
      `${BASE}?companyPhoneRids=${p1.id}&companyPhoneRids=${other.companyPhones[0]!.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await t.db.prisma.companyPhone.count({ where: { id: p1.id } })).toBe(1);

    const onShift = await as(f.staff.caregiver.id)(
      'POST',
      `/admin/api/v1/staff/${f.staff.caregiver.id}/on-call/${f.facilityId}`,
      {
        isOnCall: true,
        companyPhoneId: p3.id,
      },
    );
    expect(onShift.statusCode).toBe(200);
    const inUse = await as(f.staff.manager.id)(
      'DELETE',
      `${BASE}?companyPhoneRids=${p2.id}&companyPhoneRids=${p3.id}`,
    );
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('COMPANY_PHONE_IN_USE');
    expect(await t.db.prisma.companyPhone.count({ where: { id: { in: [p2.id, p3.id] } } })).toBe(2);

    expect((await as(f.staff.caregiver.id)('DELETE', `${BASE}?companyPhoneRids=${p1.id}`)).statusCode).toBe(
      403,
    );
    const gone = await as(f.staff.manager.id)(
      'DELETE',
      `${BASE}?companyPhoneRids=${p1.id}&companyPhoneRids=${p2.id}`,
    );
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ deleted: [p1.id, p2.id] });
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${p1.id}`)).statusCode).toBe(404);
    const none = await as(f.staff.manager.id)('DELETE', BASE);
    expect(none.json().issues[0]).toMatchObject({ field: 'querystring.companyPhoneRids' });
  });
});
