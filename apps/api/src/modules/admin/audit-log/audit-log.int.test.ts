import type { TAuditLogEntry, TAuditLogPage } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { buildTestApp, type TestApp } from '../../../test/app';

const LOG = '/admin/api/v1/auditLog';
const UA = 'Mozilla/5.0 (Linux; Android 10) audit-test';

describe('[ADMIN][AUDIT LOG]: every write and PHI/PII read recorded, append-only, read by management admins', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const call = async (
    as: string,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(await t.headersFor(as)), 'user-agent': UA },
      remoteAddress: '203.0.113.7',
      ...(payload ? { payload } : {}),
    });
  const search = async (as: string, query: string) => call(as, 'GET', `${LOG}?${query}`);
  const entries = async (query: string): Promise<TAuditLogEntry[]> => {
    const res = await search(f.staff.manager.id, `facilityId=${f.facilityId}&${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as TAuditLogPage).entries;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('records a PHI read (GET of a resident) with who, where, what, the route pattern and the client', async () => {
    const resident = f.residents.AL.id;
    const before = new Date();
    expect((await call(f.staff.caregiver.id, 'GET', `/admin/api/v1/residents/${resident}`)).statusCode).toBe(
      200,
    );
    const [entry, ...rest] = await entries(`resourceId=${resident}&staffMemberId=${f.staff.caregiver.id}`);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      staffMemberId: f.staff.caregiver.id,
      staffMemberName: `${f.staff.caregiver.firstName} ${f.staff.caregiver.lastName}`,
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      action: 'READ',
      dataCategory: 'PHI',
      method: 'GET',
      route: '/admin/api/v1/residents/:residentId',
      resourceIds: [resident],
      statusCode: 200,
      clientAddress: '203.0.113.7',
      userAgent: UA,
    });
    expect(new Date(entry!.occurredAt).getTime()).toBeGreaterThanOrEqual(before.getTime() - 5);
  });

  it('records a write (PUT of staff preferences) with its status, and a refused one too', async () => {
    const me = f.staff.caregiver.id;
    const url = `/admin/api/v1/staffFacilityPreferences/staff/${me}/facility/${f.facilityId}`;
    expect((await call(me, 'PUT', url, { pinnedResidentIds: [f.residents.AL.id] })).statusCode).toBe(200);
    expect((await call(me, 'PUT', url, { pinnedResidentIds: 'nope' })).statusCode).toBe(400);
    const writes = await entries(`resourceId=${me}&action=UPDATE`);
    const route = '/admin/api/v1/staffFacilityPreferences/staff/:staffMemberId/facility/:facilityId';
    // Validation runs before authentication (decision 0009): the refused request is recorded without a
    // staff member, since its token was never checked.
    expect(writes.map((e) => [e.method, e.route, e.statusCode, e.dataCategory, e.staffMemberId])).toEqual([
      ['PUT', route, 400, null, null],
      ['PUT', route, 200, null, me],
    ]);
    expect(writes[0]!.resourceIds).toEqual([me, f.facilityId]);
  });

  it('does not record plain reads of unmarked routes (units list)', async () => {
    expect(
      (await call(f.staff.caregiver.id, 'GET', `/admin/api/v1/units?facilityId=${f.facilityId}`)).statusCode,
    ).toBe(200);
    const reads = await entries(`staffMemberId=${f.staff.caregiver.id}&action=READ`);
    expect(reads.some((e) => e.route.startsWith('/admin/api/v1/units'))).toBe(false);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the table (append-only trigger)', async () => {
    await t.app.auditLog.flush();
    const count = await t.db.prisma.auditLogEntry.count();
    expect(count).toBeGreaterThan(0);
    await expect(
      t.db.prisma.$executeRawUnsafe(`UPDATE "AuditLogEntry" SET "statusCode" = 201`),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.prisma.$executeRawUnsafe(`DELETE FROM "AuditLogEntry"`)).rejects.toThrow(/append-only/);
    await expect(t.db.prisma.$executeRawUnsafe(`TRUNCATE "AuditLogEntry"`)).rejects.toThrow(/append-only/);
    expect(await t.db.prisma.auditLogEntry.count()).toBe(count);
  });

  it('refuses the log to a caregiver (403) and hides another community (404; its manager sees none of ours)', async () => {
    const caregiver = await search(f.staff.caregiver.id, `facilityId=${f.facilityId}`);
    expect(caregiver.statusCode).toBe(403);
    expect((await search(other.staff.manager.id, `facilityId=${f.facilityId}`)).statusCode).toBe(404);
    const theirs = await search(other.staff.manager.id, `facilityId=${other.facilityId}`);
    expect(theirs.statusCode).toBe(200);
    const ids = new Set([f.staff.caregiver.id, f.staff.manager.id, f.residents.AL.id]);
    for (const e of (theirs.json() as TAuditLogPage).entries) {
      expect(e.facilityId).toBe(other.facilityId);
      expect(ids.has(e.staffMemberId ?? '')).toBe(false);
      expect(e.resourceIds.some((id) => ids.has(id))).toBe(false);
    }
  });

  it('pages newest first with a page token, and names the field of a bad filter', async () => {
    const first = await search(f.staff.manager.id, `facilityId=${f.facilityId}&pageSize=1`);
    const page = first.json() as TAuditLogPage;
    expect(page.entries).toHaveLength(1);
    expect(page.nextPageToken).not.toBeNull();
    const next = (
      await search(
        f.staff.manager.id,
        `facilityId=${f.facilityId}&pageSize=1&pageToken=${page.nextPageToken}`,
      )
    ).json() as TAuditLogPage;
    expect(BigInt(next.entries[0]!.id)).toBeLessThan(BigInt(page.entries[0]!.id));
    const bad = await search(f.staff.manager.id, `facilityId=${f.facilityId}&from=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].field).toContain('from');
  });

  it('exports the filtered log as CSV, reading the log being itself recorded', async () => {
    const res = await call(
      f.staff.manager.id,
      'GET',
      `${LOG}/export?facilityId=${f.facilityId}&resourceId=${f.residents.AL.id}&action=READ`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'occurredAt,staffMemberId,staffMemberName,enterpriseId,facilityId,action,dataCategory,method,route,resourceIds,statusCode,clientAddress,userAgent',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(
      `${f.staff.caregiver.id},${f.staff.caregiver.firstName} ${f.staff.caregiver.lastName},${f.enterpriseId},${f.facilityId},READ,PHI,GET,/admin/api/v1/residents/:residentId,${f.residents.AL.id},200,203.0.113.7,`,
    );
    expect(rows[0]).toMatch(/,Mozilla\/5\.0 \(Linux; Android 10\) audit-test$/);
    const exports = await entries(`staffMemberId=${f.staff.manager.id}&action=READ`);
    expect(exports.some((e) => e.route === '/admin/api/v1/auditLog/export' && e.dataCategory === 'PII')).toBe(
      true,
    );
  });

  it('writes what is queued when the app closes, before its own database connection closes (clean shutdown)', async () => {
    // An app that opens (and on close, disconnects) its own database client, as the server does.
    const own = await buildApp(t.config, { logger: false });
    await own.ready();
    const res = await own.inject({
      method: 'GET',
      url: `/admin/api/v1/residents/${f.residents.MC.id}`,
      headers: await t.headersFor(f.staff.nurse.id),
    });
    expect(res.statusCode).toBe(200);
    expect(own.auditLog.pending).toBe(1);
    await own.close();
    const rows = await t.db.prisma.auditLogEntry.findMany({
      where: { resourceIds: { has: f.residents.MC.id }, staffMemberId: f.staff.nurse.id },
    });
    expect(rows).toHaveLength(1);
  });
});
