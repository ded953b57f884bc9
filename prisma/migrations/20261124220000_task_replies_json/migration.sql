-- Task replies as JSON, built by PostgreSQL (decision 0462): the tasks of `task_ids`, in that order, as a JSON array
-- of the contract's Task (the same fields, names and order as `toTaskReply` in apps/api/.../tasks/task-reply.ts;
-- tests compare the two). Ids not found are left out.
--
-- A PL/pgSQL function so that each connection plans this statement once and keeps its plan (generic: the plan
-- does not depend on the ids), rather than planning it within every search (~0.5 ms of PostgreSQL's CPU each).
-- STABLE: it runs in the calling statement's snapshot, so a search page and its total stay one snapshot.
--
-- Objects are rows turned into JSON (`json_agg`/`to_json` of a row whose columns are the reply's fields), not
-- `json_build_object`, which writes blanks around every key (decision 0440). Each reference is a one-row subquery
-- by primary key ending in LIMIT 1: PostgreSQL reads a facility's small tables whole rather than through their
-- index, and the limit stops the scan at the row (decision 0440). Timestamps are epoch milliseconds.
CREATE FUNCTION "task_replies_json"(task_ids text[]) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN COALESCE((
    SELECT json_agg(x ORDER BY page.ord)
      FROM unnest(task_ids) WITH ORDINALITY AS page(id, ord)
      JOIN "Task" t ON t.id = page.id
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
                  (SELECT un FROM (SELECT un.id, un."displayName", un."careType" FROM "Unit" un
                                    WHERE un.id = t."unitId" LIMIT 1) un) AS unit,
                  (SELECT r FROM (SELECT r.id, r."firstName", r."lastName", r."preferredName", r."unitId"
                                    FROM "Resident" r WHERE r.id = t."residentId" LIMIT 1) r) AS resident,
                  (SELECT c FROM (SELECT (SELECT s FROM (SELECT s.id, s."firstName", s."lastName" FROM "StaffMember" s
                                                          WHERE s.id = t."creatorStaffMemberId" LIMIT 1) s) AS "staffMember",
                                         (SELECT d FROM (SELECT d.id, d.type FROM "Device" d
                                                          WHERE d.id = t."deviceId" LIMIT 1) d) AS device) c) AS creator,
                  (SELECT s FROM (SELECT s.id, s."firstName", s."lastName" FROM "StaffMember" s
                                   WHERE s.id = t."assigneeId" LIMIT 1) s) AS assignee,
                  (SELECT g FROM (SELECT g.id, g.name FROM "Group" g
                                   WHERE g.id = t."assigneeGroupId" LIMIT 1) g) AS "assigneeGroup",
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
                  (SELECT s FROM (SELECT s.id, s."firstName", s."lastName" FROM "StaffMember" s
                                   WHERE s.id = t."resolvedById" LIMIT 1) s) AS "resolvedBy",
                  t."alertOutcomeType", t."resolutionNote",
                  COALESCE((
                    SELECT json_agg(cr ORDER BY c."createdAt", c.id)
                      FROM "CareOutcome" c CROSS JOIN LATERAL (SELECT c.outcome, c."careProvided") cr
                     WHERE c."taskId" = t.id), '[]'::json) AS "careOutcomes",
                  t.observations, t."respondingStaffRids", t."staffAssistCount") x
  ), '[]'::json);
END;
$$;
