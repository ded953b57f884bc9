import {
  TASK_HISTORY_CSV_COLUMNS,
  TASK_HISTORY_MAX_EXPORT_ROWS,
  type TaskHistoryCsvColumn,
  type TTaskHistoryFilter,
} from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { csvField } from '../audit-log/search-audit-log';

type Row = Record<TaskHistoryCsvColumn, string | null>;

/**
 * A facility's tasks created in the range, each with its updates in order, one CSV row per update (decision 0518).
 * Facility first, then the creation time: `Task(facilityId, creationTimestamp)` reads the range, and each task's
 * updates come by `TaskUpdate(taskId, createdAt)`.
 */
const EXPORT_SQL = `SELECT t.id AS "taskId", to_char(t."creationTimestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "taskCreatedAt",
         t.title, t.kind::text AS kind, t.severity::text AS severity, t.status::text AS status,
         to_char(t."resolvedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "resolvedAt",
         un."displayName" AS unit, t."residentId",
         to_char(u."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updateAt",
         u.type::text AS "updateType", u.description, u."careProvided",
         u."creatorStaffMemberId" AS "staffMemberId",
         nullif(trim(s."firstName" || ' ' || s."lastName"), '') AS "staffMemberName"
    FROM "Task" t
    JOIN "TaskUpdate" u ON u."taskId" = t.id
    LEFT JOIN "Unit" un ON un.id = t."unitId"
    LEFT JOIN "StaffMember" s ON s.id = u."creatorStaffMemberId"
   WHERE t."facilityId" = $1
     AND t."creationTimestamp" >= coalesce($2::timestamptz, '-infinity')
     AND t."creationTimestamp" <= coalesce($3::timestamptz, 'infinity')
   ORDER BY t."creationTimestamp", t.id, u."createdAt", u.id
   LIMIT $4`;

export async function exportTaskHistory(prisma: PrismaClient, filter: TTaskHistoryFilter): Promise<string> {
  const rows = await prisma.$queryRawUnsafe<Row[]>(
    EXPORT_SQL,
    filter.facilityId,
    filter.from ?? null,
    filter.to ?? null,
    TASK_HISTORY_MAX_EXPORT_ROWS,
  );
  const lines = [TASK_HISTORY_CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(TASK_HISTORY_CSV_COLUMNS.map((c) => csvField(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
