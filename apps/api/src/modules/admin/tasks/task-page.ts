import type { TTaskReply } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { queryPrepared } from '@sage/db';

/**
 * Task replies built by PostgreSQL as JSON (decisions 0043, 0390): the function `task_replies_json(ids)`
 * (migration `20261124220000_task_replies_json`, decision 0462) returns the tasks of `ids`, in that order, as a
 * JSON array of the contract's Task. Being a PL/pgSQL function, each connection plans its statement once and
 * keeps the plan, instead of planning the page's references and lists within every search; being STABLE, it
 * reads in the calling statement's snapshot.
 *
 * The shape is the same as `toTaskReply` (task-reply.ts), which stays the single reader of one task; a test
 * compares the two on a task with every relation filled, so a field added to one and not the other fails.
 */
const TASK_PAGE_SQL = 'SELECT task_replies_json($1::text[]) AS replies';

/** The replies of the given tasks, in the order of the ids (ids not found are left out). */
export async function loadTaskPage(prisma: PrismaClient, taskIds: readonly string[]): Promise<TTaskReply[]> {
  if (!taskIds.length) return [];
  // `pg` parses the json column.
  const rows = await queryPrepared<{ replies: TTaskReply[] }>(prisma, TASK_PAGE_SQL, [taskIds]);
  return rows[0]!.replies;
}

/** A page of tasks as SQL: `idsSql` selects `t.id` ordered, limited and offset; `countSql` counts them all. */
export interface TaskPageQuery {
  idsSql: string;
  countSql: string;
  params: unknown[];
  pageNumber: number;
  pageSize: number;
}

/**
 * A whole page reply (`{ tasks, pageNumber, pageSize, totalCount }`) as JSON text, in ONE statement
 * (decision 0390): the page's ids (`idsSql`: a SELECT of `t.id` ordered, limited and offset), their replies in
 * that order, and the total (`countSql`), all built by PostgreSQL. `params` are those the two fragments use.
 */
export async function taskPageJson(prisma: PrismaClient, page: TaskPageQuery): Promise<string> {
  const n = page.params.length;
  const sql = `SELECT json_build_object(
  'tasks', task_replies_json(ARRAY(${page.idsSql})),
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
    // The array's one element, as PostgreSQL wrote it (`->` on json returns the element's text unchanged).
    `SELECT t."facilityId", t."assigneeId", t."assigneeGroupId", (task_replies_json(ARRAY[t.id]) -> 0)::text AS reply
       FROM "Task" t WHERE t.id = $1`,
    [taskId],
  );
  return rows[0] ?? null;
}
