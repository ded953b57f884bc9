import { PrismaPg } from '@prisma/adapter-pg';
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

/** The Prisma client over `pg` (Prisma 7 driver adapter). One per process, closed with `$disconnect()`. */
export function createPrisma(connectionString: string, options: CreatePrismaOptions = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString, max: options.max ?? 10, min: options.min ?? 0 });
  return new PrismaClient({ adapter });
}
