import {
  OPEN_TASK_STATUSES,
  SEVERITY_VALUES,
  TaskKind,
  type TSearchTasksRequest,
  type TTaskPageReply,
  ZSearchTasksRequestSchema,
  ZTaskPageReplySchema,
  ZTaskReplySchema,
} from '@sage/contract';
import type { Prisma } from '@sage/db';
import type { TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import {
  caller,
  EVERY_SEVERITY,
  EVERY_TASK_STATUS,
  facilitiesWithSharedNurse,
  taskSearchBodies,
} from '../../../test/tasks';
import { facilityScope, loadViewer, type Viewer, visibleTasksWhere } from './access';
import { loadTaskPage } from './task-page';
import { loadTaskReply } from './task-reply';

/**
 * The hand-written search and task read (decision 0390) against the Prisma queries they replaced: the same
 * tasks, in the same order, the same totals, for every filter, page, sort and caller; and every reply is the
 * contract's (parsing it with the reply schema changes nothing: no field missing, none extra).
 */
const TASKS = '/admin/api/v1/tasks';

/** The search as it was before decision 0390 (Prisma's where, order and page), kept here as the reference. */
async function searchViaPrisma(
  t: TestApp,
  viewer: Viewer,
  body: TSearchTasksRequest,
): Promise<TTaskPageReply> {
  const facilities = facilityScope(viewer, body.facilityId);
  const filters: Prisma.TaskWhereInput[] = [visibleTasksWhere(viewer, facilities)];
  if (body.statuses) filters.push({ status: { in: body.statuses } });
  filters.push({ kind: { in: body.kinds ?? [TaskKind.ALERT] } });
  if (body.severities) filters.push({ severity: { in: body.severities } });
  if (body.unitIds) filters.push({ unitId: { in: body.unitIds } });
  if (body.residentIds) filters.push({ residentId: { in: body.residentIds } });
  if (body.assigneeIds) filters.push({ assigneeId: { in: body.assigneeIds } });
  if (body.createdAfter) filters.push({ creationTimestamp: { gte: body.createdAfter } });
  if (body.createdBefore) filters.push({ creationTimestamp: { lt: body.createdBefore } });
  const open: ReadonlySet<string> = new Set(OPEN_TASK_STATUSES);
  const closedOnly = body.statuses?.length && body.statuses.every((s) => !open.has(s));
  const orderBy: Prisma.TaskOrderByWithRelationInput[] = closedOnly
    ? [{ creationTimestamp: 'desc' }, { id: 'asc' }]
    : [{ kind: 'asc' }, { severityRank: 'asc' }, { creationTimestamp: 'asc' }, { id: 'asc' }]; // calls before trouble (decision 0516)
  const where = { AND: filters };
  const [rows, totalCount] = await Promise.all([
    t.db.prisma.task.findMany({
      where,
      select: { id: true },
      orderBy,
      skip: body.pageNumber * body.pageSize,
      take: body.pageSize,
    }),
    t.db.prisma.task.count({ where }),
  ]);
  const tasks = await loadTaskPage(
    t.db.prisma,
    rows.map((r) => r.id),
  );
  return { tasks, pageNumber: body.pageNumber, pageSize: body.pageSize, totalCount };
}

describe('[TASKS][SEARCH-SQL]: the one-statement search and read equal the Prisma queries they replaced', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const base = Date.parse('2026-11-01T08:00:00.000Z');

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await facilitiesWithSharedNurse(t);
    const statuses = EVERY_TASK_STATUS;
    const severities = EVERY_SEVERITY;
    const residents = Object.values(f.residents);
    const assignees = [null, f.staff.caregiver.id, f.staff.housekeeper.id, f.staff.nurse.id];
    const groups = [null, f.groups.CareStaff, f.groups.Housekeeping];
    const rows: Prisma.TaskCreateManyInput[] = [];
    for (let i = 0; i < 90; i++) {
      const resident = i % 7 === 0 ? null : residents[i % residents.length]!;
      const severity = severities[i % severities.length]!;
      rows.push({
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: `Task ${i}`,
        status: statuses[i % statuses.length]!,
        severity,
        severityRank: SEVERITY_VALUES[severity],
        kind: i % 11 === 0 ? 'DEVICE_TROUBLE' : 'ALERT',
        residentId: resident?.id ?? null,
        unitId: resident?.unitId ?? null,
        assigneeId: assignees[i % assignees.length] ?? null,
        assigneeGroupId: groups[i % groups.length] ?? null,
        // Three tasks at a time share a creation time (closed ones among them): the id decides their order.
        creationTimestamp: new Date(base + Math.floor(i / 3) * 3_600_000),
      });
    }
    for (let i = 0; i < 12; i++) {
      rows.push({
        facilityId: other.facilityId,
        enterpriseId: other.enterpriseId,
        title: `Other ${i}`,
        status: statuses[i % statuses.length]!,
        severity: 'EMERGENCY',
        severityRank: SEVERITY_VALUES.EMERGENCY,
        creationTimestamp: new Date(base + i * 3_600_000),
      });
    }
    await t.db.prisma.task.createMany({ data: rows });
  });
  afterAll(() => t.close());

  const bodies = () => taskSearchBodies(f, base, { after: 10, before: 20, from: 5, to: 40 });

  it('every filter, page and sort: the same page and total as the Prisma search, for each kind of caller', async () => {
    // A caregiver sees the whole facility; a housekeeper (operations) only tasks assigned to them or their
    // groups; the nurse works in two facilities.
    const callers = [f.staff.caregiver.id, f.staff.housekeeper.id, f.staff.nurse.id];
    let compared = 0;
    for (const staffId of callers) {
      const viewer = await loadViewer(t.db.prisma, staffId);
      for (const input of bodies()) {
        const res = await caller(t, staffId)('POST', `${TASKS}/search`, input);
        expect(res.statusCode, JSON.stringify(input)).toBe(200);
        const reply = res.json() as TTaskPageReply;
        const expected = await searchViaPrisma(t, viewer, ZSearchTasksRequestSchema.parse(input));
        expect(reply, `${staffId} ${JSON.stringify(input)}`).toEqual(expected);
        expect(ZTaskPageReplySchema.parse(reply)).toEqual(reply);
        compared += reply.tasks.length;
      }
    }
    // The comparisons covered real pages, not empty ones.
    expect(compared).toBeGreaterThan(300);
    const nurseAll = (await caller(t, f.staff.nurse.id)('POST', `${TASKS}/search`, { pageSize: 200 })).json();
    expect(new Set(nurseAll.tasks.map((x: { facilityId: string }) => x.facilityId))).toEqual(
      new Set([f.facilityId, other.facilityId]),
    );
    const housekeeper = (
      await caller(t, f.staff.housekeeper.id)('POST', `${TASKS}/search`, { pageSize: 200 })
    ).json() as TTaskPageReply;
    expect(housekeeper.totalCount).toBeGreaterThan(0);
    expect(housekeeper.totalCount).toBeLessThan(nurseAll.totalCount);
  });

  it("another facility's search is a 403 naming it; bad filters are a 400 naming the field", async () => {
    const res = await caller(t, f.staff.caregiver.id)('POST', `${TASKS}/search`, {
      facilityId: other.facilityId,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain(other.facilityId);
    const bad = await caller(t, f.staff.caregiver.id)('POST', `${TASKS}/search`, { statuses: ['NOPE'] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().issues)).toContain('body.statuses');
  });

  it('GET /tasks/{id}: the same reply as the single-task reader, the contract shape, and 404 where not visible', async () => {
    const tasks = await t.db.prisma.task.findMany({
      where: { facilityId: f.facilityId },
      select: { id: true, assigneeId: true, assigneeGroupId: true },
    });
    for (const task of tasks.slice(0, 20)) {
      const res = await caller(t, f.staff.caregiver.id)('GET', `${TASKS}/${task.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const reply = res.json();
      expect(reply).toEqual(await loadTaskReply(t.db.prisma, task.id));
      expect(ZTaskReplySchema.parse(reply)).toEqual(reply);
    }
    // The housekeeper sees a task assigned to them, not one assigned to nobody they belong with.
    const housekeeperId = f.staff.housekeeper.id;
    const theirs = tasks.find((x) => x.assigneeId === housekeeperId)!;
    const notTheirs = tasks.find(
      (x) => x.assigneeId !== housekeeperId && x.assigneeGroupId !== f.groups.Housekeeping,
    )!;
    expect((await caller(t, housekeeperId)('GET', `${TASKS}/${theirs.id}`)).statusCode).toBe(200);
    const hidden = await caller(t, housekeeperId)('GET', `${TASKS}/${notTheirs.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(`Task ${notTheirs.id} not found`);
    // Another facility's task and one that does not exist read the same: 404.
    const otherTask = await t.db.prisma.task.findFirstOrThrow({ where: { facilityId: other.facilityId } });
    expect((await caller(t, f.staff.caregiver.id)('GET', `${TASKS}/${otherTask.id}`)).statusCode).toBe(404);
    expect((await caller(t, f.staff.caregiver.id)('GET', `${TASKS}/no-such-task`)).statusCode).toBe(404);
  });

  it('an archived staff member keeps no access, even with a token issued before', async () => {
    const headers = await t.headersFor(f.staff.culinary.id);
    await t.db.prisma.staffMember.update({ where: { id: f.staff.culinary.id }, data: { isArchived: true } });
    const viewer = await loadViewer(t.db.prisma, f.staff.culinary.id);
    expect(viewer.facilities.size).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: `${TASKS}/search`,
      headers,
      payload: { facilityId: f.facilityId },
    });
    expect(res.statusCode).not.toBe(200);
  });
});
