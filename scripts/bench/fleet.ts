/**
 * Benchmark: a fleet on one machine (issue #31). Every allocated device of every community heartbeats through
 * the real ingest (one gateway per community, its own key), a press per community every --press-every seconds
 * opens an alert with its escalation, staff sockets watch /live, and a sample of devices goes silent: each must
 * get its trouble task within its supervision interval plus one sweep of the supervision check.
 *
 *   pnpm bench:fleet [--communities 1000] [--devices-per-community 150] [--duration 600] [--heartbeat-every 240]
 *                    [--press-every 180] [--clients 5000] [--silent-sample 100] [--supervision-interval 6]
 *                    [--heartbeat-only 120] [--client-processes 2] [--port-base 3400] [--profile <dir>]
 *                    [--heartbeat-batch 0] [--idle 60]
 *
 * The defaults are the issue's: 1,000 communities, 150,000 devices heartbeating every 4 minutes (625 a second),
 * a press per community every 3 minutes, 5,000 staff sockets, 10 minutes. Scale them down to try it.
 *
 * How (decision 0542):
 * - Seeding: the test factory's community (enterprise, units, residents, staff, policy, gateway; 8 at a time),
 *   then wall buttons in bulk SQL up to --devices-per-community allocated devices each (the factory's own devices
 *   heartbeat too: every allocated device is supervised).
 * - Supervision: the product's own per-community setting (`Facility.deviceSupervisionIntervalMin`) is set to
 *   --supervision-interval minutes (default 6: 1.5 heartbeat periods; the device defaults are hours), the check
 *   runs every minute as deployed. Each device's last heartbeat before the run is written as one period before its
 *   first in the run (the fleet's steady state). A silent device stops at a time spread over the run's first part,
 *   late enough to have been heard in the run and early enough for interval + sweep to end before the run does;
 *   it is found when its DEVICE_SILENT task is created; the bound is its last heard time + interval + 60 s (one
 *   sweep) + 5 s for the sweep's own run. A silence raised for any other device is a false alarm.
 * - CPU: the first --heartbeat-only seconds send heartbeats alone: CPU per heartbeat is every server-side
 *   process's CPU in that phase (the supervision sweeps included) over its heartbeats; CPU per press is the rest
 *   of the run's CPU less its heartbeats at that rate, over its presses. Server side: the API, the ingest, the job
 *   process and PostgreSQL (the run database's backends, the server's background processes); not the client
 *   processes, the sender or the benchmark's own queries (decision 0540).
 * - Memory: resident memory (VmRSS) of each process when the sending starts, a third into the presses' phase (its
 *   open alerts and their escalations building up before), at the last scheduled send, and at the end (after the
 *   held heartbeats, posted by every gateway at once); also every minute, printed only. The verdict compares the last
 *   send with a third into the presses (decision 0960).
 * - Database size: pg_database_size when the sending starts and at the end, extrapolated to a day.
 *
 * - Gateways' batches (--heartbeat-batch N, decision 0920): each community's gateway holds its devices' heartbeats
 *   for N seconds (at most half of INGEST_BATCH_MAX_EVENTS) and posts them to the batch route; presses still go at once,
 *   alone. 0 (the default): one post per heartbeat. The heartbeats' CPU is then measured from the first N seconds'
 *   end (when the gateways post as fast as they gather) to the heartbeats-only phase's end, over the heartbeats
 *   posted in between. (It was over the phase, every gateway posting what it held at its end: 1,000 batches at once
 *   stalled the sender 2 s and put a press → screen spike in that minute that no real fleet's gateways would make.)
 *
 * - The idle floor (--idle S, default 60; 0: none): before the sending, with every socket connected, S seconds
 *   with nothing sent (after 30 s for the connections' own work to settle): each process's CPU a second when the
 *   fleet is quiet (the sockets' pings, the timers, the supervision sweep over every device). Printed beside the
 *   heartbeats' figure, not subtracted from it: the floor's parts are not additive (in one run the API took 24.5
 *   CPU-ms a second idle and 6.6 with the heartbeats), so the verdict is on the whole figure.
 *
 * Verdicts (PASS/MISS): heartbeats at most 0.1 ms of CPU each; memory flat (each product process's RSS at the last
 * scheduled send within 10 % + 16 MiB of a third into the presses); press → screen p99 < 100 ms in every minute; every silent
 * device found in time; every press delivered once to every client of its community; no false alarm. Exit 0 every goal met, 1 a
 * press missing or doubled or the sender behind (no verdict), 2 a goal missed.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  GATEWAY_KEY_HEADER,
  INGEST_BATCH_MAX_EVENTS,
  INGEST_EVENTS_BATCH_PATH,
  INGEST_EVENTS_PATH,
} from '@sage/contract';
import { createPrisma, type PrismaClient } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase } from '@sage/db/testing';
import { testServer } from '../lib/database';
import {
  BENCH_ANALYZE_APPLICATION_NAME,
  BENCH_APPLICATION_NAME,
  cpuModel,
  cpuSeconds,
  pgCpuBetween,
  pgProcesses,
  rssMiB,
  withApplicationName,
} from './cpu';
import {
  analyzeLikeAutovacuum,
  boundedFlag,
  exitWithCode,
  freePort,
  post,
  startAppProcess,
  stop,
  waitForHealth,
} from './lib';
import { type LiveClients, liveClientSpecs, startLiveClients } from './live-clients';
import { benchClock } from './live-frames';
import { printStatements, resetStatements, type StatementRow, statementsOfRun } from './statements';

const { values: args } = parseArgs({
  options: {
    communities: { type: 'string', default: '1000' },
    'devices-per-community': { type: 'string', default: '150' },
    duration: { type: 'string', default: '600' },
    'heartbeat-every': { type: 'string', default: '240' },
    'press-every': { type: 'string', default: '180' },
    clients: { type: 'string', default: '5000' },
    'silent-sample': { type: 'string', default: '100' },
    'supervision-interval': { type: 'string', default: '6' },
    'heartbeat-only': { type: 'string', default: '120' },
    idle: { type: 'string', default: '60' },
    'client-processes': { type: 'string' },
    'port-base': { type: 'string' },
    /** A folder for V8 CPU profiles of the ingest, job and API processes (node --cpu-prof; a subfolder each). */
    profile: { type: 'string' },
    /** Seconds each gateway holds its heartbeats to post them as one batch (0: one post each; decision 0920). */
    'heartbeat-batch': { type: 'string', default: '0' },
  },
});
const int = (name: keyof typeof args, min: number, max: number) =>
  boundedFlag(name, String(args[name]), min, max, { integer: true });
