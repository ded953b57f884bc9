import type { TFacility } from '@sage/contract';
import { createTestFacility, randomTestPhoneNumber, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

const BASE = '/admin/api/v1/facilities';

describe('[ADMIN][FACILITIES]: communities of a company, confined to the caller (decision 0170)', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const as = (id: string) => caller(t, id);
  const newFacility = (overrides: Record<string, unknown> = {}) => ({
    enterpriseId: f.enterpriseId,
    name: `Birch Hall ${Math.random().toString(36).slice(2, 8)}`,
    timezone: 'America/Denver',
    emergencyNotificationNumber: randomTestPhoneNumber(),
    messageDeliveryMethods: ['PUSH_NOTIFICATION'],
    facilityConfig: { isAlertLocationEnabled: true, routineCheckIntervalInMin: 120 },
    ...overrides,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('lists my communities, by company and by emergency number; another company in the filter is 403', async () => {
    const mine = await as(f.staff.caregiver.id)('GET', `${BASE}?enterpriseId=${f.enterpriseId}`);
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as TFacility[]).map((x) => x.id)).toEqual([f.facilityId]);
    const byNumber = await as(f.staff.caregiver.id)(
      'GET',
      `${BASE}?emergencyNotificationNumber=${encodeURIComponent(f.emergencyNotificationNumber)}`,
    );
    expect((byNumber.json() as TFacility[]).map((x) => x.id)).toEqual([f.facilityId]);
    const theirs = await as(f.staff.caregiver.id)(
      'GET',
      `${BASE}?emergencyNotificationNumber=${encodeURIComponent(other.emergencyNotificationNumber)}`,
    );
    expect(theirs.json()).toEqual([]);
    expect(
      (await as(f.staff.caregiver.id)('GET', `${BASE}?enterpriseId=${other.enterpriseId}`)).statusCode,
    ).toBe(403);
    const bad = await as(f.staff.caregiver.id)('GET', `${BASE}?emergencyNotificationNumber=911`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ field: 'querystring.emergencyNotificationNumber' });
  });

  it('the management-group admin creates a community with its groups; the company admin then sees it', async () => {
    const body = newFacility();
    const res = await as(f.staff.manager.id)('POST', BASE, body);
    expect(res.statusCode).toBe(201);
    const created = res.json() as TFacility;
    expect(created).toMatchObject({
      enterpriseId: f.enterpriseId,
      name: body.name,
      timezone: 'America/Denver',
      status: 'ACTIVE',
      emergencyNotificationNumber: body.emergencyNotificationNumber,
      messageDeliveryMethods: ['PUSH_NOTIFICATION'],
      facilityConfig: {
        isAlertLocationEnabled: true,
        isObservationsEnabled: true,
        routineCheckIntervalInMin: 120,
      },
    });
    const groups = await t.db.prisma.group.findMany({ where: { facilityId: created.id } });
    expect(groups.map((g) => g.type).sort()).toContain('Management');
    expect(groups).toHaveLength(9);

    expect((await as(f.staff.manager.id)('GET', `${BASE}/${created.id}`)).statusCode).toBe(200);
    // A caregiver of the sister community does not work there: 404.
    expect((await as(f.staff.caregiver.id)('GET', `${BASE}/${created.id}`)).statusCode).toBe(404);
    // Provider support sees it too.
    expect((await as(other.staff.support.id)('GET', `${BASE}/${created.id}`)).statusCode).toBe(200);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = await t.db.prisma.facility.count();
    const zone = await as(f.staff.manager.id)('POST', BASE, newFacility({ timezone: 'Mars/Olympus' }));
    expect(zone.statusCode).toBe(400);
    expect(zone.json().issues[0]).toMatchObject({ field: 'body.timezone' });
    const phone = await as(f.staff.manager.id)(
      'POST',
      BASE,
      newFacility({ emergencyNotificationNumber: '+11234567890' }),
    );
    expect(phone.statusCode).toBe(400);
    expect(phone.json().issues[0]).toEqual({
      field: 'body.emergencyNotificationNumber',
      rule: 'phone',
      message: 'Phone number is invalid',
    });
    const interval = await as(f.staff.manager.id)(
      'POST',
      BASE,
      newFacility({ facilityConfig: { routineCheckIntervalInMin: 0 } }),
    );
    expect(interval.json().issues[0]).toMatchObject({
      field: 'body.facilityConfig.routineCheckIntervalInMin',
    });
    const method = await as(f.staff.manager.id)(
      'POST',
      BASE,
      newFacility({ messageDeliveryMethods: ['FAX'] }),
    );
    expect(method.json().issues[0]).toMatchObject({ field: 'body.messageDeliveryMethods.0', rule: 'enum' });
    expect(await t.db.prisma.facility.count()).toBe(before);
  });

  it('403 for care staff, 404 for another company, 409 for a name the company has', async () => {
    expect((await as(f.staff.caregiver.id)('POST', BASE, newFacility())).statusCode).toBe(403);
    expect(
      (await as(f.staff.manager.id)('POST', BASE, newFacility({ enterpriseId: other.enterpriseId })))
        .statusCode,
    ).toBe(404);
    const name = (await t.db.prisma.facility.findUniqueOrThrow({ where: { id: f.facilityId } })).name;
    const dup = await as(f.staff.manager.id)('POST', BASE, newFacility({ name }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('FACILITY_NAME_TAKEN');
  });

  it('two admins creating the same community at once: one 201, one 409, nothing half-written', async () => {
    const body = newFacility();
    const replies = await Promise.all([
      as(f.staff.manager.id)('POST', BASE, body),
      as(f.staff.manager.id)('POST', BASE, body),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const made = await t.db.prisma.facility.findMany({
      where: { enterpriseId: f.enterpriseId, name: body.name },
    });
    expect(made).toHaveLength(1);
    // The loser's groups were rolled back with it: only the winner's nine.
    expect(await t.db.prisma.group.count({ where: { facility: { name: body.name } } })).toBe(9);
  });

  it('edits a community (stale write 409), changes its status; another company’s community is 404', async () => {
    const current = (await as(f.staff.manager.id)('GET', `${BASE}/${f.facilityId}`)).json() as TFacility;
    const edit = {
      name: current.name,
      timezone: 'America/New_York',
      taskNotificationNumber: null,
      facilityConfig: { isObservationsEnabled: false, routineCheckIntervalInMin: null },
      updatedAt: current.updatedAt,
    };
    const res = await as(f.staff.manager.id)('PUT', `${BASE}/${f.facilityId}`, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      timezone: 'America/New_York',
      taskNotificationNumber: null,
      emergencyNotificationNumber: current.emergencyNotificationNumber,
      facilityConfig: { isObservationsEnabled: false, routineCheckIntervalInMin: null },
    });
    const stale = await as(f.staff.manager.id)('PUT', `${BASE}/${f.facilityId}`, {
      ...edit,
      timezone: 'UTC',
    });
    expect(stale.statusCode).toBe(409);

    const status = await as(f.staff.manager.id)('PUT', `${BASE}/status/${f.facilityId}`, {
      status: 'INACTIVE',
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ status: 'INACTIVE' });
    const badStatus = await as(f.staff.manager.id)('PUT', `${BASE}/status/${f.facilityId}`, {
      status: 'GONE',
    });
    expect(badStatus.json().issues[0]).toMatchObject({ field: 'body.status', rule: 'enum' });
    expect(
      (await as(f.staff.caregiver.id)('PUT', `${BASE}/status/${f.facilityId}`, { status: 'ACTIVE' }))
        .statusCode,
    ).toBe(403);

    expect((await as(f.staff.manager.id)('GET', `${BASE}/${other.facilityId}`)).statusCode).toBe(404);
    expect((await as(f.staff.manager.id)('PUT', `${BASE}/${other.facilityId}`, edit)).statusCode).toBe(404);
    expect(
      (await as(f.staff.manager.id)('PUT', `${BASE}/status/${other.facilityId}`, { status: 'INACTIVE' }))
        .statusCode,
    ).toBe(404);
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${other.facilityId}`)).statusCode).toBe(404);
    const theirs = await t.db.prisma.facility.findUniqueOrThrow({ where: { id: other.facilityId } });
    expect(theirs.status).toBe('ACTIVE');
  });

  it('a community in use is not deleted (409: set it INACTIVE); an empty one is', async () => {
    const inUse = await as(f.staff.manager.id)('DELETE', `${BASE}/${f.facilityId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('FACILITY_IN_USE');
    expect(await t.db.prisma.unit.count({ where: { facilityId: f.facilityId } })).toBeGreaterThan(0);

    const empty = (await as(f.staff.manager.id)('POST', BASE, newFacility())).json() as TFacility;
    const gone = await as(f.staff.manager.id)('DELETE', `${BASE}/${empty.id}`);
    expect(gone.statusCode).toBe(200);
    expect(await t.db.prisma.group.count({ where: { facilityId: empty.id } })).toBe(0);
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${empty.id}`)).statusCode).toBe(404);
  });
});
