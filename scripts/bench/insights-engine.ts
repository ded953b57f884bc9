// One pass of the insights engine over a large history (docs/decisions/0290): 100 facilities, 20 care staff
// each, ~5 million alerts over a year (each claimed, most confirmed at the bedside, some with a failed
// confirmation), care logs and check-ins, all made by generate_series in SQL. Times the seeding, then one pass
// of every default rule (one statement per rule over all facilities and staff), then a second pass of the same
// period (idempotent: raises nothing). Prints the figures.
//   pnpm bench:insights-engine   (TEST_DATABASE_URL or the local PostgreSQL at 127.0.0.1:5432)
//   BENCH_TASKS=500000 for a smaller run. BENCH_KEEP_DATABASE=1 keeps the seeded database (its name is printed);
//   BENCH_DATABASE=<name> skips seeding and evaluates that database again (then drops it unless kept).
// Seeding is bulk loading: foreign-key triggers off for the session (session_replication_role = replica: the
// rows are made consistent by construction), the secondary indexes of the seeded tables dropped first and built
// again after (their definitions are read from pg_indexes, so they are the migrations' own).
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { createTestDatabase } from '@sage/db/testing';
import type PgModule from 'pg';
import { evaluateRules } from '../../apps/worker/src/insights/evaluate-rules';

// The worker's own pg (the root package does not depend on it).
const pg = createRequire(new URL('../../apps/worker/package.json', import.meta.url))('pg') as typeof PgModule;
process.env.TEST_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
const FACILITIES = 100;
const STAFF_PER_FACILITY = 20;
const UNITS_PER_FACILITY = 10;
const TASKS = Number(process.env.BENCH_TASKS ?? 5_000_000);
const CARE_LOGS = Math.round(TASKS / 10);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const KEEP = process.env.BENCH_KEEP_DATABASE === '1';
const REUSE = process.env.BENCH_DATABASE;
const serverUrl = process.env.TEST_DATABASE_URL as string;
const db = REUSE
  ? (() => {
      const url = new URL(serverUrl);
      url.pathname = `/${REUSE}`;
      return { name: REUSE, url: url.toString(), drop: () => dropDatabase(REUSE) };
    })()
  : await createTestDatabase();
