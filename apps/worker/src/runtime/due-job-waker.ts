import { databaseOutage, isDatabaseUnavailable, type OutageLogger, prepared } from '@sage/db';
import type { WorkerEvents, WorkerPool } from 'graphile-worker';
import type pg from 'pg';

/**
 * The next run times of the queue's waiting jobs, soonest first: the first entries past now of the job queue's
 * run_at index (decision 0485), so the read stays a few index pages however many jobs wait (the recurring runs and
 * missed-alert checks of every open task).
 */
const UPCOMING_SQL = `SELECT (extract(epoch FROM (run_at - clock_timestamp())) * 1000)::float8 AS "inMs"
    FROM graphile_worker._private_jobs
   WHERE is_available = true AND run_at > now()
   ORDER BY run_at LIMIT $1`;

export interface DueJobWakerOptions {
  /** How many upcoming run times one read keeps. */
  lookahead?: number;
  /** Inserts within this long share one re-read. */
  debounceMs?: number;
}

/**
 * graphile-worker 0.17 runs a job queued for now at once (its insert NOTIFYs the workers), but one queued for
 * later is only found by an idle worker's poll, every pollInterval: a block or care-confirmation limit due at T
 * started up to a poll late (decision 0431). The waker knows the next run times of the waiting jobs (read at
 * start, and again after jobs are queued: the queue's own `jobs:insert` NOTIFY, seen through the runner's
 * events) and nudges the worker pool at each of them, graphile-worker's own wake-up for a queued job: an idle
 * worker asks for a job at once, a busy one asks again as soon as it is free. A run time that has changed since
 * the read costs one empty fetch at most; the poll stays as the fallback.
 */
export class DueJobWaker {
  /** The job process's worker pools (the timed jobs' and the rest, decision 0458): each is nudged. */
  private readonly workerPools = new Set<WorkerPool>();
  /** Local times (ms) at which waiting jobs fall due, soonest first. */
  private upcoming: number[] = [];
  /** Whether the last read filled the lookahead (more run times wait beyond it). */
  private more = false;
  private wakeTimer: NodeJS.Timeout | null = null;
  private readTimer: NodeJS.Timeout | null = null;
  private reading = false;
  private readAgain = false;
  private stopped = false;
  private readonly lookahead: number;
  private readonly debounceMs: number;
  /** Reads failed in a row: the next is tried after a backoff, not at once (a down database is not hammered). */
  private failedReads = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: OutageLogger,
    options: DueJobWakerOptions = {},
  ) {
    this.lookahead = options.lookahead ?? 100;
    this.debounceMs = options.debounceMs ?? 5;
  }

  attach(events: WorkerEvents): void {
    events.on('pool:create', ({ workerPool }) => {
      this.workerPools.add(workerPool);
      this.requestRead(0);
    });
    events.on('pool:release', ({ workerPool }) => {
      this.workerPools.delete(workerPool);
    });
    events.on('pool:listen:notification', ({ message }) => {
      if (message.channel === 'jobs:insert') this.requestRead(this.debounceMs);
    });
    events.on('pool:gracefulShutdown', () => this.stop());
  }

  stop(): void {
    this.stopped = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    if (this.readTimer) clearTimeout(this.readTimer);
    this.wakeTimer = this.readTimer = null;
  }

  /** Reads the run times again after `delayMs` (one read at a time; requests meanwhile share the next one). */
  private requestRead(delayMs: number): void {
    if (this.stopped) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.readTimer ??= setTimeout(() => {
      this.readTimer = null;
      void this.read();
    }, delayMs);
  }

  private async read(): Promise<void> {
    if (this.stopped) return;
    this.reading = true;
    try {
      // Named: planned once per connection of the queue's pool, generically (decision 0492).
      const { rows } = await this.pool.query<{ inMs: number }>(prepared(UPCOMING_SQL, [this.lookahead]));
      // Due times counted on this clock from the database's clock as the rows were read (no skew between
      // hosts), from when the answer arrived: never early (a worker woken before its job is due would go back
      // to sleep for a poll), late by the answer's trip at most.
      const receivedAt = Date.now();
      this.upcoming = rows.map((r) => receivedAt + r.inMs);
      this.more = rows.length >= this.lookahead;
      this.failedReads = 0;
      this.arm();
    } catch (error) {
      // The poll still finds the jobs; try again after a backoff (100 ms doubling to 2 s).
      if (isDatabaseUnavailable(error)) databaseOutage.lost(this.log, 'due-job waker', error);
      else this.log.warn({ err: error }, 'due-job waker: reading the next run times failed');
      this.failedReads++;
    } finally {
      this.reading = false;
      if (this.failedReads > 0) {
        this.readAgain = false;
        this.requestRead(Math.min(100 * 2 ** (this.failedReads - 1), 2_000));
      } else if (this.readAgain) {
        this.readAgain = false;
        this.requestRead(this.debounceMs);
      }
    }
  }

  private arm(): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    if (this.stopped) return;
    const next = this.upcoming[0];
    if (next === undefined) {
      if (this.more) this.requestRead(0);
      return;
    }
    // A millisecond past due, so the worker's fetch (run_at <= now()) finds the job.
    this.wakeTimer = setTimeout(() => this.wake(), Math.max(0, next - Date.now() + 1));
  }

  private wake(): void {
    this.wakeTimer = null;
    const now = Date.now();
    let due = 0;
    while (due < this.upcoming.length && this.upcoming[due]! <= now) due++;
    this.upcoming = this.upcoming.slice(due);
    // Each pool fetches only its own jobs: a pool with none due finds nothing (one empty fetch, when idle).
    if (due > 0) for (const pool of this.workerPools) if (!pool._shuttingDown) pool.nudge(due);
    this.arm();
  }
}
