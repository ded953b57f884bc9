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
 * Each reference is its own one-row subquery by primary key rather than a join of the outer statement: a
 * statement of eight joins cost PostgreSQL more to plan (a few ms, on every request) than to run.
 */
const staffRef = (id: string) =>
  `(SELECT json_build_object('id', s.id, 'firstName', s."firstName", 'lastName', s."lastName")
      FROM "StaffMember" s WHERE s.id = ${id})`;

const TASK_REPLY_JSON = `json_build_object(
  'id', t.id,
  'facilityId', t."facilityId",
  'title', t.title,
  'description', t.description,
  'status', t.status,
  'severity', t.severity,
  'isTest', t."isTest",
  'kind', t.kind,
  'troubleCause', t."troubleCause",
  'updates', COALESCE((
    SELECT json_agg(json_build_object(
             'id', u.id, 'type', u.type, 'description', u.description, 'careProvided', u."careProvided",
             'creator', ${staffRef('u."creatorStaffMemberId"')}, 'createdAt', ${ms('u."createdAt"')}
           ) ORDER BY u."createdAt", u.id)
      FROM "TaskUpdate" u
     WHERE u."taskId" = t.id), '[]'::json),
  'unit', (SELECT json_build_object('id', un.id, 'displayName', un."displayName", 'careType', un."careType")
             FROM "Unit" un WHERE un.id = t."unitId"),
  'resident', (SELECT json_build_object('id', r.id, 'firstName', r."firstName", 'lastName', r."lastName",
                                        'preferredName', r."preferredName", 'unitId', r."unitId")
                 FROM "Resident" r WHERE r.id = t."residentId"),
  'creator', json_build_object(
    'staffMember', ${staffRef('t."creatorStaffMemberId"')},
    'device', (SELECT json_build_object('id', d.id, 'type', d.type) FROM "Device" d WHERE d.id = t."deviceId")),
  'assignee', ${staffRef('t."assigneeId"')},
  'assigneeGroup', (SELECT json_build_object('id', g.id, 'name', g.name) FROM "Group" g WHERE g.id = t."assigneeGroupId"),
  'creationTimestamp', ${ms('t."creationTimestamp"')},
  'lastUpdateTimestamp', ${ms('t."lastUpdateTimestamp"')},
  'confirmingSince', ${ms('t."confirmingSince"')},
  'notes', COALESCE((
    SELECT json_agg(json_build_object(
             'id', n.id, 'taskId', n."taskId", 'content', n.content, 'subject', n.subject,
             'creator', ${staffRef('n."creatorId"')}, 'createdAt', ${ms('n."createdAt"')}, 'updatedAt', ${ms('n."updatedAt"')}
           ) ORDER BY n."createdAt", n.id)
      FROM "TaskNote" n
     WHERE n."taskId" = t.id), '[]'::json),
  'resolvedAt', ${ms('t."resolvedAt"')},
  'resolvedBy', ${staffRef('t."resolvedById"')},
  'alertOutcomeType', t."alertOutcomeType",
  'resolutionNote', t."resolutionNote",
  'careOutcomes', COALESCE((
    SELECT json_agg(json_build_object('outcome', c.outcome, 'careProvided', c."careProvided")
                    ORDER BY c."createdAt", c.id)
      FROM "CareOutcome" c WHERE c."taskId" = t.id), '[]'::json),
  'observations', to_json(t.observations),
  'respondingStaffRids', to_json(t."respondingStaffRids"),
  'staffAssistCount', t."staffAssistCount"
)`;

/** The tasks, over `page(id, ord)`: the ids of `source` (an array expression) in their order. */
const taskPageFrom = (source: string) => `
  FROM unnest(${source}) WITH ORDINALITY AS page(id, ord)
  JOIN "Task" t ON t.id = page.id`;

const TASK_PAGE_SQL = `SELECT ${TASK_REPLY_JSON} AS reply ${taskPageFrom('$1::text[]')} ORDER BY page.ord`;

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
  'tasks', COALESCE((SELECT json_agg(x.reply ORDER BY x.ord) FROM (
      SELECT ${TASK_REPLY_JSON} AS reply, page.ord ${taskPageFrom(`ARRAY(${page.idsSql})`)}) x), '[]'::json),
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
    `SELECT t."facilityId", t."assigneeId", t."assigneeGroupId", ${TASK_REPLY_JSON}::text AS reply
       ${taskPageFrom('ARRAY[$1::text]')}`,
    [taskId],
  );
  return rows[0] ?? null;
}
