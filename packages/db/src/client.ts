import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { type Prisma, PrismaClient } from './generated/prisma/client';
import { createPgPool, type PoolRole } from './hosts';
import { prepared } from './prepared';

export type { PrismaClient };

/** A client or a transaction's client: what a function takes when it may run inside its caller's transaction. */
export type Db = PrismaClient | Prisma.TransactionClient;

export interface CreatePrismaOptions {
  /** Connections in the pool this client opens. */
  max?: number;
  /**
   * Connections kept open however long they sit idle (default 0: every idle connection closes after 10 s).
   * Long-running processes keep a few, so the first request after a quiet spell does not wait for a connect.
   */
  min?: number;
  /** How long a connect may take before it fails (default: no limit; the watchdog's probes need one). */
  connectionTimeoutMillis?: number;
  /** 'read' for a pool that may be on a replica (`READ_DATABASE_URL`); default the primary (decision 0521). */
  role?: PoolRole;
  /**
   * Its connections' application_name in pg_stat_activity (which process's they are, for an operator and for the
   * benchmarks' CPU by process). An application_name in the URL wins.
   */
  applicationName?: string;
}

/** The `pg` pool under each client made here: `queryPrepared` queries it directly (decision 0390). */
const pools = new WeakMap<PrismaClient, pg.Pool>();

/** The Prisma client over `pg` (Prisma 7 driver adapter). One per process, closed with `$disconnect()`. */
export function createPrisma(connectionString: string, options: CreatePrismaOptions = {}): PrismaClient {
  const pool = createPgPool(connectionString, {
    max: options.max ?? 10,
    min: options.min ?? 0,
    role: options.role ?? 'primary',
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    ...(options.connectionTimeoutMillis ? { connectionTimeoutMillis: options.connectionTimeoutMillis } : {}),
  });
  // An idle connection that fails (the server restarted) is dropped by the pool; without a listener the 'error'
  // would end the process. The adapter adds its own only once Prisma connects, and `queryPrepared` may use the
  // pool before that.
  pool.on('error', () => {});
  // The client owns the pool: `$disconnect()` ends it.
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(prisma, pool);
  return prisma;
}

/**
 * Calls `fn` each time the client's pool opens a connection: after a database loss, the first one that works
 * says the database is back (the API's outage log, decision 0593). Nothing for a client without a pool of its own.
 */
export function onConnectionOpened(prisma: PrismaClient, fn: () => void): void {
  pools.get(prisma)?.on('connect', fn);
}

/**
 * Runs `text` as a named (prepared) statement on the client's pool (`prepared`). A client without a pool of its
 * own (a transaction's) runs the same text through Prisma, inside its transaction.
 */
export async function queryPrepared<Row extends pg.QueryResultRow>(
  db: Db,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const pool = pools.get(db as PrismaClient);
  if (!pool) return (db as PrismaClient).$queryRawUnsafe<Row[]>(text, ...values);
  return (await pool.query<Row>(prepared(text, values))).rows;
}
