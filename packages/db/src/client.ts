import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client';

export type { PrismaClient };

export interface CreatePrismaOptions {
  /** Connections in the pool this client opens. */
  max?: number;
  /**
   * Connections kept open however long they sit idle (default 0: every idle connection closes after 10 s).
   * Long-running processes keep a few, so the first request after a quiet spell does not wait for a connect.
   */
  min?: number;
}

/** The `pg` pool under each client made here: hot reads query it directly (decision 0390). */
const pools = new WeakMap<PrismaClient, pg.Pool>();

/** The Prisma client over `pg` (Prisma 7 driver adapter). One per process, closed with `$disconnect()`. */
export function createPrisma(connectionString: string, options: CreatePrismaOptions = {}): PrismaClient {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, min: options.min ?? 0 });
  // The client owns the pool: `$disconnect()` ends it.
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(prisma, pool);
  return prisma;
}

/**
 * The connection pool the client queries through, for the few hot reads that skip Prisma's query path and
 * its result mapping (one hand-written statement, its JSON built by PostgreSQL; decision 0390). Same
 * connections, same limit. Only clients made by `createPrisma` have one.
 */
export function pgPoolOf(prisma: PrismaClient): pg.Pool {
  const pool = pools.get(prisma);
  if (!pool) throw new Error('This Prisma client was not made by createPrisma: it has no pg pool');
  return pool;
}
