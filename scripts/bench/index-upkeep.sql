-- decision 0720: run ONLY on a scratch database built by the migrations of the code before 0720 (it truncates
-- TaskUpdate and DeviceActivity and drops/creates indexes), as a superuser on a local server (reads /proc):
--   createdb -p PORT scratch && DATABASE_URL=.../scratch pnpm db:migrate && psql -p PORT scratch -f scripts/bench/index-upkeep.sql
-- Index-maintenance micro A/B: rows as a press writes them (TaskUpdate, DeviceActivity), with and without the
-- facility-led indexes, FK triggers off (session_replication_role) so only the heap and index work is counted.
SET session_replication_role = replica;
CREATE TEMP TABLE cpu_log (round int, side text, rows int, ticks bigint);
CREATE OR REPLACE FUNCTION pg_temp.ticks() RETURNS bigint LANGUAGE sql AS $$
  SELECT (split_part(split_part(pg_read_file('/proc/' || pg_backend_pid() || '/stat'), ') ', 2), ' ', 12))::bigint
       + (split_part(split_part(pg_read_file('/proc/' || pg_backend_pid() || '/stat'), ') ', 2), ' ', 13))::bigint $$;
DO $$
DECLARE r int; side text; t0 bigint; b int; n int := 40000;
BEGIN
  FOR r IN 1..4 LOOP
    FOREACH side IN ARRAY ARRAY['with', 'without'] LOOP
      TRUNCATE "TaskUpdate", "DeviceActivity";
      IF side = 'with' THEN
        CREATE INDEX IF NOT EXISTS "TaskUpdate_facilityId_taskId_createdAt_idx" ON "TaskUpdate" ("facilityId", "taskId", "createdAt");
        CREATE INDEX IF NOT EXISTS "DeviceActivity_facilityId_deviceId_timestamp_idx" ON "DeviceActivity" ("facilityId", "deviceId", timestamp);
      ELSE
        DROP INDEX IF EXISTS "TaskUpdate_facilityId_taskId_createdAt_idx";
        DROP INDEX IF EXISTS "DeviceActivity_facilityId_deviceId_timestamp_idx";
      END IF;
      t0 := pg_temp.ticks();
      FOR b IN 1..(n / 25) LOOP  -- 25 rows a statement, as a batch of 25 presses
        INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description)
        SELECT gen_random_uuid()::text, 'fac-' || (i % 10), 'dev-' || b || '-' || i, 'CREATED', 'Created'
          FROM generate_series(1, 25) i;
        INSERT INTO "DeviceActivity" ("facilityId", "deviceId", type, timestamp, "deviceEventId", "taskId")
        SELECT 'fac-' || (i % 10), 'dev-' || b || '-' || i, 'BUTTON_PRESS', clock_timestamp(), gen_random_uuid()::text,
               gen_random_uuid()::text
          FROM generate_series(1, 25) i;
      END LOOP;
      INSERT INTO cpu_log VALUES (r, side, n, pg_temp.ticks() - t0);
    END LOOP;
  END LOOP;
END $$;
SELECT side, string_agg(round((ticks * 10000.0 / rows)::numeric, 2)::text, ' ' ORDER BY round) AS "µs CPU per press (rounds)",
       round(avg(ticks * 10000.0 / rows)::numeric, 2) AS mean
  FROM cpu_log GROUP BY side ORDER BY side;
