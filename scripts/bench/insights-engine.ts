// One pass of the insights engine over a large history (docs/decisions/0290): 100 facilities, 20 care staff
// each, ~5 million alerts over a year (each claimed, most confirmed at the bedside, some with a failed
// confirmation), care logs and check-ins, all made by generate_series in SQL. Times the seeding, then one pass
// of every default rule (one statement per rule over all facilities and staff), then a second pass of the same
// period (idempotent: raises nothing). Prints the figures.
//   pnpm bench:insights-engine   (TEST_DATABASE_URL or the local PostgreSQL at 127.0.0.1:5432)
//   BENCH_TASKS=500000 for a smaller run.
import { createRequire } from 'node:module';
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

const db = await createTestDatabase();
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

try {
  console.log(
    `insights engine benchmark: ${FACILITIES} facilities, ${TASKS.toLocaleString()} alerts over a year`,
  );
  await client.query('SET synchronous_commit = off');
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
  const seedStarted = performance.now();
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
  await timed('analyze', 'ANALYZE');
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

  for (const pass of ['first pass', 'second pass (same period)']) {
    const started = performance.now();
    const runs = await evaluateRules(client);
    const total = (performance.now() - started) / 1000;
    console.log(
      `\n${pass}: ${runs.length} rules, ${runs.reduce((n, r) => n + r.raised, 0)} insights raised, ${total.toFixed(2)} s`,
    );
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
} finally {
  await client.end();
  await db.drop();
}
