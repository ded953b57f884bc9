import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/*
 * The ingest's per-gateway rate limit (decision 0103) as one synchronous onRequest hook (decision 0860). It counts
 * exactly as @fastify/rate-limit's local store did (fixed windows per key, opened by a key's first request after
 * the last one ended) and answers with the same headers and the same error, without the plugin's per-request
 * promises and its LRU cache: that pipeline was a twentieth of the ingest's CPU per heartbeat.
 */

export interface IngestRateLimitOptions {
  /** Requests one key may make per window. */
  max: number;
  timeWindowMs: number;
  /** The request's key (its gateway key's hash, else its address). */
  keyOf(request: FastifyRequest): string;
  /** The error of a request past its key's budget (sent through the error handler); `after` as the plugin wrote it. */
  exceeded(context: { max: number; ttl: number; after: string }): Error;
}

interface Window {
  count: number;
  startedAt: number;
}

/** A duration in whole seconds as @fastify/rate-limit's `after` reads (@lukeed/ms, long form): "1 second", "2 minutes". */
export function formatAfter(ms: number): string {
  const unit = (value: number, name: string) => {
    const n = (value | 0) === value ? value : ~~(value + 0.5);
    return `${n} ${name}${n !== 1 ? 's' : ''}`;
  };
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return unit(ms / 1_000, 'second');
  if (ms < 3_600_000) return unit(ms / 60_000, 'minute');
  if (ms < 86_400_000) return unit(ms / 3_600_000, 'hour');
  if (ms < 31_557_600_000) return unit(ms / 86_400_000, 'day');
  return unit(ms / 31_557_600_000, 'year');
}

/**
 * The budget's counter. `take(request, reply, weight)` counts `weight` events for the request's key and answers as
 * the hook does: every answer carries x-ratelimit-limit, x-ratelimit-remaining and x-ratelimit-reset (seconds to
 * the window's end); past the budget it returns `exceeded`'s error (a 429) with Retry-After. Windows ended are
 * dropped at most once per window, so the map holds the keys of the last window or two.
 */
export function ingestRateCounter(options: IngestRateLimitOptions) {
  const { max, timeWindowMs, keyOf, exceeded } = options;
  const windows = new Map<string, Window>();
  let sweptAt = Date.now();
  return (request: FastifyRequest, reply: FastifyReply, weight: number): Error | undefined => {
    const now = Date.now();
    if (now - sweptAt >= timeWindowMs) {
      sweptAt = now;
      for (const [key, window] of windows) if (window.startedAt + timeWindowMs <= now) windows.delete(key);
    }
    const key = keyOf(request);
    let window = windows.get(key);
    if (!window || window.startedAt + timeWindowMs <= now) {
      window = { count: 0, startedAt: now };
      windows.set(key, window);
    }
    window.count += weight;
    const count = window.count;
    const ttl = timeWindowMs - (now - window.startedAt);
    const ttlSeconds = Math.ceil(ttl / 1000);
    reply.header('x-ratelimit-limit', max);
    if (count <= max) {
      reply.header('x-ratelimit-remaining', max - count);
      reply.header('x-ratelimit-reset', ttlSeconds);
      return undefined;
    }
    reply.header('x-ratelimit-remaining', 0);
    reply.header('x-ratelimit-reset', ttlSeconds);
    reply.header('retry-after', ttlSeconds);
    return exceeded({ max, ttl, after: formatAfter(ttlSeconds * 1000) });
  };
}

/**
 * A hook counting `weightOf(request)` events of a counter's budget: 1 a request before its body is read, or a
 * valid batch's other events once it is.
 */
export function countEvents(
  take: ReturnType<typeof ingestRateCounter>,
  weightOf: (request: FastifyRequest) => number,
) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const error = take(request, reply, weightOf(request));
    if (error) done(error);
    else done();
  };
}
