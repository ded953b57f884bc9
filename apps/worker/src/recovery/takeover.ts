import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { JobName, withTransaction } from '@sage/db';
import type { WorkerEvents } from 'graphile-worker';
import type pg from 'pg';

export interface TakeoverLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface TakeoverTimings {
  /** How often this process's queue beats. */
  beatMs: number;
  /** A beat older than this marks its queue dead; also how long this process must have been connected
   * without a break before it frees anyone else's jobs (so a database restart kills no one). */
  staleMs: number;
  /** How often the sweep runs. */
  sweepMs: number;
  /** A stored device event still unprocessed this long after it arrived, with no job, is queued again. */
  unprocessedAfterMs: number;
}

export const DEFAULT_TAKEOVER_TIMINGS: TakeoverTimings = {
  beatMs: 1_000,
  staleMs: 5_000,
  sweepMs: 1_000,
  unprocessedAfterMs: 5_000,
};

export interface SweepResult {
  /** Dead queues whose jobs were freed. */
  freedPools: string[];
  /** Jobs freed from dead queues. */
  freedJobs: number;
  /** This process's own jobs whose completion was lost on a dropped connection, freed. */
  orphansFreed: number;
  /** Device events queued again. */
  requeuedEvents: number;
}

/** One sweep at a time across all processes (a transaction-scoped advisory lock; the number is ours). */
const SWEEP_LOCK = 0x5a6e_0110;
/** A just-finished job's completion may still be on its way: leave it alone this long. */
const COMPLETION_GRACE_MS = 2_000;
/** Beats of queues gone this long are deleted. */
const FORGET_AFTER = '1 hour';

/**
 * The pools holding jobs locked for longer than the staleness limit ($1 ms) with no recent beat, other than this
 * process's ($2). Read through the job queue's locked-jobs index (decision 0485), not a walk of every waiting job.
 */
export const DEAD_POOLS_SQL = `SELECT j.locked_by AS "poolId", count(*)::int AS jobs
   FROM graphile_worker._private_jobs j
  WHERE j.locked_by IS NOT NULL
    AND j.locked_at < now() - make_interval(secs => $1 / 1000.0)
    AND NOT (j.locked_by = ANY($2::text[]))
    AND NOT EXISTS (
      SELECT 1 FROM "WorkerHeartbeat" h
       WHERE h."poolId" = j.locked_by AND h."beatAt" > now() - make_interval(secs => $1 / 1000.0))
  GROUP BY j.locked_by`;

/** This process's pools' ($1) jobs locked for longer than the staleness limit ($2 ms). */
export const OWN_STALE_LOCKS_SQL = `SELECT id::text FROM graphile_worker._private_jobs
  WHERE locked_by = ANY($1::text[]) AND locked_at < now() - make_interval(secs => $2 / 1000.0)`;

/**
 * Takes over a dead job process's work (decision 0110). graphile-worker 0.17 frees the jobs of a killed
 * worker only after 4 hours; here each process's queue (its graphile-worker pool id, the `locked_by` of its
 * jobs) beats in "WorkerHeartbeat", and every live process sweeps every second:
 * - jobs locked by a queue whose beat is stale (or that never beat) are freed (`force_unlock_workers`);
 * - its own jobs left locked after their completion was lost on a dropped connection (graphile-worker does
 *   not await `completeJob`/`failJob`) are freed;
 * - device events stored but unprocessed for a few seconds whose job is gone are queued again (the job key is
 *   the event's, and applying an event twice has no second effect).
 */
