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
 * answers 503 with Retry-After for these, the job process carries on (decision 0112).
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
