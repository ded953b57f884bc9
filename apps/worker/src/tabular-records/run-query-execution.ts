import { TABULAR_LIMITS, type TQueryParameter, type TTabularCell, type TTabularColumn } from '@sage/contract';
import {
  createPgClient,
  currentHost,
  inTransaction,
  parseDatabaseUrl,
  REPORT_READER_ROLE,
  type RunQueryExecutionPayload,
} from '@sage/db';
import { bindNamedParameters, wrapReportQuery } from '@sage/domain';
import { checkReportQuery } from '@sage/domain/report-sql';
import pg from 'pg';

/**
 * Runs one query execution (decisions 0280-0281, 0500). The definition's text runs:
 * - checked again as one read (the API checked it when saved and when queued);
 * - on a connection of its own that LOGS IN as sage_report_reader (REPORTS_DATABASE_URL, or DATABASE_URL with
 *   that user): a role that is a member of nothing (no SET ROLE leads anywhere), read-only by default, and may
 *   SELECT the reporting views only. The connection is checked first; any other login refuses the run, and a
 *   report never falls back to the worker's own (privileged) connections;
 * - in the community written into reporting.scope for that reader backend (pid and start time) by the worker's
 *   pool, committed BEFORE the report starts and deleted after: the report can neither read nor change it;
 * - in a READ ONLY transaction with its statement timeout, which the worker also enforces from outside (it
 *   cancels the reader's backend), so a setting changed by the query cannot extend the run;
 * - wrapped to return at most the data source's row limit (plus one, to tell a truncated result).
 * The execution goes QUEUED -> RUNNING -> SUCCEEDED or FAILED; a cancel (the API) wins over the worker's
 * last write, which only applies while the execution is still RUNNING.
 */

interface Claimed {
  id: string;
  facilityId: string;
  parameters: Record<string, string | number | boolean | null> | null;
  query: string;
  definitionParameters: TQueryParameter[] | null;
  config: { statementTimeoutMs?: number; rowLimit?: number } | null;
}

/** A marker at the start of the statement: a cancel signals the backend only while it runs this one. */
export const executionMarker = (id: string): string => `/* sage-query-execution:${id} */`;

const TYPE_NAMES: Record<number, string> = {
  16: 'boolean',
  20: 'bigint',
  21: 'smallint',
  23: 'integer',
  25: 'text',
  700: 'real',
  701: 'double precision',
  1043: 'text',
  1082: 'date',
  1114: 'timestamp',
  1184: 'timestamptz',
  1700: 'numeric',
  114: 'json',
  3802: 'jsonb',
  2950: 'uuid',
};

/** Cells as JSON values: numbers as numbers while exact, times as ISO text, the rest as text. */
function cell(oid: number, value: string | null): TTabularCell {
  if (value === null) return null;
  switch (oid) {
    case 16:
      return value === 't';
    case 21:
    case 23:
    case 700:
    case 701:
      return Number(value);
    case 20:
    case 1700: {
      const n = Number(value);
      return Number.isFinite(n) && (Number.isSafeInteger(n) || !/^-?\d+$/.test(value)) && value.length <= 17
        ? n
        : value;
    }
    case 1184: {
      const iso = value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? value : date.toISOString();
    }
    case 1114:
      return value.replace(' ', 'T');
    default:
      return value;
  }
}

const RAW_TEXT: pg.CustomTypesConfig = {
  getTypeParser: () => (value: string) => value,
} as pg.CustomTypesConfig;

/** The operator's step when reports cannot run safely (decision 0500). */
const SET_UP_STEP =
  `Run the migrations as a database user that may create roles, or create the role ${REPORT_READER_ROLE} as ` +
  'docs/decisions/0500 says, and give the job process REPORTS_DATABASE_URL or REPORTS_DATABASE_PASSWORD';

/** The reports' connection is missing or unsafe: no report runs (never on another connection). */
export class ReportsNotSetUp extends Error {
  constructor(reason: string) {
    super(`Reports are not set up: ${reason}. ${SET_UP_STEP}.`);
    this.name = 'ReportsNotSetUp';
  }
}

/** Thrown when the run was given up before the report started (cancelled meanwhile). */
class RunAbandoned extends Error {}

function failureMessage(error: unknown, timeoutMs: number, timedOut: boolean): string {
  if (error instanceof ReportsNotSetUp) return error.message;
  const e = error as { code?: string; message?: string };
  if (timedOut) return `The report ran longer than ${timeoutMs / 1000} s and was stopped`;
  switch (e.code) {
    case '57014':
      return `The report ran longer than ${timeoutMs / 1000} s and was stopped`;
    case '25006':
      return `A report may not write: ${e.message}`;
    case '42501':
      return `A report may read the reporting views only: ${e.message}`;
    default:
      return e.code ? `${e.message ?? 'The report failed'}` : 'The report failed';
  }
}

