import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { JobName, type PrismaClient } from '@sage/db';
import type { TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { createSmsTransportFromEnv, resolveVapidKeys } from '@sage/notify';
import type { FastifyInstance } from 'fastify';
import type { JobHelpers } from 'graphile-worker';
import { loadWorkerConfig } from '../env';
import type { EscalationDeps } from '../notifications/escalation';
import { createNotificationTasks } from '../notifications/jobs';
import { INGEST_NODE_FLAGS, runsIngest } from '../runtime/node-flags';
import { startWorker, type WorkerProcess } from '../worker';

export interface TestWorker {
  worker: WorkerProcess;
  db: TestDatabase;
  prisma: PrismaClient;
  close(): Promise<void>;
}

/**
 * The worker in-process on a fresh database of its own; the ingest app is used through inject(). `env` adds
 * variables (e.g. LIVE_BUS_URL).
 */
export async function startTestWorker(env: Record<string, string> = {}): Promise<TestWorker> {
  const db = await createTestDatabase();
  const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env, DATABASE_URL: db.url });
  const worker = await startWorker(config, { logger: false, listen: false });
  return {
    worker,
    db,
    prisma: db.prisma,
    async close() {
      await worker.close();
      await db.drop();
    },
  };
}

/** A worker process of a test: what it wrote (stdout and stderr, the last 8,000 characters) for a failure message. */
export type TestWorkerProcess = ChildProcess & { output(): string };

/**
 * A worker entry (`src/ingest-main.ts`, `src/jobs-main.ts`) as deployed: a process of its own, under tsx, with the
 * test's settings (`NODE_ENV=test`, `LOG_LEVEL=error`, `HOST=127.0.0.1`) and `env` (its `DATABASE_URL` at least).
 */
export function spawnWorkerProcess(entry: string, env: Record<string, string>): TestWorkerProcess {
  const flags = runsIngest(entry) ? INGEST_NODE_FLAGS : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', entry], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + String(d)).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return Object.assign(child, { output: () => output });
}

/** Polls until `check` returns a value (jobs run asynchronously), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The escalation's dependencies on the test database `db`: texts to the local outbox, the stored VAPID keys. */
export async function escalationTestDeps(db: TestDatabase): Promise<EscalationDeps> {
  const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
  const prisma = db.prisma;
  return {
    prisma,
    notifier: {
      prisma,
      sms: await createSmsTransportFromEnv(prisma, config),
      vapid: await resolveVapidKeys(prisma, config),
    },
  };
}

/** Job helpers for an escalation batch, which queues its jobs itself: silent, and `addJob` refuses. */
export const batchJobHelpers = {
  logger: { info: () => {}, error: () => {}, warn: () => {}, debug: () => {} },
  addJob: () => Promise.reject(new Error('the batch queues its jobs itself')),
} as unknown as JobHelpers;

/**
 * graphile-worker's helpers for calling a task directly: `addJob` queues for real (with its job key and run
 * time), the logger writes to `log` (nowhere by default).
 */
export function testJobHelpers(prisma: PrismaClient, log: (line: string) => void = () => {}): JobHelpers {
  return {
    logger: { info: log, error: log, warn: log, debug: () => {} },
    addJob: async (identifier: string, payload: unknown, spec?: { jobKey?: string; runAt?: Date }) => {
      await prisma.$executeRawUnsafe(
        'SELECT graphile_worker.add_job($1, $2::json, job_key := $3, run_at := $4::timestamptz)',
        identifier,
        JSON.stringify(payload),
        spec?.jobKey ?? null,
        (spec?.runAt ?? new Date()).toISOString(),
      );
    },
  } as unknown as JobHelpers;
}

/** A fresh database and the escalation start's job function, called directly (no runner). */
export interface StartJobUnderTest {
  db: TestDatabase;
  prisma: PrismaClient;
  /** Runs `start-task-notifications` with this payload, as one slot of the pool would. */
  start(payload: unknown): Promise<void>;
  /** What the job logged (clear it with `logged.length = 0`). */
  logged: string[];
}

export async function startJobUnderTest(): Promise<StartJobUnderTest> {
  const db = await createTestDatabase();
  const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
  const tasks = await createNotificationTasks(db.prisma, config, { log: { warn: () => {} } });
  const logged: string[] = [];
  const helpers = testJobHelpers(db.prisma, (line) => logged.push(line));
  return {
    db,
    prisma: db.prisma,
    logged,
    start: async (payload) => {
      await tasks[JobName.startTaskNotifications]!(payload as never, helpers);
    },
  };
}

/** A button press of `hardwareId` as a gateway sends it (a new eventId, sent now); `extra` adds or overrides fields. */
export function pressOf(hardwareId: string, extra: Record<string, unknown> = {}) {
  return {
    eventId: randomUUID(),
    hardwareId,
    type: 'BUTTON_PRESS',
    timestamp: new Date().toISOString(),
    ...extra,
  };
}

/** POSTs `body` to the ingest app (inject) as the gateway of `gatewayKey` (with null, no key header). */
export function postEvent(ingest: FastifyInstance, body: object, gatewayKey: string | null) {
  return ingest.inject({
    method: 'POST',
    url: INGEST_EVENTS_PATH,
    headers: gatewayKey ? { [GATEWAY_KEY_HEADER]: gatewayKey } : {},
    payload: body,
  });
}

/** The stored event `eventId` (of the gateway `gatewayId`, when given) once the worker has processed it. */
export function processedEvent(prisma: PrismaClient, eventId: string, gatewayId?: string) {
  return eventually(() =>
    prisma.deviceEvent.findFirst({
      where: { ...(gatewayId ? { gatewayId } : {}), eventId, processedAt: { not: null } },
    }),
  );
}

/** Posts `event` as `facility`'s gateway, fails unless it is accepted (202), and waits until it is processed. */
export async function sendEvent(
  t: Pick<TestWorker, 'worker' | 'prisma'>,
  facility: TestFacility,
  event: { eventId: string } & Record<string, unknown>,
) {
  const res = await postEvent(t.worker.ingest, event, facility.gateway.key);
  if (res.statusCode !== 202) throw new Error(`the ingest answered ${res.statusCode}: ${res.body}`);
  return processedEvent(t.prisma, event.eventId, facility.gateway.id);
}

/**
 * One button press of every resident's pendant of `facilities`, all at once through the ingest app (inject): the
 * presses (which facility, which device) and each one's reply status, in the same order.
 */
export async function pressEveryPendant(
  ingest: FastifyInstance,
  facilities: readonly TestFacility[],
): Promise<{ presses: { facility: TestFacility; hardwareId: string }[]; statuses: number[] }> {
  const presses = facilities.flatMap((facility) =>
    Object.values(facility.residents).map((resident) => ({
      facility,
      hardwareId: resident.pendant.hardwareId,
    })),
  );
  const replies = await Promise.all(
    presses.map(({ facility, hardwareId }) => postEvent(ingest, pressOf(hardwareId), facility.gateway.key)),
  );
  return { presses, statuses: replies.map((r) => r.statusCode) };
}
