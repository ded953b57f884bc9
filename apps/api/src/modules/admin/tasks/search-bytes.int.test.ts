import {
  SEVERITY_VALUES,
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
import { loadViewer } from './access';
import { searchTasksPage } from './find-tasks';
import type { TaskPageQuery } from './task-page';

/**
 * POST /tasks/search and GET /tasks/{id} through `task_replies_json` (decision 0462) against the statements they
 * replaced (decision 0440's, kept below as the reference): the same bytes for every filter, page, order and
 * caller, on tasks with every reference and list filled or empty.
 */
const TASKS = '/admin/api/v1/tasks';

// --- The reference: the reply SQL as it was before decision 0462, verbatim. ---
const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint`;
const row = (alias: string, columns: string, from: string) =>
  `(SELECT ${alias} FROM (SELECT ${columns} FROM ${from} LIMIT 1) ${alias})`;
const staffRef = (id: string) =>
  row('s', `s.id, s."firstName", s."lastName"`, `"StaffMember" s WHERE s.id = ${id}`);
const TASK_REPLY_COLUMNS = `
  t.id, t."facilityId", t.title, t.description, t.status, t.severity, t."isTest", t.kind, t."troubleCause",
  COALESCE((
    SELECT json_agg(ur ORDER BY u."createdAt", u.id)
      FROM "TaskUpdate" u
     CROSS JOIN LATERAL (
           SELECT u.id, u.type, u.description, u."careProvided",
                  ${staffRef('u."creatorStaffMemberId"')} AS creator, ${ms('u."createdAt"')} AS "createdAt") ur
     WHERE u."taskId" = t.id), '[]'::json) AS updates,
  ${row('un', 'un.id, un."displayName", un."careType"', '"Unit" un WHERE un.id = t."unitId"')} AS unit,
  ${row(
    'r',
    'r.id, r."firstName", r."lastName", r."preferredName", r."unitId"',
    '"Resident" r WHERE r.id = t."residentId"',
  )} AS resident,
  (SELECT c FROM (SELECT ${staffRef('t."creatorStaffMemberId"')} AS "staffMember",
                         ${row('d', 'd.id, d.type, d."hardwareId"', '"Device" d WHERE d.id = t."deviceId"')} AS device) c) AS creator,
  ${staffRef('t."assigneeId"')} AS assignee,
  ${row('g', 'g.id, g.name', '"Group" g WHERE g.id = t."assigneeGroupId"')} AS "assigneeGroup",
  ${ms('t."creationTimestamp"')} AS "creationTimestamp",
  ${ms('t."lastUpdateTimestamp"')} AS "lastUpdateTimestamp",
  ${ms('t."confirmingSince"')} AS "confirmingSince",
  COALESCE((
    SELECT json_agg(nr ORDER BY n."createdAt", n.id)
      FROM "TaskNote" n
     CROSS JOIN LATERAL (
           SELECT n.id, n."taskId", n.content, n.subject, ${staffRef('n."creatorId"')} AS creator,
                  ${ms('n."createdAt"')} AS "createdAt", ${ms('n."updatedAt"')} AS "updatedAt") nr
     WHERE n."taskId" = t.id), '[]'::json) AS notes,
  ${ms('t."resolvedAt"')} AS "resolvedAt",
  ${staffRef('t."resolvedById"')} AS "resolvedBy",
  t."alertOutcomeType", t."resolutionNote",
  COALESCE((
    SELECT json_agg(cr ORDER BY c."createdAt", c.id)
      FROM "CareOutcome" c CROSS JOIN LATERAL (SELECT c.outcome, c."careProvided") cr
     WHERE c."taskId" = t.id), '[]'::json) AS "careOutcomes",
  t.observations, t."respondingStaffRids", t."staffAssistCount"`;
const taskPageFrom = (source: string) => `
  FROM unnest(${source}) WITH ORDINALITY AS page(id, ord)
  JOIN "Task" t ON t.id = page.id
  CROSS JOIN LATERAL (SELECT ${TASK_REPLY_COLUMNS}) x`;

async function pageBefore(t: TestApp, page: TaskPageQuery): Promise<string> {
  const n = page.params.length;
  const sql = `SELECT json_build_object(
  'tasks', COALESCE((SELECT json_agg(x ORDER BY page.ord) ${taskPageFrom(`ARRAY(${page.idsSql})`)}), '[]'::json),
  'pageNumber', $${n + 1}::int,
  'pageSize', $${n + 2}::int,
  'totalCount', (${page.countSql})
)::text AS body`;
  const rows = await t.db.prisma.$queryRawUnsafe<{ body: string }[]>(
    sql,
    ...page.params,
    page.pageNumber,
    page.pageSize,
  );
  return rows[0]!.body;
}

async function taskBefore(t: TestApp, taskId: string): Promise<string> {
  const rows = await t.db.prisma.$queryRawUnsafe<{ reply: string }[]>(
    `SELECT to_json(x)::text AS reply ${taskPageFrom('ARRAY[$1::text]')}`,
    taskId,
  );
  return rows[0]!.reply;
}
// --- End of the reference. ---

describe('[TASKS][SEARCH-BYTES]: search pages and task reads are byte for byte the statements they replaced', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const base = Date.parse('2026-11-01T08:00:00.123Z');
  let taskIds: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await facilitiesWithSharedNurse(t);
    const db = t.db.prisma;
    const statuses = EVERY_TASK_STATUS;
    const severities = EVERY_SEVERITY;
    const residents = Object.values(f.residents);
    const { caregiver, housekeeper, nurse } = f.staff;
    const assignees = [null, caregiver.id, housekeeper.id, nurse.id];
    const groups = [null, f.groups.CareStaff, f.groups.Housekeeping];
    const rows: Prisma.TaskCreateManyInput[] = [];
    for (let i = 0; i < 60; i++) {
      const resident = i % 7 === 0 ? null : residents[i % residents.length]!;
      const severity = severities[i % severities.length]!;
      const status = statuses[i % statuses.length]!;
      const closed = status.startsWith('CLOSED');
      rows.push({
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: `Task ${i} für Zoë`,
        description: i % 2 ? `"Quoted" \\ line\nbreak ${i}` : null,
        status,
        severity,
        severityRank: SEVERITY_VALUES[severity],
        kind: i % 11 === 0 ? 'DEVICE_TROUBLE' : 'ALERT',
        troubleCause: i % 11 === 0 ? 'LOW_BATTERY' : null,
        residentId: resident?.id ?? null,
        unitId: resident?.unitId ?? null,
        deviceId: resident && i % 3 === 0 ? (resident.pendant?.deviceId ?? null) : null,
        creatorStaffMemberId: i % 4 === 0 ? nurse.id : null,
        assigneeId: assignees[i % assignees.length] ?? null,
        assigneeGroupId: groups[i % groups.length] ?? null,
        // Three tasks at a time share a creation time: the id decides their order.
        creationTimestamp: new Date(base + Math.floor(i / 3) * 3_600_000),
        confirmingSince: status === 'OPEN_CONFIRMING' ? new Date(base + i * 60_000 + 7) : null,
        resolvedAt: closed ? new Date(base + i * 3_600_000 + 999) : null,
        resolvedById: closed ? caregiver.id : null,
        alertOutcomeType: status === 'CLOSED_RESOLVED' ? 'RESIDENT_INTERACTION' : null,
        resolutionNote: closed && i % 2 ? 'Helped — all well' : null,
        observations: i % 5 === 0 ? ['SKIN', 'OTHER'] : [],
        respondingStaffRids: i % 5 === 0 ? [caregiver.id, nurse.id] : [],
        staffAssistCount: i % 5,
      });
    }
    for (let i = 0; i < 8; i++) {
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
    await db.task.createMany({ data: rows });
    const tasks = await db.task.findMany({ where: { facilityId: f.facilityId }, select: { id: true } });
    taskIds = tasks.map((x) => x.id);
    // Timelines, notes and outcomes on most tasks (some with two of each, in an order their ids do not give).
    const at = (i: number, s: number) => new Date(base + i * 60_000 + s * 1_000 + 5);
    await db.taskUpdate.createMany({
      data: taskIds.flatMap((taskId, i) =>
        i % 4 === 3
          ? []
          : [
              { taskId, facilityId: f.facilityId, type: 'CLAIM' as const, createdAt: at(i, 2) },
              {
                taskId,
                facilityId: f.facilityId,
                type: 'MANUAL_ENTRY' as const,
                description: 'Toileting ✓',
                careProvided: 'ADL_TOILETING' as const,
                creatorStaffMemberId: caregiver.id,
                createdAt: at(i, 1),
              },
            ],
      ),
    });
    await db.taskNote.createMany({
      data: taskIds.flatMap((taskId, i) =>
        i % 3
          ? []
          : [
              {
                taskId,
                facilityId: f.facilityId,
                content: 'Second',
                creatorId: nurse.id,
                createdAt: at(i, 9),
              },
              {
                taskId,
                facilityId: f.facilityId,
                subject: 'Fall risk',
                content: 'First <b>&</b>',
                creatorId: caregiver.id,
                createdAt: at(i, 3),
              },
            ],
      ),
    });
    await db.careOutcome.createMany({
      data: taskIds.flatMap((taskId, i) =>
        i % 2
          ? []
          : [
              {
                facilityId: f.facilityId,
                taskId,
                outcome: 'COMPLETED' as const,
                careProvided: 'ADL_BATHING' as const,
                createdAt: at(i, 5),
              },
            ],
      ),
    });
  });
  afterAll(() => t.close());

  const bodies = () => taskSearchBodies(f, base, { after: 10, before: 12, from: 2, to: 15 });

  it('every filter, page and order, for each kind of caller: the same reply bytes', async () => {
    // A caregiver sees the whole facility; a housekeeper (operations) only tasks assigned to them or their
    // groups; the nurse works in two facilities.
    const callers = [f.staff.caregiver.id, f.staff.housekeeper.id, f.staff.nurse.id];
    let compared = 0;
    for (const staffId of callers) {
      const viewer = await loadViewer(t.db.prisma, staffId);
      for (const input of bodies()) {
        // Each search twice: a connection keeps the function's plan after its first calls (generic plan).
        for (let round = 0; round < 2; round++) {
          const res = await caller(t, staffId)('POST', `${TASKS}/search`, input);
          expect(res.statusCode, JSON.stringify(input)).toBe(200);
          const expected = await pageBefore(
            t,
            searchTasksPage(viewer, ZSearchTasksRequestSchema.parse(input)),
          );
          expect(res.body, `${staffId} ${JSON.stringify(input)}`).toBe(expected);
          const reply = ZTaskPageReplySchema.parse(JSON.parse(res.body));
          compared += reply.tasks.length;
        }
      }
    }
    // Real pages were compared, with their timelines, notes and outcomes.
    expect(compared).toBeGreaterThan(300);
    const all = (await caller(t, f.staff.caregiver.id)('POST', `${TASKS}/search`, { pageSize: 200 })).json();
    expect(all.tasks.some((x: { notes: unknown[] }) => x.notes.length === 2)).toBe(true);
    expect(all.tasks.some((x: { updates: unknown[] }) => x.updates.length === 2)).toBe(true);
    expect(all.tasks.some((x: { careOutcomes: unknown[] }) => x.careOutcomes.length === 1)).toBe(true);
  });

  it('GET /tasks/{id}: the same bytes for every task, and still 404 for one the caller may not see', async () => {
    for (const taskId of taskIds) {
      const res = await caller(t, f.staff.caregiver.id)('GET', `${TASKS}/${taskId}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(await taskBefore(t, taskId));
      ZTaskReplySchema.parse(JSON.parse(res.body));
    }
    const otherTask = await t.db.prisma.task.findFirstOrThrow({ where: { facilityId: other.facilityId } });
    const res = await caller(t, f.staff.caregiver.id)('GET', `${TASKS}/${otherTask.id}`);
    expect(res.statusCode).toBe(404);
    expect((await caller(t, f.staff.caregiver.id)('GET', `${TASKS}/no-such-task`)).statusCode).toBe(404);
  });
});