export interface ReadOnlyRun {
  /** The community whose rows the reporting views show. */
  facilityId: string;
  text: string;
  values: (string | null)[];
  timeoutMs: number;
  rowLimit: number;
  /** A comment the statement starts with (see executionMarker). */
  marker?: string;
  /**
   * Called with the reader's backend pid once the connection is checked and scoped, before the report starts;
   * false gives the run up (the report never starts).
   */
  onBackend?: (pid: number) => Promise<boolean>;
}

/** The reader's backend, as the reader's own connection reports it. */
interface ReaderBackend {
  pid: number;
  /** pg_stat_activity.backend_start as text (exact, with its offset): with the pid, the scope's key. */
  backendStart: string;
  inRecovery: boolean;
}

interface ReaderCheck extends ReaderBackend {
  sessionUser: string;
  currentUser: string;
  rolsuper: boolean;
  rolcreaterole: boolean;
  rolcreatedb: boolean;
  rolreplication: boolean;
  rolbypassrls: boolean;
  memberships: number;
  readOnly: string;
}

/** What makes a reports connection unsafe, or null (decision 0500). */
function unsafeReader(me: ReaderCheck | undefined): string | null {
  if (!me) return 'its login role is not in pg_roles';
  if (me.sessionUser !== REPORT_READER_ROLE) {
    return `it logs in as ${me.sessionUser}, not as ${REPORT_READER_ROLE}`;
  }
  if (me.currentUser !== me.sessionUser) return `it runs as ${me.currentUser}, not as ${me.sessionUser}`;
  if (me.rolsuper || me.rolcreaterole || me.rolcreatedb || me.rolreplication || me.rolbypassrls) {
    return `${REPORT_READER_ROLE} has privileges a reader must not have (superuser, create role or database, replication or bypass RLS)`;
  }
  if (me.memberships > 0)
    return `${REPORT_READER_ROLE} is a member of another role (it must be a member of none)`;
  if (me.readOnly !== 'on')
    return `${REPORT_READER_ROLE} is not read-only by default (default_transaction_read_only)`;
  return null;
}

const quiet = () => {};

/** A connection logged in as the reader, checked (decision 0500); ReportsNotSetUp when it is not. */
async function openReader(
  url: string,
): Promise<{ client: pg.Client; backend: ReaderBackend; hostUrl: string }> {
  // Any host of the URL will do (a primary, or a standby with the scope row replayed: below); the reader's
  // sessions are read-only by default, so a read-write requirement of the URL could never be met by them.
  const client = createPgClient(url, {
    role: 'read',
    application_name: 'sage-report',
    connectionTimeoutMillis: 10_000,
  });
  client.on('error', quiet); // a backend ended from outside: the query in flight fails, which is handled
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(quiet);
    throw new ReportsNotSetUp(
      `the reports' connection could not log in as ${REPORT_READER_ROLE} (${(error as Error).message})`,
    );
  }
  try {
    const { rows } = await client.query<ReaderCheck>(
      `SELECT session_user::text AS "sessionUser", current_user::text AS "currentUser", r.rolsuper, r.rolcreaterole,
              r.rolcreatedb, r.rolreplication, r.rolbypassrls,
              (SELECT count(*)::int FROM pg_auth_members m WHERE m.member = r.oid) AS memberships,
              current_setting('default_transaction_read_only') AS "readOnly",
              pg_backend_pid() AS pid,
              (SELECT a.backend_start::text FROM pg_stat_activity a WHERE a.pid = pg_backend_pid()) AS "backendStart",
              pg_is_in_recovery() AS "inRecovery"
         FROM pg_roles r WHERE r.rolname = session_user`,
    );
    const problem = unsafeReader(rows[0]);
    if (problem) throw new ReportsNotSetUp(`the reports' connection is not safe: ${problem}`);
    const { pid, backendStart, inRecovery } = rows[0]!;
    // The host this connection reached, so a cancel reaches the same server (reports run one at a time).
    const parsed = parseDatabaseUrl(url);
    const host = parsed.hosts.length > 1 ? currentHost(url, 'read') : null;
    return { client, backend: { pid, backendStart, inRecovery }, hostUrl: host ? parsed.urlFor(host) : url };
  } catch (error) {
    await client.end().catch(quiet);
    throw error;
  }
}

/** Signals the reader's backend from a second reader connection (a role may signal its own backends). */
async function signalReader(url: string, pid: number, how: 'cancel' | 'terminate'): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'sage-report-stop' });
  client.on('error', quiet);
  try {
    await client.connect();
    await client.query(
      how === 'cancel' ? 'SELECT pg_cancel_backend($1)' : 'SELECT pg_terminate_backend($1)',
      [pid],
    );
  } catch {
    // The run ends anyway when the connection is closed after it.
  } finally {
    await client.end().catch(quiet);
  }
}

