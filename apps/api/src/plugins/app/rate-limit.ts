import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { PrismaClient } from '@sage/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Count this route's rate limit in PostgreSQL, shared by every API process (decision 0132), instead of in
     * this process's memory. For limits that must hold however many processes run: sign-in codes cost a text.
     */
    sharedRateLimit?: boolean;
  }
}

type Incr = FastifyRateLimitStore['incr'];
type Callback = Parameters<Incr>[1];
type RouteParams = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { config?: { sharedRateLimit?: boolean } };
};

/** Expired counters are deleted after this many increments of a process (a cheap indexed delete). */
const SWEEP_EVERY = 500;

/** Fixed-window counters in PostgreSQL: one upsert per request, windows on the database's clock. */
export class PgRateLimitStore implements FastifyRateLimitStore {
  private increments = 0;

  constructor(private readonly prisma: PrismaClient) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.count(key, timeWindow).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  private async count(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const [row] = await this.prisma.$queryRaw<{ current: number; ttl: number }[]>`
      INSERT INTO "RateLimitCounter" ("key", "count", "windowEndsAt")
      VALUES (${key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN "RateLimitCounter"."windowEndsAt" <= now() THEN 1
                       ELSE "RateLimitCounter"."count" + 1 END,
        "windowEndsAt" = CASE WHEN "RateLimitCounter"."windowEndsAt" <= now() THEN EXCLUDED."windowEndsAt"
                              ELSE "RateLimitCounter"."windowEndsAt" END
      RETURNING "count" AS current,
        GREATEST(0, ceil(extract(epoch FROM "windowEndsAt" - now()) * 1000))::int AS ttl`;
    if (++this.increments % SWEEP_EVERY === 0) {
      await this.prisma.$executeRaw`DELETE FROM "RateLimitCounter" WHERE "windowEndsAt" < now()`;
    }
    return { current: Number(row!.current), ttl: Number(row!.ttl) };
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/** Fixed-window counters in this process's memory (bounded; the oldest keys are dropped first). */
export class MemoryRateLimitStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { current: number; endsAt: number }>();

  constructor(private readonly maxKeys = 10_000) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { current: 0, endsAt: now + timeWindow };
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
    }
    window.current++;
    callback(null, { current: window.current, ttl: window.endsAt - now });
  }

  child(): FastifyRateLimitStore {
    return new MemoryRateLimitStore(this.maxKeys);
  }
}

/**
 * @fastify/rate-limit with no global limit: routes opt in with `config.rateLimit`. Each route counts in
 * memory, or in PostgreSQL with `config.sharedRateLimit` (shared by all processes; routes with the same
 * `groupId` share one counter per client address).
 */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    const prisma = app.prisma;
    class RouteStore implements FastifyRateLimitStore {
      private readonly shared = new PgRateLimitStore(prisma);
      incr(): void {
        throw new Error('rate limits are counted per route (config.rateLimit)');
      }
      child(params: RouteParams): FastifyRateLimitStore {
        return params.routeInfo?.config?.sharedRateLimit ? this.shared : new MemoryRateLimitStore();
      }
    }
    await app.register(rateLimit, { global: false, store: RouteStore });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
