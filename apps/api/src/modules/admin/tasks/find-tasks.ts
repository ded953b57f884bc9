import {
  OPEN_TASK_STATUSES,
  TaskErrorCode,
  TaskKind,
  type TCareConfirmationTrackerReply,
  type TMyTasksRequest,
  type TResidentTaskActivityRequest,
  type TSearchTasksRequest,
  type TTaskPageReply,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { notFound } from '@sage/service-kit/errors';
import { type FacilityViewer, facilityScope, seesTask, type Viewer, visibleTasksWhere } from './access';
import { loadTaskPage, type TaskPageQuery, taskPageJson, taskReplyJson } from './task-page';
import { TASK_REPLY_SELECT, toTaskReply } from './task-reply';

/**
 * Calls before trouble (decision 0516: `TaskKind` ALERT sorts before DEVICE_TROUBLE), then "most severe and oldest
 * first": the spec's severity value ascending (emergency-type first), then creation time.
 */
const SEVERITY_THEN_AGE: Prisma.TaskOrderByWithRelationInput[] = [
  { kind: 'asc' },
  { severityRank: 'asc' },
  { creationTimestamp: 'asc' },
  { id: 'asc' },
];

async function findVisibleTask(prisma: PrismaClient, viewer: Viewer, taskId: string) {
  const task = await prisma.task.findUnique({ where: { id: taskId }, select: TASK_REPLY_SELECT });
  // Another facility's task, or one an operations user is not assigned: not revealed.
  if (
    !task ||
    !seesTask(viewer, {
      ...task,
      assigneeId: task.assignee?.id ?? null,
      assigneeGroupId: task.assigneeGroup?.id ?? null,
    })
  ) {
    throw notFound(`Task ${taskId} not found`);
  }
  return task;
}

/** GET /tasks/{taskId}: the reply as JSON text, built by PostgreSQL in one statement (decision 0390). */
export async function getTaskJson(prisma: PrismaClient, viewer: Viewer, taskId: string): Promise<string> {
  const task = await taskReplyJson(prisma, taskId);
  // Another facility's task, or one an operations user is not assigned: not revealed.
  if (!task || !seesTask(viewer, task)) throw notFound(`Task ${taskId} not found`);
  return task.reply;
}

/**
 * GET /tasks/{taskId}/care-confirmation-tracker: "returns the task and timeSinceLastUpdate in ms". While the
 * task is confirming, the time counts from when confirmation started (so a note added meanwhile does not
 * restart the 30 s countdown); otherwise from its last update.
 */
export async function getCareConfirmationTracker(
  prisma: PrismaClient,
  viewer: Viewer,
  taskId: string,
): Promise<TCareConfirmationTrackerReply> {
  const task = await findVisibleTask(prisma, viewer, taskId);
  const since =
    task.status === 'OPEN_CONFIRMING' && task.confirmingSince
      ? task.confirmingSince
      : task.lastUpdateTimestamp;
  return { task: toTaskReply(task), timeSinceLastUpdate: Math.max(0, Date.now() - since.getTime()) };
}

async function page(
  prisma: PrismaClient,
  where: Prisma.TaskWhereInput,
  orderBy: Prisma.TaskOrderByWithRelationInput[],
  pageNumber: number,
  pageSize: number,
): Promise<TTaskPageReply> {
  // The page's ids and the total, then the page's replies built by the database (task-page.ts).
  const [rows, totalCount] = await Promise.all([
    prisma.task.findMany({
      where,
      select: { id: true },
      orderBy,
      skip: pageNumber * pageSize,
      take: pageSize,
    }),
    prisma.task.count({ where }),
  ]);
  const tasks = await loadTaskPage(
    prisma,
    rows.map((r) => r.id),
  );
  return { tasks, pageNumber, pageSize, totalCount };
}

/** Positional parameters of a hand-written statement: `p(value)` adds one and returns its `$n`. */
function sqlParams() {
  const values: unknown[] = [];
  const p = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  return { values, p };
}

/**
 * `column` is one of `values`: an equality when there is one, so that an index on the column can also give
 * the order after it (the closed search's index, decision 0440); `= ANY` of an array otherwise.
 */
function oneOf(
  column: string,
  type: string,
  values: readonly string[],
  p: (value: unknown) => string,
): string {
  return values.length === 1
    ? `${column} = ${p(values[0])}::${type}`
    : `${column} = ANY(${p(values)}::${type}[])`;
}

/**
 * `visibleTasksWhere` (access.ts) as SQL over `"Task" t`, for the hand-written search (decision 0390): all of
 * a facility where the caller sees all tasks, else those assigned to them or one of their groups there.
 */
function visibleTasksSql(
  viewer: Viewer,
  facilities: FacilityViewer[],
  p: (value: unknown) => string,
): string {
  if (facilities.length === 0) return 'false';
  const each = facilities.map((f) =>
    f.seesAll
      ? `t."facilityId" = ${p(f.facilityId)}`
      : `(t."facilityId" = ${p(f.facilityId)} AND (t."assigneeId" = ${p(viewer.staffMemberId)} OR t."assigneeGroupId" = ANY(${p(f.groupIds)}::text[])))`,
  );
  return `(${each.join(' OR ')})`;
}

/**
 * POST /tasks/search: the caller's visible tasks, filtered; most severe and oldest first, except a search for
 * closed tasks only: newest first, so that the page holds the latest of a long history (decision 0350).
 * One statement builds the whole reply as JSON text (decision 0390); the route sends it as it is.
 */
export async function searchTasksJson(
  prisma: PrismaClient,
  viewer: Viewer,
  body: TSearchTasksRequest,
): Promise<string> {
  return taskPageJson(prisma, searchTasksPage(viewer, body));
}

/** The search's page as SQL (its ids, ordered and limited, and its total) for `taskPageJson`. */
export function searchTasksPage(viewer: Viewer, body: TSearchTasksRequest): TaskPageQuery {
  const facilities = facilityScope(viewer, body.facilityId);
  const { values, p } = sqlParams();
  const filters = [visibleTasksSql(viewer, facilities, p)];
  if (body.statuses) filters.push(oneOf('t.status', '"TaskStatus"', body.statuses, p));
  // Device trouble only when asked for: residents' lists stay residents' (decision 0105).
  filters.push(oneOf('t.kind', '"TaskKind"', body.kinds ?? [TaskKind.ALERT], p));
  if (body.severities) filters.push(`t.severity = ANY(${p(body.severities)}::"Severity"[])`);
  if (body.unitIds) filters.push(`t."unitId" = ANY(${p(body.unitIds)}::text[])`);
  if (body.residentIds) filters.push(`t."residentId" = ANY(${p(body.residentIds)}::text[])`);
  if (body.assigneeIds) filters.push(`t."assigneeId" = ANY(${p(body.assigneeIds)}::text[])`);
  if (body.createdAfter)
    filters.push(`t."creationTimestamp" >= ${p(body.createdAfter.toISOString())}::timestamptz`);
  if (body.createdBefore)
    filters.push(`t."creationTimestamp" < ${p(body.createdBefore.toISOString())}::timestamptz`);
  const closedOnly = body.statuses?.length && body.statuses.every((s) => !OPEN_STATUSES.has(s));
  const orderBy = closedOnly
    ? 't."creationTimestamp" DESC, t.id ASC'
    : // Emergency, then routine, then trouble (decision 0516): ALERT sorts before DEVICE_TROUBLE, and the
      // emergency-type severities have the lowest values. With one kind asked for, the kind is one value and the
      // planner drops it from the order (the index order stands).
      't.kind ASC, t."severityRank" ASC, t."creationTimestamp" ASC, t.id ASC';
  const where = filters.join(' AND ');
  return {
    idsSql: `SELECT t.id FROM "Task" t WHERE ${where} ORDER BY ${orderBy}
              LIMIT ${p(body.pageSize)}::int OFFSET ${p(body.pageNumber * body.pageSize)}::int`,
    countSql: `SELECT count(*) FROM "Task" t WHERE ${where}`,
    params: values,
    pageNumber: body.pageNumber,
    pageSize: body.pageSize,
  };
}

const OPEN_STATUSES: ReadonlySet<string> = new Set(OPEN_TASK_STATUSES);

/**
 * POST /tasks/mine: tasks assigned to me, and unclaimed tasks assigned to one of my groups. Open ones first
 * (most severe, oldest first), then closed ones (most recently closed first).
 */
export async function myTasks(
  prisma: PrismaClient,
  viewer: Viewer,
  body: TMyTasksRequest,
): Promise<TTaskPageReply> {
  const facilities = facilityScope(viewer, body.facilityId);
  const mine: Prisma.TaskWhereInput = {
    OR: facilities.map((f) => ({
      facilityId: f.facilityId,
      OR: [{ assigneeId: viewer.staffMemberId }, { assigneeId: null, assigneeGroupId: { in: f.groupIds } }],
    })),
  };
  if (facilities.length === 0)
    return { tasks: [], pageNumber: body.pageNumber, pageSize: body.pageSize, totalCount: 0 };
  const openWhere: Prisma.TaskWhereInput = { AND: [mine, { status: { in: [...OPEN_TASK_STATUSES] } }] };
  const closedWhere: Prisma.TaskWhereInput = { AND: [mine, { status: { notIn: [...OPEN_TASK_STATUSES] } }] };
  const [openCount, closedCount] = await Promise.all([
    prisma.task.count({ where: openWhere }),
    body.includeClosed ? prisma.task.count({ where: closedWhere }) : Promise.resolve(0),
  ]);
  const offset = body.pageNumber * body.pageSize;
  const open =
    offset < openCount
      ? await prisma.task.findMany({
          where: openWhere,
          select: { id: true },
          orderBy: SEVERITY_THEN_AGE,
          skip: offset,
          take: body.pageSize,
        })
      : [];
  const remaining = body.pageSize - open.length;
  const closed =
    body.includeClosed && remaining > 0
      ? await prisma.task.findMany({
          where: closedWhere,
          select: { id: true },
          orderBy: [{ lastUpdateTimestamp: 'desc' }, { id: 'asc' }],
          skip: Math.max(0, offset - openCount),
          take: remaining,
        })
      : [];
  return {
    tasks: await loadTaskPage(
      prisma,
      [...open, ...closed].map((r) => r.id),
    ),
    pageNumber: body.pageNumber,
    pageSize: body.pageSize,
    totalCount: openCount + closedCount,
  };
}

/** POST /tasks/resident-activity: a resident's tasks the caller may see, newest first. */
export async function residentTaskActivity(
  prisma: PrismaClient,
  viewer: Viewer,
  body: TResidentTaskActivityRequest,
): Promise<TTaskPageReply> {
  const resident = await prisma.resident.findFirst({
    where: { id: body.residentId, facilityId: { in: [...viewer.facilities.keys()] } },
    select: { facilityId: true },
  });
  if (!resident) throw notFound(`Resident ${body.residentId} not found`);
  const facilities = facilityScope(viewer, resident.facilityId);
  const filters: Prisma.TaskWhereInput[] = [
    visibleTasksWhere(viewer, facilities),
    { residentId: body.residentId, kind: TaskKind.ALERT },
  ];
  if (body.statuses) filters.push({ status: { in: body.statuses } });
  return page(
    prisma,
    { AND: filters },
    [{ creationTimestamp: 'desc' }, { id: 'asc' }],
    body.pageNumber,
    body.pageSize,
  );
}

/** GET /tasks/{taskId}/videoReplay: no video source exists yet, so a visible task answers 404 saying so. */
export async function getVideoReplay(prisma: PrismaClient, viewer: Viewer, taskId: string): Promise<never> {
  await findVisibleTask(prisma, viewer, taskId);
  throw notFound(
    'Video replay is not available: no video source is configured for this facility.',
    TaskErrorCode.VIDEO_NOT_CONFIGURED,
  );
}
