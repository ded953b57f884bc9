/**
 * Benchmark: the live bus alone (decision 0400). One process commits task changes at a fixed rate (each its own
 * transaction, as the worker does) and one subscriber receives them: through Postgres LISTEN/NOTIFY, or through
 * NATS (the relay reading the TaskChange rows, a nats-server started for the run). Measures commit → receipt.
 *
 *   pnpm exec tsx scripts/bench/live-bus.ts [--rate 200] [--duration 10] [--live-bus pg|nats]
 *
 * A fresh database, dropped at the end; loopback only; bounded in count and time.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { recordTaskChangePg, setTaskChangeNotify, TASK_CHANGED_CHANNEL, withTransaction } from '@sage/db';
import { createTestDatabase } from '@sage/db/testing';
import { createNatsLiveBus, startLiveRelay } from '@sage/live-bus';
import { startNatsServer } from '@sage/live-bus/testing';
import pg from 'pg';
import { testServer } from '../lib/database';
import { exitWithCode } from './lib';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    'live-bus': { type: 'string', default: 'pg' },
  },
});
const RATE = Math.min(2_000, Math.max(1, Number(args.rate)));
const DURATION_S = Math.min(60, Math.max(1, Number(args.duration)));
const BUS = args['live-bus'];
if (BUS !== 'pg' && BUS !== 'nats') throw new Error('--live-bus must be pg or nats');
const COUNT = Math.round(RATE * DURATION_S);
const quiet = { info() {}, warn() {}, error() {} };
const now = () => performance.now();
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function main(): Promise<void> {
  const server = await testServer(console.log);
  process.env.TEST_DATABASE_URL = server.url;
  const db = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 8 });
  const committedAt = new Map<number, number>();
  const latencies: number[] = [];
  const received = (version: number) => {
    const at = committedAt.get(version);
    if (at !== undefined) latencies.push(now() - at);
  };
  const closers: (() => Promise<unknown>)[] = [];
  try {
    if (BUS === 'pg') {
      const listener = new pg.Client({ connectionString: db.url });
      await listener.connect();
      listener.on('notification', (m) => received(Number(JSON.parse(m.payload!).version)));
      await listener.query(`LISTEN ${TASK_CHANGED_CHANNEL}`);
      closers.push(() => listener.end());
    } else {
      setTaskChangeNotify(false);
      const nats = await startNatsServer();
      const common = { natsUrl: nats.url, connectionString: db.url, logger: quiet };
      const bus = await createNatsLiveBus(common);
      bus.subscribe((c) => received(c.version));
      const relay = await startLiveRelay(common);
      while (!relay.leading()) await new Promise((r) => setTimeout(r, 10));
      closers.push(
        () => relay.close(),
        () => bus.close(),
        () => nats.stop(),
      );
    }
    const facilityId = 'bench-facility';
    const start = now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < COUNT; i++) {
      const wait = start + (i * 1000) / RATE - now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(
        (async () => {
          await withTransaction(pool, async (client) => {
            const version = await recordTaskChangePg(client, {
              facilityId,
              taskId: `task-${i}`,
              status: 'OPEN_UNCLAIMED',
              severity: 'STAFF_ASSIST',
            });
            committedAt.set(version, now());
          });
        })(),
      );
    }
    await Promise.all(inFlight);
    const deadline = now() + 5_000;
    while (latencies.length < COUNT && now() < deadline) await new Promise((r) => setTimeout(r, 20));
    latencies.sort((a, b) => a - b);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(
      `live bus ${BUS}: ${COUNT} changes at ${RATE}/s; received ${latencies.length} of ${COUNT}; ` +
        `commit → receipt p50 ${ms(percentile(latencies, 50))} p95 ${ms(percentile(latencies, 95))} ` +
        `p99 ${ms(percentile(latencies, 99))} max ${ms(latencies.at(-1) ?? Number.NaN)}; load average ` +
        `${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} on ${os.cpus().length} CPUs`,
    );
    process.exitCode = latencies.length === COUNT ? 0 : 1;
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {});
    await pool.end();
    await db.drop();
    await server.stop();
  }
}

await exitWithCode(main);