export class Takeover {
  private readonly pools = new Set<string>();
  /** Every pool this process has run, released or not (its beats go at a clean stop). */
  private readonly created = new Set<string>();
  private readonly active = new Set<string>();
  /** Jobs a pool's local queue has fetched (and locked) but not started yet (decision 0460). */
  private readonly held = new Set<string>();
  private readonly finished = new Map<string, number>();
  private connectedSince: number | null = null;
  private beatTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private sweeping: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: TakeoverLog,
    private readonly timings: TakeoverTimings = DEFAULT_TAKEOVER_TIMINGS,
    /** Touched after every successful beat (the container's health check reads its age). */
    private readonly healthFile?: string,
  ) {}

  /** Follows the queue's pools and jobs; pass the same emitter as `events` to graphile-worker's `run`. */
  attach(events: WorkerEvents): void {
    events.on('pool:create', ({ workerPool }) => {
      this.pools.add(workerPool.id);
      this.created.add(workerPool.id);
      void this.beat();
    });
    events.on('pool:release', ({ workerPool }) => {
      this.pools.delete(workerPool.id);
    });
    events.on('localQueue:getJobs:complete', ({ jobs }) => {
      for (const job of jobs) this.held.add(job.id);
    });
    events.on('localQueue:returnJobs', ({ jobs }) => {
      for (const job of jobs) this.held.delete(job.id);
    });
    events.on('job:start', ({ job }) => {
      this.held.delete(job.id);
      this.active.add(job.id);
      this.finished.delete(job.id);
    });
    events.on('job:complete', ({ job }) => {
      this.active.delete(job.id);
      this.finished.set(job.id, Date.now());
    });
  }

  get poolIds(): string[] {
    return [...this.pools];
  }

  start(): void {
    this.stopped = false;
    const beatLoop = () => {
      this.beatTimer = setTimeout(async () => {
        await this.beat();
        if (!this.stopped) beatLoop();
      }, this.timings.beatMs).unref();
    };
    const sweepLoop = () => {
      this.sweepTimer = setTimeout(async () => {
        await this.sweepIfConnected();
        if (!this.stopped) sweepLoop();
      }, this.timings.sweepMs).unref();
    };
    void this.beat();
    beatLoop();
    sweepLoop();
  }

  /** Stops beating and sweeping; with `forget`, deletes this process's beats (a clean stop frees nothing). */
  async stop(forget: boolean): Promise<void> {
    this.stopped = true;
    if (this.beatTimer) clearTimeout(this.beatTimer);
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    await Promise.allSettled([this.beating, this.sweeping]);
    // Every pool this process ran: a pool released by a clean stop has left `pools` already (decision 0481).
    if (forget && this.created.size > 0) {
      await this.pool
        .query('DELETE FROM "WorkerHeartbeat" WHERE "poolId" = ANY($1)', [[...this.created]])
        .catch(() => {});
    }
  }

  /** Writes this process's beats (database time, so hosts' clocks do not matter). */
  beat(): Promise<void> {
    if (this.beating) return this.beating;
    this.beating = (async () => {
      try {
        if (this.pools.size > 0) {
          await this.pool.query(
            `INSERT INTO "WorkerHeartbeat" ("poolId", hostname, pid)
             SELECT unnest($1::text[]), $2, $3
             ON CONFLICT ("poolId") DO UPDATE SET "beatAt" = now()`,
            [this.poolIds, os.hostname(), process.pid],
          );
        } else {
          await this.pool.query('SELECT 1');
        }
        this.connectedSince ??= Date.now();
        if (this.healthFile) await writeFile(this.healthFile, new Date().toISOString()).catch(() => {});
      } catch (error) {
        if (this.connectedSince !== null) {
          this.log.warn({ err: error }, 'worker heartbeat failed: the database is unreachable');
        }
        this.connectedSince = null;
      } finally {
        this.beating = null;
      }
    })();
    return this.beating;
  }

  private async sweepIfConnected(): Promise<void> {
    const since = this.connectedSince;
    if (since === null || Date.now() - since < this.timings.staleMs) return;
    this.sweeping = this.sweep().catch((error) => {
      this.log.warn({ err: error }, 'takeover sweep failed');
    });
    await this.sweeping;
    this.sweeping = null;
  }

  /** One sweep (the loop calls it every `sweepMs` once connected long enough; tests call it directly). */
  async sweep(): Promise<SweepResult> {
    const result: SweepResult = { freedPools: [], freedJobs: 0, orphansFreed: 0, requeuedEvents: 0 };
    return withTransaction(this.pool, async (client) => {
      // One sweeper at a time across the job processes; the others find the lock taken and do nothing.
      const { rows: lock } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_xact_lock($1) AS ok',
        [SWEEP_LOCK],
      );
      if (!lock[0]?.ok) return result;
      const staleMs = this.timings.staleMs;
      // Queues holding jobs locked for longer than the staleness limit with no recent beat: dead. (A queue
      // that just started locks jobs a moment before its first beat lands; its locks are fresh.)
      const { rows: dead } = await client.query<{ poolId: string; jobs: number }>(DEAD_POOLS_SQL, [
        staleMs,
        this.poolIds,
      ]);
      if (dead.length > 0) {
        result.freedPools = dead.map((d) => d.poolId);
        result.freedJobs = dead.reduce((n, d) => n + d.jobs, 0);
        await client.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [result.freedPools]);
        await client.query('DELETE FROM "WorkerHeartbeat" WHERE "poolId" = ANY($1)', [result.freedPools]);
        this.log.warn(
          { pools: result.freedPools, jobs: result.freedJobs },
          'freed the jobs of stopped workers (no heartbeat)',
        );
      }
      await client.query(`DELETE FROM "WorkerHeartbeat" WHERE "beatAt" < now() - interval '${FORGET_AFTER}'`);

      result.orphansFreed = await this.freeOwnOrphans(client);

      // Stored events that should have been applied by now and have no job (their job key is the event's).
      const { rows: requeued } = await client.query<{ id: string }>(
        `SELECT e.id, graphile_worker.add_job($2, json_build_object('deviceEventId', e.id),
                  job_key := 'device-event:' || e.id) AS job
           FROM "DeviceEvent" e
          WHERE e."processedAt" IS NULL
            AND e."receivedAt" < now() - make_interval(secs => $1 / 1000.0)
            AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_jobs j WHERE j.key = 'device-event:' || e.id)
          ORDER BY e."receivedAt"
          LIMIT 500`,
        [this.timings.unprocessedAfterMs, JobName.processDeviceEvent],
      );
      result.requeuedEvents = requeued.length;
      if (requeued.length > 0) {
        this.log.warn({ events: requeued.map((r) => r.id) }, 'queued unprocessed device events again');
      }
      return result;
    });
  }

  /**
   * Jobs locked by this process's own queue that it is not running (nor holding in a local queue to run next):
   * their completion or failure was lost on a dropped connection (or the connection dropped as they were
   * locked). Freed so they run again.
   */
  private async freeOwnOrphans(client: pg.PoolClient): Promise<number> {
    if (this.pools.size === 0) return 0;
    const { rows } = await client.query<{ id: string }>(OWN_STALE_LOCKS_SQL, [
      this.poolIds,
      this.timings.staleMs,
    ]);
    const now = Date.now();
    for (const [id, at] of this.finished) if (now - at > 60_000) this.finished.delete(id);
    const orphans = rows
      .map((r) => r.id)
      .filter(
        (id) =>
          !this.active.has(id) &&
          !this.held.has(id) &&
          now - (this.finished.get(id) ?? 0) > COMPLETION_GRACE_MS,
      );
    if (orphans.length === 0) return 0;
    const { rowCount } = await client.query(
      `UPDATE graphile_worker._private_jobs SET locked_by = NULL, locked_at = NULL
        WHERE id = ANY($1::bigint[]) AND locked_by = ANY($2::text[])`,
      [orphans, this.poolIds],
    );
    this.log.warn({ jobs: orphans }, 'freed jobs whose completion was lost on a dropped connection');
    return rowCount ?? 0;
  }
}