const COMMUNITIES = int('communities', 1, 5_000);
const DEVICES = int('devices-per-community', 10, 1_000);
const DURATION_S = int('duration', 30, 3_600);
const HEARTBEAT_S = int('heartbeat-every', 5, 3_600);
const PRESS_S = int('press-every', 1, 3_600);
const CLIENTS = int('clients', 1, 20_000);
const SILENT = int('silent-sample', 0, 10_000);
const INTERVAL_MIN = int('supervision-interval', 1, 1_440);
const HEARTBEAT_ONLY_S = int('heartbeat-only', 10, 3_600);
const HEARTBEAT_BATCH_S = int('heartbeat-batch', 0, 300);
const IDLE_S = int('idle', 0, 600);
/** Memory's middle reading: a third into the presses' phase (a third into the run when the presses began at 60 s). */
const MEMORY_THIRD_S = HEARTBEAT_ONLY_S + (DURATION_S - HEARTBEAT_ONLY_S) / 3;
/** Before the idle floor: the sockets' connecting (their sessions, the API's garbage) settles. */
const IDLE_SETTLE_S = 30;
/**
 * A gateway posts a batch early once it holds half a second's budget (INGEST_BATCH_MAX_EVENTS), so that a batch it
 * must post soon after (the run's end, where every gateway posts what it holds) keeps it within its budget.
 */
const GATEWAY_BATCH_MAX = INGEST_BATCH_MAX_EVENTS / 2;
const CLIENT_PROCESSES = Math.min(
  CLIENTS,
  boundedFlag('client-processes', args['client-processes'] ?? String(CLIENTS >= 200 ? 2 : 1), 1, 8, {
    integer: true,
  }),
);
const PORT_BASE = args['port-base'] ? boundedFlag('port-base', args['port-base'], 1024, 65_000) : 0;
let portsTaken = 0;
const nextPort = async () => (PORT_BASE ? PORT_BASE + portsTaken++ : freePort());
/** One sweep of the supervision check (its cron runs every minute), and the sweep's own run. */
const SWEEP_S = 60;
const SWEEP_RUN_S = 5;
/** A silent device must stop late enough to be heard in the run once, early enough to be found in it. */
const SILENT_FROM_S = Math.min(HEARTBEAT_S, HEARTBEAT_ONLY_S);
const SILENT_UNTIL_S = DURATION_S - INTERVAL_MIN * 60 - SWEEP_S - SWEEP_RUN_S - 10;
if (SILENT > 0 && SILENT_UNTIL_S <= SILENT_FROM_S)
  throw new Error(
    `--duration ${DURATION_S} s leaves no time to find a silent device: at least ${SILENT_FROM_S + INTERVAL_MIN * 60 + SWEEP_S + SWEEP_RUN_S + 11} s with these settings`,
  );
if (HEARTBEAT_S >= INTERVAL_MIN * 60)
  throw new Error(
    '--heartbeat-every must be shorter than the supervision interval (--supervision-interval, minutes)',
  );
if (HEARTBEAT_ONLY_S >= DURATION_S) throw new Error('--heartbeat-only must be shorter than --duration');
/** The battery level every heartbeat reports (and each device's stored level before the run). */
const HEARTBEAT_BATTERY = 95;
/** The sender fell behind when a send left later than this at p99 (as press-to-live, decision 0435). */
const SEND_LAG_LIMIT_MS = 20;
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;

