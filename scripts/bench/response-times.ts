// Response-time figures over a year of one facility (issue 14; docs/decisions/0303): the demo facility with a
// year of device alerts (claimed, confirmed, resolved; generate_series through the demo history seed), the
// rollup rebuilt, then GET /insights/api/v1/responseTimes called one request at a time over loopback.
// Prints the load average, p50/p99 of the endpoint and the database CPU of its statement. Bounded in requests
// and time.
//   pnpm bench:response-times   (TEST_DATABASE_URL or the local PostgreSQL at 127.0.0.1:5432)
//   BENCH_ALERTS_PER_DAY (default 150), BENCH_DAYS (default 365; fewer to iterate), BENCH_REQUESTS (default
//   100 per variant). BENCH_KEEP_DATABASE=1 keeps the seeded database (its name is printed); BENCH_DATABASE=<name>
//   skips seeding and measures that database again (then drops it unless kept).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { buildApp } from '@sage/api';
import { loadConfig } from '@sage/api/env';
import { prismaRollupSql, rollUpResponseTimes } from '@sage/db';
import { DEMO, seedDemo, seedDemoHistory } from '@sage/db/seed';
import { openSessionToken } from '../../apps/api/src/modules/auth/sessions/open-session';
import { RESPONSE_TIMES_STATEMENTS } from '../../apps/api/src/modules/insights/response-times/response-times';
import { benchDatabase } from './lib';

process.env.TEST_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
const ALERTS_PER_DAY = Number(process.env.BENCH_ALERTS_PER_DAY ?? 150);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ms = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

const KEEP = process.env.BENCH_KEEP_DATABASE === '1';
const REUSE = process.env.BENCH_DATABASE;
const benchStarted = process.hrtime.bigint();
const db = await benchDatabase(REUSE);
try {
  const facilityId = REUSE
    ? (await db.prisma.facility.findFirstOrThrow({ where: { name: DEMO.facilityName } })).id
    : await seedYear();
  if (KEEP) console.log(`database kept: BENCH_DATABASE=${db.name}`);
  await measure(facilityId);
  console.log(
    `benchmark done in ${(ms(benchStarted) / 1000).toFixed(0)} s (load average ${load()}; 2 cores${KEEP ? '' : ', database dropped'})`,
  );
} finally {
  if (KEEP) await db.prisma.$disconnect();
  else await db.drop();
}

/** The demo facility with a year of history, rolled up: its id. */
async function seedYear(): Promise<string> {
  const { facilityId } = await seedDemo(db.prisma);
  let started = process.hrtime.bigint();
  const history = await db.prisma.$transaction(
    (tx) => seedDemoHistory(tx, facilityId, { days: DAYS, alertsPerDay: ALERTS_PER_DAY }),
    { timeout: 600_000 },
  );
  console.log(
    `loaded ${DAYS} days: ${history.alerts} alerts (+ the demo's 5 weeks), ${history.responseSteps} response steps rebuilt in ${(ms(started) / 1000).toFixed(1)} s (history + rollup)`,
  );
  await db.prisma.$executeRawUnsafe('ANALYZE');
  started = process.hrtime.bigint();
  await db.prisma.$transaction((tx) => rollUpResponseTimes(prismaRollupSql(tx)), { timeout: 600_000 });
  console.log(`first incremental rollup (reads every task once): ${ms(started).toFixed(0)} ms`);
  started = process.hrtime.bigint();
  await db.prisma.$transaction((tx) => rollUpResponseTimes(prismaRollupSql(tx)));
  console.log(`next incremental rollup (nothing changed): ${ms(started).toFixed(0)} ms`);
  return facilityId;
}

async function measure(facilityId: string): Promise<void> {
  const manager = await db.prisma.staffMember.findUniqueOrThrow({
    where: { phoneNumber: DEMO.phones.manager },
  });
  const zone = await db.prisma.careZone.findFirstOrThrow({ where: { facilityId }, orderBy: { name: 'asc' } });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
  const app = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const { token } = await openSessionToken(db.prisma, manager.id, config.JWT_SECRET, 3600);
  const headers = { authorization: `Bearer ${token}`, 'x-sage-profile-rid': manager.id };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      const req = http.request({ host: '127.0.0.1', port, method: 'GET', path, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 400) reject(new Error(`GET ${path}: ${res.statusCode}`));
          else resolve(ms(t0));
        });
      });
      req.on('error', reject);
      req.end();
    });

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const year = `facilityId=${facilityId}&from=${day(-365)}&to=${day(0)}`;
  const variants: [string, string][] = [
    ['a year', year],
    ['a year, night shift', `${year}&shift=NIGHT`],
    [`a year, care zone ${zone.name}`, `${year}&careZoneId=${zone.id}`],
    ['the last 28 days', `facilityId=${facilityId}&from=${day(-27)}&to=${day(0)}`],
  ];
  const rows = await db.prisma.responseTimeStep.count({ where: { facilityId } });
  console.log(
    `GET /insights/api/v1/responseTimes, ${rows} step rows, one request at a time, n=${REQUESTS} each (load average ${load()}):`,
  );
  for (const [name, query] of variants) {
    for (let i = 0; i < 5; i++) await get(`/insights/api/v1/responseTimes?${query}`); // warm-up
    const times: number[] = [];
    const deadline = Date.now() + 60_000;
    const cpuBefore = process.cpuUsage();
    while (times.length < REQUESTS && Date.now() < deadline) {
      times.push(await get(`/insights/api/v1/responseTimes?${query}`));
    }
    // CPU time of this process (the API, in process, and the small HTTP client) per request: on a shared
    // machine wall time is also the queue for a core, this is the work.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuPerRequest = (cpu.user + cpu.system) / 1000 / times.length;
    times.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(36)} n=${times.length}  p50 ${pct(times, 50).toFixed(1)} ms  p99 ${pct(times, 99).toFixed(1)} ms  API CPU ${cpuPerRequest.toFixed(1)} ms/request  (load average ${load()})`,
    );
  }
  // CPU time the database spends on a year's request, read from its backend's /proc entry (utime + stime,
  // 10 ms ticks): on a loaded machine wall time measures the queue for the CPU as much as the work.
  // One connection (a transaction) so that one backend's counters are read.
  const perStatement = await db.prisma.$transaction(
    async (tx) => {
      const [{ pid }] = (await tx.$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid')) as [
        { pid: number },
      ];
      const cpuMs = () => {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) * 10;
      };
      const params = [facilityId, day(-365), day(0)];
      const runs = 10;
      const cpu: number[] = [];
      for (const sql of RESPONSE_TIMES_STATEMENTS) {
        await tx.$queryRawUnsafe(sql, ...params);
        const before = cpuMs();
        for (let i = 0; i < runs; i++) await tx.$queryRawUnsafe(sql, ...params);
        cpu.push((cpuMs() - before) / runs);
      }
      return cpu;
    },
    { timeout: 600_000 },
  );
  console.log(
    `  database CPU per year request: ${perStatement.map((c) => `${c.toFixed(0)} ms`).join(' + ')} = ${perStatement.reduce((a, b) => a + b, 0).toFixed(0)} ms (reading the packed days of the year)`,
  );
  const plan = await db.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
    `EXPLAIN (ANALYZE, FORMAT TEXT) ${RESPONSE_TIMES_STATEMENTS[0]}`,
    facilityId,
    day(-365),
    day(0),
  );
  console.log(`  the year's packed days (EXPLAIN ANALYZE): ${plan.at(-1)?.['QUERY PLAN']}`);
  agent.destroy();
  await app.close();
}
