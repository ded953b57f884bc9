// API read latency with a realistic facility loaded: the demo facility plus a year of alert history.
// Prints p50/p95/p99 per read. Loopback only; bounded in requests and time.
//   pnpm bench:api-reads   (TEST_DATABASE_URL or the local PostgreSQL at 127.0.0.1:5432)
//   BENCH_KEEP_DATABASE=1 keeps the seeded database (its name is printed); BENCH_DATABASE=<name> skips seeding
//   and measures that database again (then drops it unless kept), e.g. to EXPLAIN the reads on the same data.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { buildApp } from '@sage/api';
import { loadConfig } from '@sage/api/env';
import { DEMO, seedDemo } from '@sage/db/seed';
import { openSessionToken } from '../../apps/api/src/modules/auth/sessions/open-session';
import { benchDatabase } from './lib';

process.env.TEST_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
const HISTORY_TASKS = Number(process.env.BENCH_HISTORY_TASKS ?? 20_000);
const OPEN_TASKS = 40;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REQUESTS_PER_READ = Number(process.env.BENCH_REQUESTS ?? 2_000);
/** Only the reads whose name contains this (e.g. `BENCH_ONLY=search`), to profile one at a time. */
const ONLY = process.env.BENCH_ONLY;

const KEEP = process.env.BENCH_KEEP_DATABASE === '1';
const REUSE = process.env.BENCH_DATABASE;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const db = await benchDatabase(REUSE, { max: 5 });

/** The demo facility with a year of alert history; its id. */
async function seed(): Promise<string> {
  const { facilityId } = await seedDemo(db.prisma);
  // A year of resolved alerts and a busy shift of open ones, spread over the facility's residents.
  await db.prisma.$executeRawUnsafe(
    `INSERT INTO "Task" ("facilityId", "enterpriseId", title, status, severity, "severityRank", "unitId", "residentId",
                         "creationTimestamp", "lastUpdateTimestamp", "resolvedAt")
     SELECT r."facilityId", f."enterpriseId", r."firstName" || ' ' || r."lastName" || ' needs assistance',
            CASE WHEN g <= $2 THEN 'OPEN_UNCLAIMED'::"TaskStatus" ELSE 'CLOSED_RESOLVED'::"TaskStatus" END,
            (ARRAY['HIGH_PRIORITY','EMERGENCY','STAFF_ASSIST','MEDIUM_PRIORITY']::"Severity"[])[1 + g % 4],
            (ARRAY[3,1,2,4])[1 + g % 4], r."unitId", r.id,
            now() - (g || ' minutes')::interval * 26, now() - (g || ' minutes')::interval * 26,
            CASE WHEN g <= $2 THEN NULL ELSE now() - (g || ' minutes')::interval * 26 + interval '4 minutes' END
       FROM generate_series(1, $1) g
       JOIN LATERAL (SELECT * FROM "Resident" WHERE "facilityId" = $3 ORDER BY id OFFSET g % 70 LIMIT 1) r ON true
       JOIN "Facility" f ON f.id = r."facilityId"`,
    HISTORY_TASKS,
    OPEN_TASKS,
    facilityId,
  );
  await db.prisma.$executeRawUnsafe('ANALYZE');
  return facilityId;
}

