-- The device that raised an alert carries its hardware id in the task reply (decision 0602: the alert page names
-- the device by its type and hardware id). The function of migration 20261124220000_task_replies_json (decision
-- 0462), unchanged but for the device object's "hardwareId", as `toTaskReply` in apps/api/.../tasks/task-reply.ts.
CREATE OR REPLACE FUNCTION "task_replies_json"(task_ids text[]) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN COALESCE((
    SELECT json_agg(x ORDER BY page.ord)
      FROM unnest(task_ids) WITH ORDINALITY AS page(id, ord)
      JOIN "Task" t ON t.id = page.id
      LEFT JOIN "Unit" un ON un.id = t."unitId"
      LEFT JOIN "Resident" r ON r.id = t."residentId"
      LEFT JOIN "StaffMember" cs ON cs.id = t."creatorStaffMemberId"
      LEFT JOIN "Device" d ON d.id = t."deviceId"
      LEFT JOIN "StaffMember" a ON a.id = t."assigneeId"
      LEFT JOIN "Group" g ON g.id = t."assigneeGroupId"
      LEFT JOIN "StaffMember" rb ON rb.id = t."resolvedById"
     CROSS JOIN LATERAL (SELECT un.id, un."displayName", un."careType") unx
     CROSS JOIN LATERAL (SELECT r.id, r."firstName", r."lastName", r."preferredName", r."unitId") rx
     CROSS JOIN LATERAL (SELECT cs.id, cs."firstName", cs."lastName") csx
     CROSS JOIN LATERAL (SELECT d.id, d.type, d."hardwareId") dx
     CROSS JOIN LATERAL (SELECT CASE WHEN cs.id IS NULL THEN NULL ELSE csx END AS "staffMember",
                                CASE WHEN d.id IS NULL THEN NULL ELSE dx END AS device) cx
     CROSS JOIN LATERAL (SELECT a.id, a."firstName", a."lastName") ax
     CROSS JOIN LATERAL (SELECT g.id, g.name) gx
     CROSS JOIN LATERAL (SELECT rb.id, rb."firstName", rb."lastName") rbx
     CROSS JOIN LATERAL (
           SELECT t.id, t."facilityId", t.title, t.description, t.status, t.severity, t."isTest", t.kind,
                  t."troubleCause",
                  COALESCE((
                    SELECT json_agg(ur ORDER BY u."createdAt", u.id)
                      FROM "TaskUpdate" u
                     CROSS JOIN LATERAL (
                           SELECT u.id, u.type, u.description, u."careProvided",
                                  (SELECT s FROM (SELECT s.id, s."firstName", s."lastName" FROM "StaffMember" s
                                                   WHERE s.id = u."creatorStaffMemberId" LIMIT 1) s) AS creator,
                                  (extract(epoch FROM u."createdAt") * 1000)::bigint AS "createdAt") ur
                     WHERE u."taskId" = t.id), '[]'::json) AS updates,
                  CASE WHEN un.id IS NULL THEN NULL ELSE unx END AS unit,
                  CASE WHEN r.id IS NULL THEN NULL ELSE rx END AS resident,
                  cx AS creator,
                  CASE WHEN a.id IS NULL THEN NULL ELSE ax END AS assignee,
                  CASE WHEN g.id IS NULL THEN NULL ELSE gx END AS "assigneeGroup",
                  (extract(epoch FROM t."creationTimestamp") * 1000)::bigint AS "creationTimestamp",
                  (extract(epoch FROM t."lastUpdateTimestamp") * 1000)::bigint AS "lastUpdateTimestamp",
                  (extract(epoch FROM t."confirmingSince") * 1000)::bigint AS "confirmingSince",
                  COALESCE((
                    SELECT json_agg(nr ORDER BY n."createdAt", n.id)
                      FROM "TaskNote" n
                     CROSS JOIN LATERAL (
                           SELECT n.id, n."taskId", n.content, n.subject,
                                  (SELECT s FROM (SELECT s.id, s."firstName", s."lastName" FROM "StaffMember" s
                                                   WHERE s.id = n."creatorId" LIMIT 1) s) AS creator,
                                  (extract(epoch FROM n."createdAt") * 1000)::bigint AS "createdAt",
                                  (extract(epoch FROM n."updatedAt") * 1000)::bigint AS "updatedAt") nr
                     WHERE n."taskId" = t.id), '[]'::json) AS notes,
                  (extract(epoch FROM t."resolvedAt") * 1000)::bigint AS "resolvedAt",
                  CASE WHEN rb.id IS NULL THEN NULL ELSE rbx END AS "resolvedBy",
                  t."alertOutcomeType", t."resolutionNote",
                  COALESCE((
                    SELECT json_agg(cr ORDER BY c."createdAt", c.id)
                      FROM "CareOutcome" c CROSS JOIN LATERAL (SELECT c.outcome, c."careProvided") cr
                     WHERE c."taskId" = t.id), '[]'::json) AS "careOutcomes",
                  t.observations, t."respondingStaffRids", t."staffAssistCount") x
  ), '[]'::json);
END;
$$;
