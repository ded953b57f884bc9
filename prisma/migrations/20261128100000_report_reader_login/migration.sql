-- Reports log in as a role of their own (decision 0500, issue #29). Before, the job process connected as the
-- migrating user (often a superuser) and narrowed itself with SET LOCAL ROLE sage_tabular_reader, which the
-- report's own SQL could undo (set_config('role', 'none', true)). Now the report's connection logs in as
-- sage_report_reader: no way back to any other role, read-only by default, only SELECT on the reporting views.
--
-- The community a report reads is a row of reporting.scope, written and committed by the executor's privileged
-- connection BEFORE the reader's query starts, keyed by the reader's backend (pid and start time, so a reused pid
-- never inherits it); the reader may not read or write it, and its query cannot change which backend it is.

DELETE FROM reporting.scope;
ALTER TABLE reporting.scope
  ADD COLUMN backend_start timestamptz NOT NULL,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE reporting.scope DROP CONSTRAINT scope_pkey;
ALTER TABLE reporting.scope ADD PRIMARY KEY (backend_pid, backend_start);
REVOKE ALL ON reporting.scope FROM PUBLIC;

-- The scope of this backend: its own row, matched by pid and by the backend's start time.
CREATE VIEW reporting.current_scope AS
  SELECT s.facility_id
    FROM reporting.scope s
   WHERE s.backend_pid = pg_backend_pid()
     AND s.backend_start = (SELECT a.backend_start FROM pg_stat_get_activity(pg_backend_pid()) a);
REVOKE ALL ON reporting.current_scope FROM PUBLIC;

CREATE OR REPLACE VIEW reporting.facility WITH (security_barrier) AS
  SELECT f.id, f.name, f.timezone
    FROM "Facility" f
   WHERE f.id = (SELECT c.facility_id FROM reporting.current_scope c);

CREATE OR REPLACE VIEW reporting.alerts WITH (security_barrier) AS
  SELECT t.id, t.kind::text AS kind, t.title, t.status::text AS status, t.severity::text AS severity,
         t."unitId" AS unit_id, t."residentId" AS resident_id, t."deviceId" AS device_id,
         t."assigneeId" AS assignee_id, t."isTest" AS is_test, t."creationTimestamp" AS created_at,
         t."resolvedAt" AS resolved_at, t."resolvedById" AS resolved_by_id,
         t."alertOutcomeType"::text AS outcome
    FROM "Task" t
   WHERE t."facilityId" = (SELECT c.facility_id FROM reporting.current_scope c);

CREATE OR REPLACE VIEW reporting.alert_updates WITH (security_barrier) AS
  SELECT u.id, u."taskId" AS alert_id, u.type::text AS type, u."creatorStaffMemberId" AS staff_member_id,
         u."deviceId" AS device_id, u."createdAt" AS created_at
    FROM "TaskUpdate" u
   WHERE u."facilityId" = (SELECT c.facility_id FROM reporting.current_scope c);

CREATE OR REPLACE VIEW reporting.staff WITH (security_barrier) AS
  SELECT m.id, m."firstName" AS first_name, m."lastName" AS last_name, m."jobTitle" AS job_title,
         m."isAgencyStaff" AS is_agency_staff, m."isArchived" AS is_archived
    FROM "StaffMember" m
   WHERE EXISTS (
     SELECT 1 FROM "StaffMemberFacilityConfig" c
      WHERE c."staffMemberId" = m.id
        AND c."facilityId" = (SELECT c.facility_id FROM reporting.current_scope c));

CREATE OR REPLACE VIEW reporting.units WITH (security_barrier) AS
  SELECT u.id, u."displayName" AS display_name, u."careType"::text AS care_type, u.ward, u.building,
         u.wing, u.floor
    FROM "Unit" u
   WHERE u."facilityId" = (SELECT c.facility_id FROM reporting.current_scope c);

CREATE OR REPLACE VIEW reporting.care_zones WITH (security_barrier) AS
  SELECT z.id, z.name
    FROM "CareZone" z
   WHERE z."facilityId" = (SELECT c.facility_id FROM reporting.current_scope c);

-- A unit is in a care zone when it carries any of the zone's unit tags.
CREATE OR REPLACE VIEW reporting.unit_care_zones WITH (security_barrier) AS
  SELECT u.id AS unit_id, z.id AS care_zone_id, z.name AS care_zone_name
    FROM "Unit" u
    JOIN "CareZone" z ON z."facilityId" = u."facilityId"
     AND (u.id = ANY (z."unitRids") OR u."careType" = ANY (z."careTypes") OR u.ward = ANY (z.wards)
          OR u.building = ANY (z.buildings) OR u.wing = ANY (z.wings) OR u.floor = ANY (z.floors))
   WHERE u."facilityId" = (SELECT c.facility_id FROM reporting.current_scope c);

CREATE OR REPLACE VIEW reporting.residents WITH (security_barrier) AS
  SELECT r.id, r."firstName" AS first_name, r."lastName" AS last_name, r."unitId" AS unit_id,
         r."isArchived" AS is_archived
    FROM "Resident" r
   WHERE r."facilityId" = (SELECT c.facility_id FROM reporting.current_scope c);

CREATE OR REPLACE VIEW reporting.devices WITH (security_barrier) AS
  SELECT d.id, d."hardwareId" AS hardware_id, d.type::text AS type, d."batteryLevel" AS battery_level,
         d."lastHeardAt" AS last_heard_at, d."lastPressTimestamp" AS last_press_at, d."createdAt" AS created_at,
         a."unitId" AS unit_id, a."residentId" AS resident_id, COALESCE(a."displayName", a.room) AS allocation_name
    FROM "Device" d
    LEFT JOIN "DeviceAllocation" a ON a."deviceId" = d.id AND a."isActive"
   WHERE d."facilityId" = (SELECT c.facility_id FROM reporting.current_scope c);

CREATE OR REPLACE VIEW reporting.check_ins WITH (security_barrier) AS
  SELECT c.id, c."unitId" AS unit_id, c.date, c.status::text AS status, c."checkInTimestamp" AS checked_in_at,
         c."checkedInById" AS checked_in_by_id, c."isOnHold" AS is_on_hold
    FROM "CheckIn" c
   WHERE c."facilityId" = (SELECT c.facility_id FROM reporting.current_scope c);

-- The reader. Cluster-wide, created once (tolerant of a concurrent creation), LOGIN, a member of nothing.
-- Without CREATEROLE: a warning, the migration still succeeds, and reports refuse to run with a message naming
-- this step (decision 0500 says how an operator creates the role by hand).
DO $$
DECLARE
  attempt integer := 0;
  membership record;
BEGIN
  LOOP
    attempt := attempt + 1;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sage_report_reader') THEN
        CREATE ROLE sage_report_reader LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION
          NOBYPASSRLS CONNECTION LIMIT 16;
      END IF;
      EXIT;
    EXCEPTION
      WHEN insufficient_privilege THEN
        RAISE WARNING 'sage_report_reader could not be created (%): reports will not run until an operator creates it (docs/decisions/0500)', SQLERRM;
        RETURN;
      WHEN OTHERS THEN
        IF attempt >= 5 THEN RAISE; END IF;
        PERFORM pg_sleep(0.05 * attempt);
    END;
  END LOOP;
  BEGIN
    ALTER ROLE sage_report_reader LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS;
    ALTER ROLE sage_report_reader SET default_transaction_read_only = on;
    ALTER ROLE sage_report_reader SET statement_timeout = '30s';
    ALTER ROLE sage_report_reader SET lock_timeout = '5s';
    ALTER ROLE sage_report_reader SET idle_in_transaction_session_timeout = '60s';
    ALTER ROLE sage_report_reader SET search_path = reporting;
    ALTER ROLE sage_report_reader SET work_mem = '16MB';
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'sage_report_reader''s settings could not be set (%): see docs/decisions/0500', SQLERRM;
  END;
  BEGIN
    -- Only a superuser may set these for a role.
    ALTER ROLE sage_report_reader SET temp_file_limit = '256MB';
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'sage_report_reader: temp_file_limit left unset (needs a superuser)';
  END;
  -- A member of nothing: no SET ROLE leads anywhere.
  FOR membership IN
    SELECT m.roleid::regrole::text AS role FROM pg_auth_members m WHERE m.member = 'sage_report_reader'::regrole
  LOOP
    BEGIN
      EXECUTE format('REVOKE %s FROM sage_report_reader', membership.role);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE WARNING 'sage_report_reader is a member of % and that could not be revoked: reports will refuse to run', membership.role;
    END;
  END LOOP;
  -- The migrating (application) user may see and cancel the reader's backends (the API's cancel); the reader
  -- gains nothing by it. A superuser needs no grant.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'sage_report_reader', 'USAGE') THEN
    BEGIN
      EXECUTE format('GRANT sage_report_reader TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE WARNING 'sage_report_reader could not be granted to % (%): cancelling a running report may not stop its query', current_user, SQLERRM;
    END;
  END IF;
  EXECUTE 'REVOKE ALL ON SCHEMA reporting FROM sage_report_reader';
  EXECUTE 'GRANT USAGE ON SCHEMA reporting TO sage_report_reader';
  EXECUTE 'REVOKE ALL ON reporting.scope, reporting.current_scope FROM sage_report_reader';
  EXECUTE 'GRANT SELECT ON reporting.facility, reporting.alerts, reporting.alert_updates, reporting.staff, '
       || 'reporting.units, reporting.care_zones, reporting.unit_care_zones, reporting.residents, '
       || 'reporting.devices, reporting.check_ins TO sage_report_reader';
END
$$;

-- The old way is gone: sage_tabular_reader reads nothing here, the migrating user is no longer its member, and the
-- role is dropped once no database of the cluster grants it anything.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sage_tabular_reader') THEN RETURN; END IF;
  EXECUTE 'REVOKE ALL ON ALL TABLES IN SCHEMA reporting FROM sage_tabular_reader';
  EXECUTE 'REVOKE ALL ON SCHEMA reporting FROM sage_tabular_reader';
  BEGIN
    IF EXISTS (SELECT 1 FROM pg_auth_members m
                WHERE m.roleid = 'sage_tabular_reader'::regrole AND m.member = current_user::regrole) THEN
      EXECUTE format('REVOKE sage_tabular_reader FROM %I', current_user);
    END IF;
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'could not revoke sage_tabular_reader from % (%)', current_user, SQLERRM;
  END;
  BEGIN
    DROP ROLE sage_tabular_reader;
  EXCEPTION WHEN insufficient_privilege OR dependent_objects_still_exist THEN
    RAISE NOTICE 'sage_tabular_reader kept (%): another database still names it', SQLERRM;
  END;
END
$$;
