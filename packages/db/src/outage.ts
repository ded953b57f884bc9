/**
 * The database's loss, logged once per process (decision 0591). During a failover every pool, client, poll and
 * listener of a process fails at once, each time it tries: logged one by one that was 155 error lines of
 * `npm start` for 9 s without a primary. A loss of the connection (`isDatabaseUnavailable`) is written once as a warning when the first
 * failure comes, once as info when a connection works again; the failures between go to debug. Every other error
 * is logged as before, at its own level, by its caller.
 */

/** Error codes of a database that is down, restarting or dropped our connection (node and PostgreSQL). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down)
  '57P01',
  '57P02',
  '57P03',
  // connection_exception and its subclasses
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // Prisma: can't reach the server, server closed the connection
  'P1001',
  'P1017',
  // read_only_sql_transaction: the server was demoted under the connection (a failover; decision 0520)
  '25006',
  // @sage/db/hosts: no host of the URL is the primary now (a failover under way), or the one reached is not
  'SAGE_NO_FITTING_HOST',
  'SAGE_HOST_DOES_NOT_FIT',
]);

/** node-postgres reports a dropped connection by message only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];

/**
 * Whether an error means the database could not be reached (rather than a bad query or a bug): the ingest
 * answers 503 with Retry-After for these, the job process carries on (decision 0112), and the loss is logged once
 * per process (decision 0591).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}

/** While the database stays unreachable, how often the loss is logged again as a warning. */
export const STILL_DOWN_LOG_MS = 60_000;

export interface OutageLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

/** The process's view of its database connection: lost once, back once. */
export class DatabaseOutage {
  private since: number | null = null;
  private failures = 0;
  private loggedAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get down(): boolean {
    return this.since !== null;
  }

  /** A failure that `isDatabaseUnavailable` accepts: a warning for the first of an outage, debug for the rest. */
  lost(log: OutageLogger, source: string, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    const now = this.now();
    if (this.since === null) {
      this.since = now;
      this.failures = 1;
      this.loggedAt = now;
      log.warn({ source, reason }, 'database connection lost: retrying (further failures at debug level)');
      return;
    }
    this.failures++;
    // A long outage is not hidden: a warning again every STILL_DOWN_LOG_MS.
    if (now - this.loggedAt >= STILL_DOWN_LOG_MS) {
      this.loggedAt = now;
      log.warn(
        { source, reason, downMs: now - this.since, failures: this.failures },
        'database still unreachable',
      );
    } else {
      log.debug({ source, reason }, 'database still unreachable');
    }
  }

  /** A connection or query that worked: info once if the database was lost. */
  back(log: OutageLogger, source: string): void {
    if (this.since === null) return;
    const downMs = this.now() - this.since;
    const failures = this.failures;
    this.since = null;
    this.failures = 0;
    log.info({ source, downMs, failures }, 'database connection back');
  }
}

/** One per process: every pool and poll of the process reports to it. */
export const databaseOutage = new DatabaseOutage();
