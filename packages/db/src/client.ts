import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

export type { PrismaClient };

export interface CreatePrismaOptions {
  /** Connections in the pool this client opens. */
  max?: number;
}

/** The Prisma client over `pg` (Prisma 7 driver adapter). One per process, closed with `$disconnect()`. */
export function createPrisma(connectionString: string, options: CreatePrismaOptions = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString, max: options.max ?? 10 });
  return new PrismaClient({ adapter });
}
