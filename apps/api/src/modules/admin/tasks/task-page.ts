import type { TTaskReply } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { queryPrepared } from '@sage/db';

/**
 * The task replies of a search page, built by PostgreSQL in ONE statement (decision 0043).
 *
 * A page of 50 tasks through Prisma's nested select costs about ten queries and most of the request's CPU
 * in the client's result mapping; here the database assembles each reply as JSON, in the page's order.
 * The shape is the same as `toTaskReply` (task-reply.ts), which stays the single reader of one task; a
 * test compares the two on a task with every relation filled, so a field added to one and not the
 * other fails.
 */
const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint`;
/**
 * Objects are rows turned into JSON (`to_json`/`json_agg` of a row whose columns are named as the reply's
 * fields), not `json_build_object`: PostgreSQL writes a row's JSON without the blanks `json_build_object`
 * puts around every key, so a page is ~10 % shorter to build, send and read (decision 0440).
 *
 * Each reference is its own one-row subquery by primary key rather than a join of the outer statement: a
 * statement of eight joins cost PostgreSQL more to plan (a few ms, on every request) than to run. `LIMIT 1`
 * changes no result (one row at most by primary key) but lets the scan stop at its row: PostgreSQL reads small
 * tables (a facility's units, residents, devices, staff) whole rather than through their index.
 */
const row = (alias: string, columns: string, from: string) =>
  `(SELECT ${alias} FROM (SELECT ${columns} FROM ${from} LIMIT 1) ${alias})`;
const staffRef = (id: string) =>
  row('s', `s.id, s."firstName", s."lastName"`, `"StaffMember" s WHERE s.id = ${id}`);

/**
 * The reply's fields as the columns of a row over `"Task" t`, in `toTaskReply`'s order: the reply is that
 * row's JSON (`CROSS JOIN LATERAL (SELECT ${TASK_REPLY_COLUMNS}) x`, then `to_json(x)`).
 */
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
                         ${row('d', 'd.id, d.type', '"Device" d WHERE d.id = t."deviceId"')} AS device) c) AS creator,
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

/**
 * The tasks, over `page(id, ord)`: the ids of `source` (an array expression) in their order, each with its
 * reply row `x`. Only the page's rows reach the reply's subqueries (after the ids' LIMIT).
 */
const taskPageFrom = (source: string) => `
  FROM unnest(${source}) WITH ORDINALITY AS page(id, ord)
  JOIN "Task" t ON t.id = page.id
  CROSS JOIN LATERAL (SELECT ${TASK_REPLY_COLUMNS}) x`;

const TASK_PAGE_SQL = `SELECT to_json(x) AS reply ${taskPageFrom('$1::text[]')} ORDER BY page.ord`;

/** The replies of the given tasks, in the order of the ids (ids not found are left out). */
export async function loadTaskPage(prisma: PrismaClient, taskIds: readonly string[]): Promise<TTaskReply[]> {
  if (!taskIds.length) return [];
  const rows = await prisma.$queryRawUnsafe<{ reply: TTaskReply }[]>(TASK_PAGE_SQL, taskIds);
  return rows.map((row) => row.reply);
}

/**
 * A whole page reply (`{ tasks, pageNumber, pageSize, totalCount }`) as JSON text, in ONE statement
 * (decision 0390): the page's ids (`idsSql`: a SELECT of `t.id` ordered, limited and offset), their replies in
 * that order, and the total (`countSql`), all built by PostgreSQL. `params` are those the two fragments use.
 */
export async function taskPageJson(
  prisma: PrismaClient,
  page: { idsSql: string; countSql: string; params: unknown[]; pageNumber: number; pageSize: number },
): Promise<string> {
  const n = page.params.length;
  const sql = `SELECT json_build_object(
  'tasks', COALESCE((SELECT json_agg(x ORDER BY page.ord) ${taskPageFrom(`ARRAY(${page.idsSql})`)}), '[]'::json),
  'pageNumber', $${n + 1}::int,
  'pageSize', $${n + 2}::int,
  'totalCount', (${page.countSql})
)::text AS body`;
  const rows = await queryPrepared<{ body: string }>(prisma, sql, [
    ...page.params,
    page.pageNumber,
    page.pageSize,
  ]);
  return rows[0]!.body;
}

/**
 * One task's reply as JSON text and what its visibility depends on, in one statement (decision 0390); null
 * when there is no such task. The reply is the same as `toTaskReply` (tested).
 */
export async function taskReplyJson(
  prisma: PrismaClient,
  taskId: string,
): Promise<{
  facilityId: string;
  assigneeId: string | null;
  assigneeGroupId: string | null;
  reply: string;
} | null> {
  const rows = await queryPrepared<{
    facilityId: string;
    assigneeId: string | null;
    assigneeGroupId: string | null;
    reply: string;
  }>(
    prisma,
    `SELECT t."facilityId", t."assigneeId", t."assigneeGroupId", to_json(x)::text AS reply
       ${taskPageFrom('ARRAY[$1::text]')}`,
    [taskId],
  );
  return rows[0] ?? null;
}
