import { TASK_HISTORY_CSV_COLUMNS, TASK_HISTORY_EXPORT_PATH } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

/** The task history export (HIPAA 164.316 records; decision 0518): CSV per facility and date range. */
let t: TestApp;
let f: TestFacility;
let other: TestFacility;
let inRange: string;
let before: string;

beforeAll(async () => {
  t = await buildTestApp();
  [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  const task = (
    facility: TestFacility,
    title: string,
    at: string,
    updates: [string, string, string | null][],
  ) =>
    t.db.prisma.task.create({
      data: {
        facilityId: facility.facilityId,
        enterpriseId: facility.enterpriseId,
        title,
        severity: 'HIGH_PRIORITY',
        severityRank: 3,
        status: 'CLOSED_RESOLVED',
        unitId: facility.units.AL.id,
        residentId: facility.residents.AL.id,
        creationTimestamp: new Date(at),
        resolvedAt: new Date(new Date(at).getTime() + 300_000),
        updates: {
          create: updates.map(([type, description, by], i) => ({
            facilityId: facility.facilityId,
            type: type as never,
            description,
            creatorStaffMemberId: by,
            createdAt: new Date(new Date(at).getTime() + i * 60_000),
          })),
        },
      },
    });
  inRange = (
    await task(f, '=HYPERLINK("x") needs assistance', '2026-03-10T08:00:00.000Z', [
      ['CREATED', 'Pendant pressed', null],
      ['CLAIM', 'Claimed by Casey', f.staff.caregiver.id],
      ['CARE_CONFIRMED', 'Care confirmed', null],
      ['CLOSED', 'Resolved, "all good"', f.staff.caregiver.id],
    ])
  ).id;
  before = (await task(f, 'Earlier call', '2026-01-02T08:00:00.000Z', [['CREATED', 'Created', null]])).id;
  await task(other, 'Another community', '2026-03-10T08:00:00.000Z', [['CREATED', 'Created', null]]);
});
afterAll(() => t.close());

const exportAs = (who: string, query: string) =>
  caller(t, who)('GET', `${TASK_HISTORY_EXPORT_PATH}?${query}`);

describe('[SAFETY][HIPAA-164.316]: GET /admin/api/v1/taskHistory/export', () => {
  it('one CSV row per update of the tasks created in the range, oldest first, formulas defused', async () => {
    const res = await exportAs(
      f.staff.manager.id,
      `facilityId=${f.facilityId}&from=2026-03-01T00:00:00.000Z&to=2026-03-31T00:00:00.000Z`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(TASK_HISTORY_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(5);
    expect(lines.slice(1).every((l) => l.startsWith(`${inRange},2026-03-10T08:00:00.000Z,`))).toBe(true);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") needs assistance",ALERT,HIGH_PRIORITY,CLOSED_RESOLVED,`);
    expect(lines[2]).toContain(
      `,CLAIM,Claimed by Casey,,${f.staff.caregiver.id},${f.staff.caregiver.firstName} ${f.staff.caregiver.lastName}`,
    );
    expect(lines[4]).toContain(',CLOSED,"Resolved, ""all good""",');
    expect(res.body).not.toContain(before);
    expect(res.body).not.toContain('Another community');
  });

  it('without dates: the whole history of the facility, oldest first', async () => {
    const res = await exportAs(f.staff.manager.id, `facilityId=${f.facilityId}`);
    const ids = res.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(ids).toEqual([before, inRange, inRange, inRange, inRange]);
  });

  it('management-group admins only (403), another community 404, bad dates 400; the export is audited', async () => {
    expect((await exportAs(f.staff.caregiver.id, `facilityId=${f.facilityId}`)).statusCode).toBe(403);
    expect((await exportAs(f.staff.careAdmin.id, `facilityId=${f.facilityId}`)).statusCode).toBe(403);
    expect((await exportAs(other.staff.manager.id, `facilityId=${f.facilityId}`)).statusCode).toBe(404);
    const bad = await exportAs(
      f.staff.manager.id,
      `facilityId=${f.facilityId}&from=2026-03-02T00:00:00.000Z&to=2026-03-01T00:00:00.000Z`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].field).toBe('querystring.to');
    await t.app.auditLog.flush();
    const audited = await t.db.prisma.auditLogEntry.findMany({
      where: { route: TASK_HISTORY_EXPORT_PATH, staffMemberId: f.staff.manager.id, statusCode: 200 },
    });
    expect(audited.length).toBeGreaterThan(0);
    expect(audited[0]).toMatchObject({ action: 'READ', dataCategory: 'PHI', facilityId: f.facilityId });
  });
});