/** How long past the statement timeout the worker waits before it cancels the report itself. */
const OUTSIDE_TIMEOUT_GRACE_MS = 1_000;
/** How long a cancelled report may take to stop before its backend is ended. */
const TERMINATE_AFTER_MS = 5_000;
/** How long a read replica may take to replay the scope's commit. */
const REPLAY_WAIT_MS = 10_000;

/**
 * Runs one SELECT as the reader (decision 0500): on a connection of its own logged in as sage_report_reader and
 * checked, in the community's scope (written by `pool`, committed, before the report starts; deleted after),
 * read-only, with a statement timeout the worker also enforces from outside; returns at most rowLimit + 1 rows
 * (cells as PostgreSQL's text). `pool` never runs the report.
 */
export async function runReadOnly(
  pool: pg.Pool,
  readerUrl: string,
  run: ReadOnlyRun,
): Promise<pg.QueryArrayResult & { timedOut: boolean }> {
  const { client, backend, hostUrl } = await openReader(readerUrl);
  let scoped = false;
  let timedOut = false;
  let stopTimer: NodeJS.Timeout | undefined;
  let terminateTimer: NodeJS.Timeout | undefined;
  try {
    await pool.query(`DELETE FROM reporting.scope WHERE created_at < now() - interval '1 hour'`);
    await pool.query(
      `INSERT INTO reporting.scope (backend_pid, backend_start, facility_id) VALUES ($1, $2::timestamptz, $3)
       ON CONFLICT (backend_pid, backend_start) DO UPDATE SET facility_id = EXCLUDED.facility_id, created_at = now()`,
      [backend.pid, backend.backendStart, run.facilityId],
    );
    scoped = true;
    if (backend.inRecovery) {
      // A read replica: the scope row must have been replayed there before the report starts.
      const { rows } = await pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      const deadline = Date.now() + REPLAY_WAIT_MS;
      for (;;) {
        const replayed = await client.query<{ ok: boolean }>(
          'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok',
          [rows[0]!.lsn],
        );
        if (replayed.rows[0]?.ok) break;
        if (Date.now() > deadline) throw new Error('The read replica is too far behind to run reports now');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    if (run.onBackend && !(await run.onBackend(backend.pid))) throw new RunAbandoned();
    // One read-only transaction (the settings below are its own): the reader's role refuses writes anyway.
    return await inTransaction(
      client,
      async () => {
        await client.query(
          `SELECT set_config('statement_timeout', $1, true), set_config('TimeZone', 'UTC', true),
                set_config('search_path', 'reporting', true)`,
          [String(run.timeoutMs)],
        );
        // The statement timeout is the query's own setting, which its SQL could change: the worker keeps time too.
        stopTimer = setTimeout(() => {
          timedOut = true;
          void signalReader(hostUrl, backend.pid, 'cancel');
          terminateTimer = setTimeout(
            () => void signalReader(hostUrl, backend.pid, 'terminate'),
            TERMINATE_AFTER_MS,
          );
        }, run.timeoutMs + OUTSIDE_TIMEOUT_GRACE_MS);
        const result = await client.query({
          text: `${run.marker ?? ''} ${wrapReportQuery(run.text, run.rowLimit + 1)}`,
          values: run.values,
          rowMode: 'array',
          types: RAW_TEXT,
          // The extended protocol: one statement only, whatever the text (the simple one would run several).
          queryMode: 'extended',
        } as pg.QueryArrayConfig);
        // The query is over: the worker's own clock stops (the COMMIT of a read-only transaction is not timed).
        clearTimeout(stopTimer);
        return Object.assign(result as unknown as pg.QueryArrayResult, { timedOut });
      },
      { begin: 'BEGIN READ ONLY' },
    );
  } catch (error) {
    if (timedOut && error && typeof error === 'object') Object.assign(error, { timedOut: true });
    throw error;
  } finally {
    clearTimeout(stopTimer);
    clearTimeout(terminateTimer);
    // The connection is never reused: whatever the report set in its session ends with it.
    await client.end().catch(quiet);
    if (scoped) {
      await pool
        .query('DELETE FROM reporting.scope WHERE backend_pid = $1 AND backend_start = $2::timestamptz', [
          backend.pid,
          backend.backendStart,
        ])
        .catch(quiet);
    }
  }
}

export async function runQueryExecution(
  pool: pg.Pool,
  readerUrl: string,
  payload: RunQueryExecutionPayload,
  log: { info(message: string): void; error(message: string): void },
): Promise<void> {
  const id = payload.queryExecutionId;
  const { rows } = await pool.query<Claimed>(
    `UPDATE "QueryExecution" e SET status = 'RUNNING', "runStartedAt" = now()
       FROM "QueryDefinition" d JOIN "DataSource" s ON s.id = d."dataSourceId"
      WHERE e.id = $1 AND e.status = 'QUEUED' AND d.id = e."queryDefinitionId"
     RETURNING e.id, e."facilityId" AS "facilityId", e.parameters, d.query,
               d.parameters AS "definitionParameters", s.config`,
    [id],
  );
  const claimed = rows[0];
  if (!claimed) return; // cancelled (or gone) before it started
  const finish = (status: 'SUCCEEDED' | 'FAILED', fields: Record<string, unknown>) => {
    const entries = Object.entries(fields);
    return pool.query(
      `UPDATE "QueryExecution" SET status = $2, "completedAt" = now(), "backendPid" = NULL
         ${entries.map(([k], i) => `, "${k}" = $${i + 3}`).join('')}
        WHERE id = $1 AND status = 'RUNNING'`,
      [id, status, ...entries.map(([, v]) => v)],
    );
  };

  const timeoutMs = Math.min(
    claimed.config?.statementTimeoutMs ?? TABULAR_LIMITS.statementTimeoutMsDefault,
    TABULAR_LIMITS.statementTimeoutMsMax,
  );
  const rowLimit = Math.min(
    claimed.config?.rowLimit ?? TABULAR_LIMITS.rowLimitDefault,
    TABULAR_LIMITS.rowLimitMax,
  );
  const declared = claimed.definitionParameters ?? [];
  const issues = await checkReportQuery(claimed.query, declared);
  if (issues.length) {
    await finish('FAILED', { error: `The query is not a single read: ${issues[0]!.message}` });
    return;
  }
  const bound = bindNamedParameters(claimed.query, declared, claimed.parameters ?? {});

  try {
    const result = await runReadOnly(pool, readerUrl, {
      facilityId: claimed.facilityId,
      text: bound.text,
      values: bound.values,
      timeoutMs,
      rowLimit,
      marker: executionMarker(id),
      // The reader's backend, so the API's cancel can stop it; a cancel that came first gives the run up.
      onBackend: async (pid) => {
        const still = await pool.query(
          `UPDATE "QueryExecution" SET "backendPid" = $2 WHERE id = $1 AND status = 'RUNNING'`,
          [id, pid],
        );
        return (still.rowCount ?? 0) > 0;
      },
    });
    const columns: TTabularColumn[] = result.fields.map((f) => ({
      name: f.name,
      type: TYPE_NAMES[f.dataTypeID] ?? 'text',
    }));
    const truncated = result.rows.length > rowLimit;
    const cells = (result.rows as (string | null)[][])
      .slice(0, rowLimit)
      .map((row) => row.map((value, i) => cell(result.fields[i]!.dataTypeID, value)));
    await finish('SUCCEEDED', {
      result: JSON.stringify({ columns, rows: cells }),
      rowCount: cells.length,
      truncated,
      expiresAt: new Date(Date.now() + TABULAR_LIMITS.resultTtlMs),
    });
    log.info(`query execution ${id}: ${cells.length} rows`);
  } catch (error) {
    if (error instanceof RunAbandoned) return; // cancelled meanwhile
    const timedOut = Boolean((error as { timedOut?: boolean }).timedOut);
    const done = await finish('FAILED', { error: failureMessage(error, timeoutMs, timedOut) });
    if (done.rowCount) {
      const line = `query execution ${id} failed: ${(error as Error).message}`;
      if (error instanceof ReportsNotSetUp) log.error(line);
      else log.info(line);
    }
  }
}

/**
 * The expiry job (every 10 minutes): succeeded results past their time expire (rows dropped), and executions
 * queued or running for longer than any run may take (a worker that died mid-run) fail.
 */
export async function expireQueryExecutions(pool: pg.Pool): Promise<{ expired: number; failed: number }> {
  const expired = await pool.query(
    `UPDATE "QueryExecution" SET status = 'EXPIRED', result = NULL
      WHERE status = 'SUCCEEDED' AND "expiresAt" <= now()`,
  );
  const failed = await pool.query(
    `UPDATE "QueryExecution" SET status = 'FAILED', "completedAt" = now(), "backendPid" = NULL,
            error = 'The report did not finish in time; run it again'
      WHERE status IN ('QUEUED', 'RUNNING') AND "createdAt" < now() - make_interval(secs => $1)`,
    [TABULAR_LIMITS.staleRunMs / 1000],
  );
  return { expired: expired.rowCount ?? 0, failed: failed.rowCount ?? 0 };
}
