import { parseDatabaseUrl } from '@sage/db/hosts';
import type pg from 'pg';

/**
 * The standby watch (decision 0523): where DATABASE_URL names several hosts, a press answered 202 must be on two
 * machines (synchronous replication). When the primary has no streaming standby (it died, or was never started),
 * the primary goes on accepting alone; the product says so loudly: an error line when it happens (and a line when
 * a standby is back), and the system-trouble signal on the ingest's /healthz (`database.standby: false` with the
 * reason) for the monitoring that watches it.
 */
export interface StandbyState {
  /** Whether a standby is expected (DATABASE_URL names several hosts). */
  expected: boolean;
  /** Standbys streaming from the primary at the last look (null before the first). */
  streaming: number | null;
  /** Of those, synchronous. */
  synchronous: number | null;
  trouble: string | null;
  checkedAt: string | null;
}

export const STANDBY_CHECK_INTERVAL_MS = 2_000;

export const NO_STANDBY_MESSAGE =
  'database has no standby: commits are on one machine only until a standby streams again';

/** Where the watch's lines go (the ingest's pino logger). */
export interface StandbyWatchLog {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export function startStandbyWatch(
  pool: pg.Pool,
  databaseUrl: string,
  log: StandbyWatchLog,
  intervalMs = STANDBY_CHECK_INTERVAL_MS,
): { state: StandbyState; check(): Promise<void>; stop(): void } {
  const state: StandbyState = {
    expected: parseDatabaseUrl(databaseUrl).hosts.length > 1,
    streaming: null,
    synchronous: null,
    trouble: null,
    checkedAt: null,
  };
  const check = async () => {
    if (!state.expected) return;
    let rows: { streaming: number; synchronous: number }[];
    try {
      ({ rows } = await pool.query<{ streaming: number; synchronous: number }>(
        `SELECT count(*) FILTER (WHERE state = 'streaming')::int AS streaming,
                count(*) FILTER (WHERE state = 'streaming' AND sync_state IN ('sync', 'quorum'))::int AS synchronous
           FROM pg_stat_replication`,
      ));
    } catch {
      return; // the database itself is unreachable: the ingest's 503s say so
    }
    const { streaming, synchronous } = rows[0] ?? { streaming: 0, synchronous: 0 };
    const had = state.streaming;
    state.streaming = streaming;
    state.synchronous = synchronous;
    state.checkedAt = new Date().toISOString();
    if (streaming === 0) {
      if (state.trouble === null) log.error({ standbys: 0 }, NO_STANDBY_MESSAGE);
      state.trouble = NO_STANDBY_MESSAGE;
    } else if (state.trouble !== null || had === null) {
      if (state.trouble !== null)
        log.warn({ standbys: streaming, synchronous }, 'database standby streaming again');
      state.trouble = null;
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  void check();
  return { state, check, stop: () => clearInterval(timer) };
}