const now = benchClock;
const log = (line: string) => console.log(line);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface FleetDevice {
  facility: number;
  hardwareId: string;
  deviceId: string;
  /** Seconds into the run of its first heartbeat. */
  phase: number;
  /** A bench wall button (pressable); the factory's own devices only heartbeat. */
  pressable: boolean;
  /** Seconds into the run after which it sends nothing (Infinity: never silent). */
  silentAt: number;
}

/** The communities: the factory's, 8 at a time, with their supervision interval set for the run. */
async function seedCommunities(prisma: PrismaClient): Promise<TestFacility[]> {
  const facilities: TestFacility[] = [];
  for (let i = 0; i < COMMUNITIES; i += 8) {
    facilities.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, COMMUNITIES - i) }, () => createTestFacility(prisma)),
      )),
    );
  }
  await prisma.$executeRawUnsafe(
    `UPDATE "Facility" SET "deviceSupervisionIntervalMin" = $1 WHERE id = ANY($2::text[])`,
    INTERVAL_MIN,
    facilities.map((f) => f.facilityId),
  );
  return facilities;
}

/** Wall buttons in bulk SQL up to DEVICES allocated devices a community; every allocated device, by community. */
async function seedDevices(prisma: PrismaClient, facilities: TestFacility[]): Promise<FleetDevice[]> {
  const ids = facilities.map((f) => f.facilityId);
  await prisma.$executeRawUnsafe(
    `WITH need AS (
       SELECT f.id AS "facilityId", f."enterpriseId",
              $2::int - (SELECT count(*) FROM "DeviceAllocation" a WHERE a."facilityId" = f.id AND a."isActive") AS n,
              (SELECT array_agg(u.id ORDER BY u.id) FROM "Unit" u WHERE u."facilityId" = f.id) AS units
         FROM "Facility" f WHERE f.id = ANY($1::text[])
     ), made AS (
       INSERT INTO "Device" (id, "hardwareId", type, "facilityId", "enterpriseId")
       SELECT gen_random_uuid()::text, 'FLEET:' || need."facilityId" || ':' || g, 'SAGE_BUTTON', need."facilityId", need."enterpriseId"
         FROM need, generate_series(1, GREATEST(need.n, 0)) g
       RETURNING id, "facilityId", "enterpriseId", "hardwareId"
     )
     INSERT INTO "DeviceAllocation" ("facilityId", "enterpriseId", "deviceId", "unitId", "activeDeviceKey", "displayName")
     SELECT made."facilityId", made."enterpriseId", made.id,
            need.units[1 + (split_part(made."hardwareId", ':', 3)::int % cardinality(need.units))], made.id,
            'Fleet button ' || split_part(made."hardwareId", ':', 3)
       FROM made JOIN need ON need."facilityId" = made."facilityId"`,
    ids,
    DEVICES,
  );
  const rows = await prisma.$queryRawUnsafe<
    { facilityId: string; deviceId: string; hardwareId: string; bench: boolean }[]
  >(
    `SELECT a."facilityId", d.id AS "deviceId", d."hardwareId", d."hardwareId" LIKE 'FLEET:%' AS bench
       FROM "DeviceAllocation" a JOIN "Device" d ON d.id = a."deviceId"
      WHERE a."facilityId" = ANY($1::text[]) AND a."isActive" AND a."activeDeviceKey" IS NOT NULL
      ORDER BY a."facilityId", d."hardwareId"`,
    ids,
  );
  const index = new Map(ids.map((id, i) => [id, i]));
  return rows.map((r) => ({
    facility: index.get(r.facilityId)!,
    hardwareId: r.hardwareId,
    deviceId: r.deviceId,
    phase: Math.random() * HEARTBEAT_S,
    pressable: r.bench,
    silentAt: Number.POSITIVE_INFINITY,
  }));
}

type Send = { at: number; device: number; press: boolean };

