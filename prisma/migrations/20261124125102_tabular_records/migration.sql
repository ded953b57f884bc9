-- DropIndex
DROP INDEX "DataSource_name_key";

-- DropIndex
DROP INDEX "QueryDefinition_name_key";

-- AlterTable
ALTER TABLE "DataSource" ADD COLUMN     "description" TEXT,
ADD COLUMN     "isBuiltIn" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "QueryDefinition" ADD COLUMN     "chart" JSONB,
ADD COLUMN     "description" TEXT,
ADD COLUMN     "enterpriseId" TEXT,
ADD COLUMN     "facilityId" TEXT,
ADD COLUMN     "isBuiltIn" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "QueryExecution" ADD COLUMN     "backendPid" INTEGER,
ADD COLUMN     "enterpriseId" TEXT,
ADD COLUMN     "parametersKey" TEXT,
ADD COLUMN     "requestedById" TEXT,
ADD COLUMN     "rowCount" INTEGER,
ADD COLUMN     "runStartedAt" TIMESTAMPTZ(3),
ADD COLUMN     "truncated" BOOLEAN NOT NULL DEFAULT false,
ALTER COLUMN "status" SET DEFAULT 'QUEUED';

-- CreateIndex
CREATE UNIQUE INDEX "DataSource_facilityId_name_key" ON "DataSource"("facilityId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "QueryDefinition_facilityId_name_key" ON "QueryDefinition"("facilityId", "name");

-- CreateIndex
CREATE INDEX "QueryExecution_facilityId_queryDefinitionId_parametersKey_s_idx" ON "QueryExecution"("facilityId", "queryDefinitionId", "parametersKey", "status", "createdAt");

-- CreateIndex
CREATE INDEX "QueryExecution_status_expiresAt_idx" ON "QueryExecution"("status", "expiresAt");

-- Tabular records (docs/decisions/0280): the read-only reporting views and the role that reads them.
-- The views show one community only: the one the executor wrote into reporting.scope for this backend
-- inside the report's own transaction (never committed, so no other transaction ever sees it). The
-- reader role may read the views and nothing else; the executor runs a report as
--   BEGIN; INSERT INTO reporting.scope ...; SET TRANSACTION READ ONLY; SET LOCAL statement_timeout ...;
--   SET LOCAL ROLE sage_tabular_reader; <the report>; ROLLBACK;
CREATE SCHEMA IF NOT EXISTS reporting;

CREATE TABLE reporting.scope (
  backend_pid integer PRIMARY KEY,
  facility_id text NOT NULL
);
REVOKE ALL ON reporting.scope FROM PUBLIC;

CREATE VIEW reporting.facility WITH (security_barrier) AS
  SELECT f.id, f.name, f.timezone
    FROM "Facility" f
   WHERE f.id = (SELECT s.facility_id FROM reporting.scope s WHERE s.backend_pid = pg_backend_pid());

CREATE VIEW reporting.alerts WITH (security_barrier) AS
  SELECT t.id, t.kind::text AS kind, t.title, t.status::text AS status, t.severity::text AS severity,
         t."unitId" AS unit_id, t."residentId" AS resident_id, t."deviceId" AS device_id,
         t."assigneeId" AS assignee_id, t."isTest" AS is_test, t."creationTimestamp" AS created_at,
         t."resolvedAt" AS resolved_at, t."resolvedById" AS resolved_by_id,
         t."alertOutcomeType"::text AS outcome
    FROM "Task" t
   WHERE t."facilityId" = (SELECT s.facility_id FROM reporting.scope s WHERE s.backend_pid = pg_backend_pid());

CREATE VIEW reporting.alert_updates WITH (security_barrier) AS
  SELECT u.id, u."taskId" AS alert_id, u.type::text AS type, u."creatorStaffMemberId" AS staff_member_id,
         u."deviceId" AS device_id, u."createdAt" AS created_at
    FROM "TaskUpdate" u
   WHERE u."facilityId" = (SELECT s.facility_id FROM reporting.scope s WHERE s.backend_pid = pg_backend_pid());

CREATE VIEW reporting.staff WITH (security_barrier) AS
  SELECT m.id, m."firstName" AS first_name, m."lastName" AS last_name, m."jobTitle" AS job_title,
         m."isAgencyStaff" AS is_agency_staff, m."isArchived" AS is_archived
    FROM "StaffMember" m
   WHERE EXISTS (
     SELECT 1 FROM "StaffMemberFacilityConfig" c
      WHERE c."staffMemberId" = m.id
        AND c."facilityId" = (SELECT s.facility_id FROM reporting.scope s WHERE s.backend_pid = pg_backend_pid()));

CREATE VIEW reporting.units WITH (security_barrier) AS
  SELECT u.id, u."displayName" AS display_name, u."careType"::text AS care_type, u.ward, u.building,
         u.wing, u.floor
    FROM "Unit" u
   WHERE u."facilityId" = (SELECT s.facility_id FROM reporting.scope s WHERE s.backend_pid = pg_backend_pid());

CREATE VIEW reporting.care_zones WITH (security_barrier) AS
  SELECT z.id, z.name
    FROM "CareZone" z
   WHERE z."facilityId" = (SELECT s.facility_id FROM reporting.scope s WHERE s.backend_pid = pg_backend_pid());

-- A unit is in a care zone when it carries any of the zone's unit tags.
CREATE VIEW reporting.unit_care_zones WITH (security_barrier) AS
  SELECT u.id AS unit_id, z.id AS care_zone_id, z.name AS care_zone_name
    FROM "Unit" u
    JOIN "CareZone" z ON z."facilityId" = u."facilityId"
     AND (u.id = ANY (z."unitRids") OR u."careType" = ANY (z."careTypes") OR u.ward = ANY (z.wards)
          OR u.building = ANY (z.buildings) OR u.wing = ANY (z.wings) OR u.floor = ANY (z.floors))
   WHERE u."facilityId" = (SELECT s.facility_id FROM reporting.scope s WHERE s.backend_pid = pg_backend_pid());

CREATE VIEW reporting.residents WITH (security_barrier) AS
  SELECT r.id, r."firstName" AS first_name, r."lastName" AS last_name, r."unitId" AS unit_id,
         r."isArchived" AS is_archived
    FROM "Resident" r
   WHERE r."facilityId" = (SELECT s.facility_id FROM reporting.scope s WHERE s.backend_pid = pg_backend_pid());

CREATE VIEW reporting.devices WITH (security_barrier) AS
  SELECT d.id, d."hardwareId" AS hardware_id, d.type::text AS type, d."batteryLevel" AS battery_level,
         d."lastHeardAt" AS last_heard_at, d."lastPressTimestamp" AS last_press_at, d."createdAt" AS created_at,
         a."unitId" AS unit_id, a."residentId" AS resident_id, COALESCE(a."displayName", a.room) AS allocation_name
    FROM "Device" d
    LEFT JOIN "DeviceAllocation" a ON a."deviceId" = d.id AND a."isActive"
   WHERE d."facilityId" = (SELECT s.facility_id FROM reporting.scope s WHERE s.backend_pid = pg_backend_pid());

CREATE VIEW reporting.check_ins WITH (security_barrier) AS
  SELECT c.id, c."unitId" AS unit_id, c.date, c.status::text AS status, c."checkInTimestamp" AS checked_in_at,
         c."checkedInById" AS checked_in_by_id, c."isOnHold" AS is_on_hold
    FROM "CheckIn" c
   WHERE c."facilityId" = (SELECT s.facility_id FROM reporting.scope s WHERE s.backend_pid = pg_backend_pid());

-- The role is cluster-wide (several databases may share it): created once, never with LOGIN. Whoever runs
-- the migrations becomes a member so the executor may SET LOCAL ROLE to it. Without CREATEROLE the views
-- stay, and reports fail with a clear message until an operator creates the role (decision 0280).
DO $$
DECLARE attempt integer := 0;
BEGIN
  LOOP
    attempt := attempt + 1;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sage_tabular_reader') THEN
        CREATE ROLE sage_tabular_reader NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS;
      END IF;
      IF NOT pg_has_role(current_user, 'sage_tabular_reader', 'MEMBER') THEN
        EXECUTE format('GRANT sage_tabular_reader TO %I', current_user);
      END IF;
      EXIT;
    EXCEPTION
      WHEN insufficient_privilege THEN
        RAISE WARNING 'sage_tabular_reader could not be created or granted (%): reports will not run', SQLERRM;
        RETURN;
      WHEN OTHERS THEN
        IF attempt >= 5 THEN RAISE; END IF;
        PERFORM pg_sleep(0.05 * attempt);
    END;
  END LOOP;
  EXECUTE 'REVOKE ALL ON SCHEMA reporting FROM sage_tabular_reader';
  EXECUTE 'GRANT USAGE ON SCHEMA reporting TO sage_tabular_reader';
  EXECUTE 'GRANT SELECT ON reporting.facility, reporting.alerts, reporting.alert_updates, reporting.staff, '
       || 'reporting.units, reporting.care_zones, reporting.unit_care_zones, reporting.residents, '
       || 'reporting.devices, reporting.check_ins TO sage_tabular_reader';
END
$$;