try {
  const facilityId = REUSE
    ? (await db.prisma.facility.findFirstOrThrow({ where: { name: DEMO.facilityName } })).id
    : await seed();
  if (KEEP) console.log(`database kept: BENCH_DATABASE=${db.name}`);
  const caregiver = await db.prisma.staffMember.findUniqueOrThrow({
    where: { phoneNumber: DEMO.phones.caregiver },
  });
  const someTask = await db.prisma.task.findFirstOrThrow({ where: { facilityId, status: 'OPEN_UNCLAIMED' } });

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
  const app = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const { token } = await openSessionToken(db.prisma, caregiver.id, config.JWT_SECRET, 3600);
  const headers = {
    authorization: `Bearer ${token}`,
    'x-sage-profile-rid': caregiver.id,
    'content-type': 'application/json',
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

  const call = (method: string, path: string, body?: object) =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 400) reject(new Error(`${method} ${path}: ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      });
      req.on('error', reject);
      req.end(body ? JSON.stringify(body) : undefined);
    });

  const reads: [string, () => Promise<number>][] = [
    ['GET /admin/api/v1/units', () => call('GET', `/admin/api/v1/units?facilityId=${facilityId}`)],
    [
      'POST /admin/api/v1/tasks/search (open, most severe first)',
      () =>
        call('POST', '/admin/api/v1/tasks/search', {
          facilityId,
          statuses: ['OPEN_UNCLAIMED', 'OPEN_CLAIMED'],
          pageSize: 50,
        }),
    ],
    [
      'POST /admin/api/v1/tasks/search (closed, last 7 days)',
      () =>
        call('POST', '/admin/api/v1/tasks/search', {
          facilityId,
          statuses: ['CLOSED_RESOLVED'],
          createdAfter: new Date(Date.now() - 7 * 86_400_000).toISOString(),
          pageSize: 50,
        }),
    ],
    ['GET /admin/api/v1/tasks/{id}', () => call('GET', `/admin/api/v1/tasks/${someTask.id}`)],
  ];

  // CPU of this database's PostgreSQL backends (ms), read from /proc when PostgreSQL runs on this machine
  // (as in these benchmarks); null when it cannot be read.
  const ticksPerMs = 100 / 1000; // USER_HZ
  const postgresCpu = async (): Promise<Map<number, number> | null> => {
    const pids = await db.prisma.$queryRawUnsafe<{ pid: number }[]>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
    );
    const ms = new Map<number, number>();
    for (const { pid } of pids) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ms.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs); // utime, stime
      } catch {
        // gone since, or PostgreSQL runs elsewhere
      }
    }
    return ms.size ? ms : null;
  };
  // Backends opened during the phase count from zero; one closed during it is missed (pools keep theirs busy).
  const postgresCpuSince = (before: Map<number, number>, after: Map<number, number>) =>
    [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
  const pct = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  console.log(
    `facility: 50 units, 70 residents, ${await db.prisma.task.count()} tasks; concurrency ${CONCURRENCY}; load average ${load()} (2 cores)`,
  );
  for (const [name, read] of reads) {
    if (ONLY && !name.includes(ONLY)) continue;
    for (let i = 0; i < 50; i++) await read(); // warm-up
    const times: number[] = [];
    const cpuBefore = process.cpuUsage();
    const postgresBefore = await postgresCpu();
    const deadline = Date.now() + 60_000;
    let issued = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (issued < REQUESTS_PER_READ && Date.now() < deadline) {
          issued++;
          times.push(await read());
        }
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);
    const postgresAfter = await postgresCpu();
    times.sort((a, b) => a - b);
    // CPU of this process (the API and the benchmark's own client) per request: less noisy than latency
    // on a shared machine. PostgreSQL's CPU is not in it.
    const cpuPerRequest = (cpu.user + cpu.system) / 1000 / times.length;
    const postgresPerRequest =
      postgresBefore && postgresAfter
        ? `${(postgresCpuSince(postgresBefore, postgresAfter) / times.length).toFixed(2)} ms/req`
        : 'n/a';
    console.log(
      `${name.padEnd(58)} n=${times.length}  p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  p99 ${pct(times, 99).toFixed(1)} ms  node CPU ${cpuPerRequest.toFixed(2)} ms/req  PostgreSQL CPU ${postgresPerRequest}`,
    );
  }
  console.log(`load average ${load()}${KEEP ? '' : '; database dropped'}`);
  agent.destroy();
  await app.close();
} finally {
  if (KEEP) await db.prisma.$disconnect();
  else await db.drop();
}