async function main(): Promise<void> {
  const server = await testServer(log);
  process.env.TEST_DATABASE_URL = server.url;
  const db = await createTestDatabase();
  const own = createPrisma(withApplicationName(db.url, BENCH_APPLICATION_NAME), { max: 2 });
  // Autovacuum's analyze where the server has it off (decision 0475), every 10 s while sending.
  const analyzePrisma = createPrisma(withApplicationName(db.url, BENCH_ANALYZE_APPLICATION_NAME), { max: 1 });
  let analyzer: NodeJS.Timeout | undefined;
  let analyzing: Promise<unknown> = Promise.resolve();
  const children = new Map<string, ChildProcess>();
  let clients: LiveClients | undefined;
  const agents: http.Agent[] = [];
  try {
    log(
      `fleet: ${COMMUNITIES} communities × ${DEVICES} devices heartbeating every ${HEARTBEAT_S} s (${((COMMUNITIES * DEVICES) / HEARTBEAT_S).toFixed(0)}/s), ` +
        `a press per community every ${PRESS_S} s (${(COMMUNITIES / PRESS_S).toFixed(1)}/s), ${CLIENTS} staff sockets, ${DURATION_S} s ` +
        `(heartbeats alone for the first ${HEARTBEAT_ONLY_S} s), ` +
        `${HEARTBEAT_BATCH_S ? `each gateway posting its heartbeats in a batch every ${HEARTBEAT_BATCH_S} s` : 'one post per heartbeat'}, ${SILENT} devices going silent, supervision interval ${INTERVAL_MIN} min; ` +
        `${cpuModel()}, load average ${loadAverage()} at the start`,
    );
    const seedStart = now();
    const facilities = await seedCommunities(db.prisma);
    const devices = await seedDevices(db.prisma, facilities);
    log(
      `seeded ${facilities.length} communities and ${devices.length} allocated devices in ${((now() - seedStart) / 1000).toFixed(1)} s`,
    );

    // The silent sample: devices that are never pressed, spread over the communities, each stopping at a time of
    // its own once it has been heard in the run.
    const quiet = devices.filter((d) => !d.pressable);
    const candidates = quiet.length >= SILENT ? quiet : devices;
    const step = candidates.length / Math.max(SILENT, 1);
    const silent = Array.from(
      { length: Math.min(SILENT, candidates.length) },
      (_, i) => candidates[Math.floor(i * step)]!,
    );
    for (const [i, d] of silent.entries()) {
      d.silentAt = SILENT_FROM_S + ((SILENT_UNTIL_S - SILENT_FROM_S) * (i + 0.5)) / silent.length;
      d.phase = Math.random() * Math.min(HEARTBEAT_S, d.silentAt - 1);
    }

    // The schedule: every heartbeat (from each device's phase, every HEARTBEAT_S, until it goes silent) and every
    // press (per community, from a phase of its own after the heartbeats-only phase, on its next wall button).
    const sends: Send[] = [];
    for (const [i, d] of devices.entries())
      for (let t = d.phase; t < DURATION_S && t < d.silentAt; t += HEARTBEAT_S)
        sends.push({ at: t, device: i, press: false });
    const pressable = facilities.map(() => [] as number[]);
    for (const [i, d] of devices.entries())
      if (d.pressable && d.silentAt === Number.POSITIVE_INFINITY) pressable[d.facility]!.push(i);
    for (const [f, list] of pressable.entries()) {
      let next = 0;
      for (let t = HEARTBEAT_ONLY_S + Math.random() * PRESS_S; t < DURATION_S; t += PRESS_S) {
        if (next >= list.length) break;
        sends.push({ at: t, device: list[next++]!, press: true });
      }
      if (!list.length) log(`community ${f} has no wall button to press`);
    }
    sends.sort((a, b) => a.at - b.at);

    // Heard just now, until the steady state is written below: seeding 1,000 communities takes minutes, longer than
    // the interval, and the supervision check runs as soon as the job process is up.
    await db.prisma.$executeRawUnsafe(
      `UPDATE "Device" SET "lastHeardAt" = now() WHERE id = ANY($1::text[])`,
      devices.map((d) => d.deviceId),
    );
    await analyzeLikeAutovacuum(analyzePrisma);

    // The product, as deployed.
    const ingestPort = await nextPort();
    const apiPort = await nextPort();
    const start = (name: string, script: string, env: Record<string, string>) => {
      const profile = args.profile
        ? ['--cpu-prof', `--cpu-prof-dir=${path.join(path.resolve(args.profile), name)}`]
        : [];
      const child = startAppProcess(script, { DATABASE_URL: db.url, LIVE_BUS_URL: '', ...env }, profile);
      child.on('exit', (code, signal) => {
        if (code !== 0 && signal !== 'SIGTERM') log(`${name} exited (${code ?? signal})`);
      });
      children.set(name, child);
    };
    start('ingest', 'apps/worker/src/ingest-main.ts', { INGEST_PORT: String(ingestPort) });
    start('jobs', 'apps/worker/src/jobs-main.ts', {});
    start('api', 'apps/api/src/server.ts', { PORT: String(apiPort), JWT_SECRET });
    for (const port of [ingestPort, apiPort]) await waitForHealth(`http://127.0.0.1:${port}/healthz`, 60_000);
    const { specs, clientsOf } = await liveClientSpecs(db.prisma, facilities, {
      clients: CLIENTS,
      processes: CLIENT_PROCESSES,
      apiUrls: [`http://127.0.0.1:${apiPort}`],
      jwtSecret: JWT_SECRET,
    });
    clients = startLiveClients(CLIENT_PROCESSES, { log });
    for (const c of clients.processes) children.set(c.name, c.child);
    const connected = await clients.connect(specs);
    const isServer = (name: string) => !name.startsWith('clients');
    const memory = () => new Map([...children].map(([name, child]) => [name, rssMiB(child.pid)]));
    const cpu = async () => ({
      at: now(),
      children: new Map([...children].map(([name, child]) => [name, cpuSeconds(child.pid)])),
      postgres: await pgProcesses(own),
    });
    const serverSeconds = (from: Awaited<ReturnType<typeof cpu>>, to: Awaited<ReturnType<typeof cpu>>) => {
      let sum = 0;
      const parts = new Map<string, number>();
      for (const [name, after] of to.children) {
        const before = from.children.get(name);
        if (!isServer(name) || after == null || before == null) continue;
        parts.set(name, after - before);
        sum += after - before;
      }
      const pg = pgCpuBetween(from.postgres, to.postgres);
      parts.set('postgres', pg.byRole.product + pg.byRole.analyze + pg.byRole.background);
      // PostgreSQL's share by role: the product's backends by name, the analyze, the background processes.
      const postgres = new Map([
        ...[...pg.byLabel].sort(([a], [b]) => a.localeCompare(b)),
        ['analyze', pg.byRole.analyze],
        ['background', pg.byRole.background],
      ] as [string, number][]);
      return { sum: sum + parts.get('postgres')!, parts, postgres };
    };
    let idle: { seconds: number; sum: number; parts: Map<string, number> } | null = null;
    if (IDLE_S) {
      // Heard now: the quiet must not make any device silent (the steady state's times are written after it).
      await db.prisma.$executeRawUnsafe(
        `UPDATE "Device" d SET "lastHeardAt" = now() WHERE d.id = ANY($1::text[])`,
        devices.map((d) => d.deviceId),
      );
      log(
        `${connected} staff sockets connected; the idle floor: ${IDLE_SETTLE_S} s to settle, ${IDLE_S} s measured`,
      );
      await new Promise((r) => setTimeout(r, IDLE_SETTLE_S * 1000));
      const from = await cpu();
      await new Promise((r) => setTimeout(r, IDLE_S * 1000));
      const to = await cpu();
      idle = { seconds: (to.at - from.at) / 1000, ...serverSeconds(from, to) };
    }
    // The fleet's steady state: each device was last heard one period before its first heartbeat of the run
    // (else the allocations' creation, minutes ago at full size, would count as their last heard time), with the
    // battery level it reports (else every device's first heartbeat would be a change of level, each a history
    // row: decision 0661).
    const plannedStart = Date.now() + 1_000;
    await db.prisma.$executeRawUnsafe(
      `UPDATE "Device" d SET "lastHeardAt" = to_timestamp(x.t), "batteryLevel" = ${HEARTBEAT_BATTERY} FROM unnest($1::text[], $2::float8[]) AS x(id, t) WHERE d.id = x.id`,
      devices.map((d) => d.deviceId),
      devices.map((d) => (plannedStart + (d.phase - HEARTBEAT_S) * 1000) / 1000),
    );
    log(
      `${connected} staff sockets ready in ${CLIENT_PROCESSES} process(es); load average ${loadAverage()}; sending`,
    );

    const dbSize = async () =>
      Number(
        (await own.$queryRawUnsafe<{ n: bigint }[]>('SELECT pg_database_size(current_database()) AS n'))[0]!
          .n,
      );

    // Send on schedule (open loop, one keep-alive agent per community's gateway).
    const ingestUrl = new URL(`http://127.0.0.1:${ingestPort}${INGEST_EVENTS_PATH}`);
    for (const _ of facilities) agents.push(new http.Agent({ keepAlive: true, maxSockets: 4 }));
    const sentAt = new Map<string, number>(); // pressed deviceId → send time
    const sendLag: number[] = [];
    const failures: string[] = [];
    let heartbeats = 0;
    // Heartbeats handed to the ingest (a gateway's held ones once its batch is posted): at the steady start, at the
    // phase's end.
    let heartbeatsPosted = 0;
    let postedAtSteady = 0;
    let heartbeatsInPhase1 = 0;
    let presses = 0;
    let inFlight = 0;
    const memoryAtStart = memory();
    const sizeAtStart = await dbSize();
    const cpuAtStart = await cpu();
    let cpuAtPhase2: Awaited<ReturnType<typeof cpu>> | null = null;
    // Batches: phase 1's CPU counts from when the gateways post as fast as they gather (the first batches' age).
    const steadyFromS = HEARTBEAT_BATCH_S && HEARTBEAT_BATCH_S < HEARTBEAT_ONLY_S ? HEARTBEAT_BATCH_S : 0;
    let cpuAtSteady = steadyFromS ? null : cpuAtStart;
    // Where PostgreSQL is asked for that phase's time (pg_stat_statements, where the server loads it).
    let statements = steadyFromS ? false : await resetStatements(own);
    let statementRows: StatementRow[] = [];
    const memoryAtThird: { value: Map<string, number | null> | null } = { value: null };
    // Each process's memory every minute (printed, not judged): whether a growth is a heap regrowing to its working
    // size (it levels off) or a leak (it goes on).
    const memoryByMinute: Map<string, number | null>[] = [];
    const t0 = now();
    const wallStart = Date.now();
    analyzer = setInterval(() => {
      analyzing = analyzing
        .then(() => analyzeLikeAutovacuum(analyzePrisma))
        .catch((e: Error) => log(`analyze failed: ${e.message}`));
    }, 10_000);
    const batchUrl = new URL(`http://127.0.0.1:${ingestPort}${INGEST_EVENTS_BATCH_PATH}`);
    const postEvents = (facilityIndex: number, url: URL, body: string) => {
      inFlight += 1;
      void post(
        agents[facilityIndex]!,
        url,
        { 'content-type': 'application/json', [GATEWAY_KEY_HEADER]: facilities[facilityIndex]!.gateway.key },
        body,
      )
        .then(
          (status) => {
            if (status !== 202) failures.push(`HTTP ${status}`);
          },
          (error: Error) => void failures.push(error.message),
        )
        .finally(() => {
          inFlight -= 1;
        });
    };
    // --heartbeat-batch: each gateway's held heartbeats, and the gateways holding some in the order they began to.
    const held = new Map<number, { since: number; events: string[] }>();
    const postHeld = (facilityIndex: number) => {
      const batch = held.get(facilityIndex);
      if (!batch) return;
      held.delete(facilityIndex);
      heartbeatsPosted += batch.events.length;
      postEvents(facilityIndex, batchUrl, `{"events":[${batch.events.join(',')}]}`);
    };
    const postHeldUntil = (at: number) => {
      for (const [facilityIndex, batch] of held) {
        if (batch.since + HEARTBEAT_BATCH_S > at) break; // a Map iterates in insertion order: the oldest first
        postHeld(facilityIndex);
      }
    };
    for (const send of sends) {
      if (cpuAtSteady === null && send.at >= steadyFromS) {
        postedAtSteady = heartbeatsPosted;
        cpuAtSteady = await cpu();
        statements = await resetStatements(own);
      }
      if (cpuAtPhase2 === null && send.at >= HEARTBEAT_ONLY_S) {
        // The gateways go on holding: what is in flight now is as much as at the steady start (one batch is a
        // gateway's 50 ms of work at most), so no wait for answers either.
        heartbeatsInPhase1 = heartbeatsPosted - postedAtSteady;
        cpuAtPhase2 = await cpu();
        if (statements) statementRows = await statementsOfRun(own);
      }
      if (memoryAtThird.value === null && send.at >= MEMORY_THIRD_S) memoryAtThird.value = memory();
      if (send.at >= (memoryByMinute.length + 1) * 60) memoryByMinute.push(memory());
      const wait = t0 + send.at * 1000 - now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      postHeldUntil(send.at);
      const device = devices[send.device]!;
      const body = JSON.stringify({
        eventId: randomUUID(),
        hardwareId: device.hardwareId,
        type: send.press ? 'BUTTON_PRESS' : 'HEARTBEAT',
        timestamp: new Date(wallStart + send.at * 1000).toISOString(),
        ...(send.press ? {} : { batteryLevel: HEARTBEAT_BATTERY }),
      });
      const sentTime = now();
      sendLag.push(sentTime - (t0 + send.at * 1000));
      if (send.press) {
        sentAt.set(device.deviceId, sentTime);
        presses += 1;
      } else heartbeats += 1;
      if (send.press || !HEARTBEAT_BATCH_S) {
        if (!send.press) heartbeatsPosted += 1;
        postEvents(device.facility, ingestUrl, body);
        continue;
      }
      const batch = held.get(device.facility) ?? { since: send.at, events: [] };
      held.set(device.facility, batch);
      batch.events.push(body);
      if (batch.events.length >= GATEWAY_BATCH_MAX) postHeld(device.facility);
    }
    // Memory's last reading for its verdict: the steady sending's end, before the held heartbeats below. Those are
    // every gateway's at once (the benchmark's own end: no real fleet's gateways post together), and the ingest's RSS
    // after that burst was 20-30 MiB over anything it read during the run (decision 0960).
    const memoryAtLastSend = memory();
    postHeldUntil(Number.POSITIVE_INFINITY);
    const sendEnd = now();
    // The run lasts its duration (the silent devices' deadlines fall in it), then every answer.
    if (t0 + DURATION_S * 1000 > now())
      await new Promise((r) => setTimeout(r, t0 + DURATION_S * 1000 - now()));
    for (let waited = 0; inFlight > 0 && waited < 30_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    const pressedIds = [...sentAt.keys()];
    const tasks = await own.$queryRawUnsafe<{ id: string; deviceId: string; facilityId: string }[]>(
      `SELECT id, "deviceId", "facilityId" FROM "Task" WHERE kind = 'ALERT' AND "deviceId" = ANY($1::text[])`,
      pressedIds,
    );
    const expected = tasks.reduce((n, t) => n + (clientsOf.get(t.facilityId) ?? 0), 0);
    for (let waited = 0; waited < 15_000 && (await clients.delivered()) < expected; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    clearInterval(analyzer);
    await analyzing;
    const cpuAtEnd = await cpu();
    const memoryAtEnd = memory();
    const sizeAtEnd = await dbSize();
    const wallSeconds = (cpuAtEnd.at - t0) / 1000;
    const receipts = await clients.collect();

    // Press → screen, per minute of the run.
    const latencies: number[] = [];
    const byMinute = new Map<number, number[]>();
    for (const task of tasks) {
      const sent = sentAt.get(task.deviceId)!;
      for (const t of receipts.byTask.get(task.id) ?? []) {
        latencies.push(t - sent);
        const minute = Math.floor((sent - t0) / 60_000);
        const list = byMinute.get(minute) ?? [];
        list.push(t - sent);
        byMinute.set(minute, list);
      }
    }
    latencies.sort((a, b) => a - b);
    const delivered = latencies.length;
    const deliveredOnce =
      tasks.length === presses && delivered === expected && receipts.doubled === 0 && failures.length === 0;

    // Silent devices: found (their DEVICE_SILENT task created) within last heard + interval + one sweep.
    const found = await own.$queryRawUnsafe<{ deviceId: string; heard: number; found: number | null }[]>(
      `SELECT d.id AS "deviceId", extract(epoch FROM GREATEST(d."lastHeardAt", a."createdAt"))::float8 * 1000 AS heard,
              (SELECT extract(epoch FROM min(t."creationTimestamp"))::float8 * 1000 FROM "Task" t
                WHERE t."deviceId" = d.id AND t."troubleCause" = 'DEVICE_SILENT') AS found
         FROM "Device" d JOIN "DeviceAllocation" a ON a."deviceId" = d.id AND a."isActive"
        WHERE d.id = ANY($1::text[])`,
      silent.map((d) => d.deviceId),
    );
    const boundMs = (INTERVAL_MIN * 60 + SWEEP_S + SWEEP_RUN_S) * 1000;
    const foundDelays = found.filter((f) => f.found !== null).map((f) => (f.found! - f.heard) / 1000);
    const late = found.filter((f) => f.found === null || f.found - f.heard > boundMs).length;
    const [falseAlarms] = await own.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "Task" WHERE "troubleCause" IS NOT NULL AND NOT ("deviceId" = ANY($1::text[]) AND "troubleCause" = 'DEVICE_SILENT')`,
      silent.map((d) => d.deviceId),
    );

    // CPU: per heartbeat from the heartbeats-only phase; per press from the rest, less its heartbeats.
    const phase1 = cpuAtPhase2 && cpuAtSteady ? serverSeconds(cpuAtSteady, cpuAtPhase2) : null;
    const phase2 = cpuAtPhase2 ? serverSeconds(cpuAtPhase2, cpuAtEnd) : null;
    const perHeartbeat = phase1 ? (phase1.sum * 1000) / Math.max(heartbeatsInPhase1, 1) : Number.NaN;
    const perPress = phase2
      ? ((phase2.sum - ((heartbeats - heartbeatsInPhase1 - postedAtSteady) * perHeartbeat) / 1000) * 1000) /
        Math.max(presses, 1)
      : Number.NaN;

    const lags = [...sendLag].sort((a, b) => a - b);
    const senderBehind = percentile(lags, 99) > SEND_LAG_LIMIT_MS;
    const f3 = (n: number) => n.toFixed(3);
    log('');
    log(`machine             ${cpuModel()}, load average ${loadAverage()} at the end`);
    log(
      `sent                ${heartbeats} heartbeats, ${presses} presses in ${((sendEnd - t0) / 1000).toFixed(1)} s; failures ${failures.length}${failures.length ? ` (${failures.slice(0, 3).join('; ')})` : ''}; ` +
        `send − schedule p50 ${ms(percentile(lags, 50))} p99 ${ms(percentile(lags, 99))} max ${ms(lags.at(-1) ?? Number.NaN)}`,
    );
    if (senderBehind)
      log(
        `!!! THE BENCHMARK COULD NOT SEND ON SCHEDULE (p99 ${ms(percentile(lags, 99))} late, limit ${SEND_LAG_LIMIT_MS} ms): no verdict !!!`,
      );
    const partsText = (p: { parts: Map<string, number> } | null, over: number) =>
      p ? [...p.parts].map(([n, s]) => `${n} ${f3((s * 1000) / Math.max(over, 1))}`).join(' + ') : '?';
    log(
      `CPU per heartbeat   ${f3(perHeartbeat)} ms server side = ${partsText(phase1, heartbeatsInPhase1)} (ms; ${steadyFromS} s to ${HEARTBEAT_ONLY_S} s, ${heartbeatsInPhase1} heartbeats posted, supervision sweeps included)`,
    );
    log(
      `  postgres's share  ${phase1 ? partsText({ parts: phase1.postgres }, heartbeatsInPhase1) : '?'} (ms a heartbeat)`,
    );
    if (idle) {
      log(
        `idle floor          ${((idle.sum * 1000) / idle.seconds).toFixed(1)} CPU-ms a second = ${[...idle.parts].map(([n, sec]) => `${n} ${((sec * 1000) / idle.seconds).toFixed(1)}`).join(' + ')} (${idle.seconds.toFixed(0)} s, every socket connected, nothing sent)`,
      );
    }
    if (statementRows.length)
      printStatements(statementRows, Math.max(heartbeatsInPhase1, 1), 12, 'heartbeat');
    log(
      `CPU per press       ${f3(perPress)} ms server side (the rest of the run: ${phase2 ? phase2.sum.toFixed(1) : '?'} CPU-s = ${partsText(phase2, 1000)} s, less ${heartbeats - heartbeatsInPhase1 - postedAtSteady} heartbeats at ${f3(perHeartbeat)} ms, over ${presses} presses)`,
    );
    log(
      `press → screen      p50 ${ms(percentile(latencies, 50))}  p99 ${ms(percentile(latencies, 99))}  max ${ms(latencies.at(-1) ?? Number.NaN)}; ` +
        `p99 by minute ${[...byMinute]
          .sort((a, b) => a[0] - b[0])
          .map(
            ([m, l]) =>
              `${m}: ${percentile(
                l.sort((a, b) => a - b),
                99,
              ).toFixed(0)}`,
          )
          .join(', ')} (ms)`,
    );
    log(
      `deliveries          ${delivered} of ${expected} expected (${tasks.length} alerts of ${presses} presses), ${receipts.doubled} doubled, ${receipts.closed} sockets closed`,
    );
    const sortedFound = foundDelays.sort((a, b) => a - b);
    log(
      `silent devices      ${found.length - late} of ${silent.length} found within interval + sweep (${INTERVAL_MIN * 60 + SWEEP_S + SWEEP_RUN_S} s after last heard); ` +
        `found after p50 ${percentile(sortedFound, 50).toFixed(1)} s, max ${(sortedFound.at(-1) ?? Number.NaN).toFixed(1)} s; ${found.length - foundDelays.length} not found; false alarms ${falseAlarms!.n}`,
    );
    const mem = (m: Map<string, number | null> | null, name: string) =>
      (m?.get(name) ?? Number.NaN).toFixed(0);
    log(
      `memory (RSS, MiB)   ${[...children.keys()].map((n) => `${n} ${mem(memoryAtStart, n)} → ${mem(memoryAtThird.value, n)} → ${mem(memoryAtLastSend, n)} → ${mem(memoryAtEnd, n)}`).join(', ')} (start → a third into the presses → the last scheduled send → end, after the held heartbeats)`,
    );
    log(
      `memory by minute    ${[...children.keys()].map((n) => `${n} ${[memoryAtStart, ...memoryByMinute, memoryAtEnd].map((m) => mem(m, n)).join(' ')}`).join('; ')} (MiB: the start, each minute, the end)`,
    );
    const growth = sizeAtEnd - sizeAtStart;
    log(
      `database size       ${(sizeAtStart / 2 ** 20).toFixed(1)} → ${(sizeAtEnd / 2 ** 20).toFixed(1)} MiB in ${wallSeconds.toFixed(0)} s: ` +
        `${(((growth / wallSeconds) * 86_400) / 2 ** 30).toFixed(2)} GiB a day at this rate (${(growth / Math.max(heartbeats + presses, 1)).toFixed(0)} bytes an event)`,
    );

    // Verdicts.
    const flat = [...children.keys()].filter(isServer).map((n) => {
      const third = memoryAtThird.value?.get(n);
      const last = memoryAtLastSend.get(n);
      return { n, ok: third != null && last != null && last <= third * 1.1 + 16 };
    });
    const minuteP99 = [...byMinute.values()].map((l) =>
      percentile(
        l.sort((a, b) => a - b),
        99,
      ),
    );
    const verdicts: [string, boolean, string][] = [
      [
        'every press delivered once to its community',
        deliveredOnce,
        `${delivered} of ${expected}, ${receipts.doubled} doubled`,
      ],
      ['heartbeat ≤ 0.1 ms CPU across all processes', perHeartbeat <= 0.1, `${f3(perHeartbeat)} ms`],
      [
        'memory flat (last send ≤ a third into presses + 10 % + 16 MiB)',
        flat.every((f) => f.ok),
        flat
          .filter((f) => !f.ok)
          .map((f) => f.n)
          .join(', ') || 'every process',
      ],
      [
        'press → screen p99 < 100 ms in every minute',
        minuteP99.length > 0 && minuteP99.every((p) => p < 100),
        `worst minute ${ms(Math.max(...minuteP99))}`,
      ],
      [
        'every silent device found within interval + sweep',
        late === 0,
        `${found.length - late} of ${silent.length}`,
      ],
      ['no false alarm', falseAlarms!.n === 0, `${falseAlarms!.n}`],
    ];
    for (const [goal, met, figure] of verdicts)
      log(`${(senderBehind ? 'NO VERDICT' : met ? 'PASS' : 'MISS').padEnd(13)}${goal.padEnd(52)}${figure}`);
    process.exitCode = senderBehind || !deliveredOnce ? 1 : verdicts.every(([, met]) => met) ? 0 : 2;
  } finally {
    clearInterval(analyzer);
    await analyzing;
    await Promise.all([...children.values()].map(stop));
    for (const agent of agents) agent.destroy();
    await own.$disconnect();
    await analyzePrisma.$disconnect();
    await db.drop();
    await server.stop();
  }
}

await exitWithCode(main);