async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
const benchStarted = performance.now();
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const timed = async (label: string, sql: string, params: unknown[] = []) => {
  const started = performance.now();
  const { rowCount } = await client.query(sql, params);
  const s = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(44)} ${String(rowCount ?? '').padStart(10)} rows ${s.toFixed(1).padStart(8)} s`,
  );
  return s;
};

/** The seeded tables' secondary indexes (not primary keys or unique constraints): dropped, then built again. */
const SEEDED_TABLES = ['Task', 'TaskUpdate', 'CareEvent', 'CheckIn'];

async function seed() {
  await client.query('SET synchronous_commit = off');
  await client.query('SET session_replication_role = replica');
  await client.query(`SET maintenance_work_mem = '256MB'`);
  await client.query(`SET work_mem = '256MB'`);
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [SEEDED_TABLES],
  );
  for (const { name } of indexes) await client.query(`DROP INDEX "${name}"`);
  const seedStarted = performance.now();
  await timed('enterprise', `INSERT INTO "Enterprise" (id, name) VALUES ('bench-ent', 'Bench Enterprise')`);
  await timed(
    'facilities (four time zones)',
    `INSERT INTO "Facility" (id, "enterpriseId", name, timezone)
     SELECT 'bench-fac-' || lpad(f::text, 3, '0'), 'bench-ent', 'Bench Community ' || f,
            (ARRAY['America/Chicago','America/New_York','America/Denver','America/Los_Angeles'])[1 + f % 4]
       FROM generate_series(1, $1) f`,
    [FACILITIES],
  );
  await timed(
    'care staff groups',
    `INSERT INTO "Group" (id, "facilityId", "enterpriseId", type, name)
     SELECT 'bench-grp-' || f.id, f.id, 'bench-ent', 'CareStaff', 'Care staff' FROM "Facility" f`,
  );
  await timed(
    'staff',
    `INSERT INTO "StaffMember" (id, "enterpriseId", "firstName", "lastName", "phoneNumber")
     SELECT 'bench-staff-' || lpad(f::text, 3, '0') || '-' || lpad(s::text, 2, '0'), 'bench-ent', 'Staff' || s,
            'Community' || f, '+1312' || lpad((f * 100 + s)::text, 7, '0')
       FROM generate_series(1, $1) f, generate_series(1, $2) s`,
    [FACILITIES, STAFF_PER_FACILITY],
  );
  await timed(
    'memberships',
    `INSERT INTO "GroupMembership" ("facilityId", "groupId", "staffMemberId")
     SELECT 'bench-fac-' || split_part(id, '-', 3), 'bench-grp-bench-fac-' || split_part(id, '-', 3), id
       FROM "StaffMember" WHERE id LIKE 'bench-staff-%'`,
  );
  await timed(
    'units',
    `INSERT INTO "Unit" (id, "facilityId", "enterpriseId", "displayName", "careType")
     SELECT f.id || '-unit-' || u, f.id, 'bench-ent', 'IL ' || u, 'INDEPENDENT_LIVING'
       FROM "Facility" f, generate_series(1, $1) u WHERE f.id LIKE 'bench-fac-%'`,
    [UNITS_PER_FACILITY],
  );
  // Each alert: a facility, one of its staff (whose own speed scales the delays: staff 1 fast, staff 20 slow),
  // a time in the last year, minutes to claim, to the bedside, to resolve.
  await timed(
    'alert plan (temp table)',
    `CREATE TEMP TABLE plan AS
     SELECT 'bench-task-' || lpad(g::text, 8, '0') AS id,
            'bench-fac-' || lpad((1 + g % $2)::text, 3, '0') AS facility_id,
            'bench-staff-' || lpad((1 + g % $2)::text, 3, '0') || '-' || lpad((1 + (g / $2) % $3)::text, 2, '0') AS staff_id,
            (1 + (g / $2) % $3) AS speed,
            now() - random() * interval '365 days' AS created,
            random() AS r1, random() AS r2, random() AS r3, random() AS r4
       FROM generate_series(1, $1) g`,
    [TASKS, FACILITIES, STAFF_PER_FACILITY],
  );
  await timed(
    'alerts',
    `INSERT INTO "Task" (id, "facilityId", "enterpriseId", title, status, severity, "severityRank", "assigneeId",
                         "resolvedById", "creationTimestamp", "lastUpdateTimestamp", "resolvedAt")
     SELECT id, facility_id, 'bench-ent', 'Pendant pressed', 'CLOSED_RESOLVED', 'HIGH_PRIORITY', 3, staff_id, staff_id,
            created, created, created + (r1 * speed * 0.6 + r2 * speed * 0.8 + 3 + r3 * 10) * interval '1 minute'
       FROM plan ORDER BY facility_id, created`,
  );
  await timed(
    'claims',
    `INSERT INTO "TaskUpdate" (id, "taskId", "facilityId", type, "creatorStaffMemberId", "createdAt")
     SELECT id || '-claim', id, facility_id, 'CLAIM', staff_id, created + (r1 * speed * 0.6) * interval '1 minute'
       FROM plan`,
  );
  await timed(
    'care confirmed at the bedside (90 %)',
    `INSERT INTO "TaskUpdate" (id, "taskId", "facilityId", type, "createdAt")
     SELECT id || '-confirmed', id, facility_id, 'CARE_CONFIRMED',
            created + (r1 * speed * 0.6 + r2 * speed * 0.8) * interval '1 minute'
       FROM plan WHERE r4 < 0.9`,
  );
  await timed(
    'care confirmations failed (5 %)',
    `INSERT INTO "TaskUpdate" (id, "taskId", "facilityId", type, "createdAt")
     SELECT id || '-failed', id, facility_id, 'CARE_CONFIRMATION_FAILED',
            created + (r1 * speed * 0.6 + 0.5) * interval '1 minute'
       FROM plan WHERE r4 >= 0.95`,
  );
  await timed(
    'care logs',
    `INSERT INTO "CareEvent" (id, "facilityId", "enterpriseId", "creatorEntityIds", "eventTimestamp")
     SELECT 'bench-care-' || g, 'bench-fac-' || lpad((1 + g % $2)::text, 3, '0'), 'bench-ent',
            ARRAY['bench-staff-' || lpad((1 + g % $2)::text, 3, '0') || '-' || lpad((1 + (g / $2) % $3)::text, 2, '0')],
            now() - random() * interval '365 days'
       FROM generate_series(1, $1) g`,
    [CARE_LOGS, FACILITIES, STAFF_PER_FACILITY],
  );
  await timed(
    'check-ins (every unit, every day)',
    `INSERT INTO "CheckIn" (id, "facilityId", "enterpriseId", "unitId", date, status, "checkInReason",
                            "checkInTimestamp", "checkedInById")
     SELECT u.id || '-' || d::date, u."facilityId", 'bench-ent', u.id, d::date, 'COMPLETE', 'SEEN_IN_PERSON',
            d + interval '9 hours',
            'bench-staff-' || split_part(u."facilityId", '-', 3) || '-' || lpad((1 + (extract(doy FROM d)::int + split_part(u.id, '-unit-', 2)::int * 3) % $1)::text, 2, '0')
       FROM "Unit" u, generate_series(current_date - 364, current_date, interval '1 day') d
      WHERE u.id LIKE 'bench-fac-%'`,
    [STAFF_PER_FACILITY],
  );
  const indexesStarted = performance.now();
  for (const { def } of indexes) await client.query(def);
  console.log(
    `${`${indexes.length} secondary indexes built again`.padEnd(55)} ${((performance.now() - indexesStarted) / 1000).toFixed(1).padStart(8)} s`,
  );
  await client.query('SET session_replication_role = DEFAULT');
  await timed('analyze', 'ANALYZE');
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
}

try {
  console.log(
    `insights engine benchmark: ${FACILITIES} facilities, ${TASKS.toLocaleString()} alerts over a year (load average ${load()})`,
  );
  if (REUSE) {
    console.log(`reusing the seeded database ${REUSE} (its insights and workflows deleted first)`);
    await client.query('DELETE FROM "Workflow"');
    await client.query('DELETE FROM "Insight"');
  } else await seed();
  if (KEEP) console.log(`database kept: BENCH_DATABASE=${db.name}`);

  for (const pass of ['first pass', 'second pass (same period)']) {
    const started = performance.now();
    let alertsRead = '';
    const runs = await evaluateRules(client, new Date(), ({ alerts, ms }) => {
      alertsRead = `  ${`the windows' alerts read once (${alerts.toLocaleString()} alerts)`.padEnd(56)} ${(ms / 1000).toFixed(2).padStart(7)} s`;
    });
    const total = (performance.now() - started) / 1000;
    console.log(
      `\n${pass}: ${runs.length} rules, ${runs.reduce((n, r) => n + r.raised, 0)} insights raised, ${total.toFixed(2)} s (load average ${load()})`,
    );
    if (alertsRead) console.log(alertsRead);
    for (const r of runs)
      console.log(
        `  ${r.ruleId.padEnd(50)} ${String(r.raised).padStart(5)} ${(r.ms / 1000).toFixed(2).padStart(7)} s`,
      );
  }
  const { rows } = await client.query<{ category: string; scope: string; n: string }>(
    `SELECT category::text, scope::text, count(*)::text AS n FROM "Insight" GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  console.log(
    '\ninsights by category and scope:',
    rows.map((r) => `${r.category}/${r.scope} ${r.n}`).join(', '),
  );
  console.log(
    `\nbenchmark done in ${((performance.now() - benchStarted) / 1000).toFixed(0)} s (load average ${load()}; 2 cores${KEEP ? '' : ', database dropped'})`,
  );
} finally {
  await client.end();
  if (!KEEP) await db.drop();
}
