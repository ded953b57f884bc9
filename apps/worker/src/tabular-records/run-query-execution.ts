import { TABULAR_LIMITS, type TQueryParameter, type TTabularCell, type TTabularColumn } from '@sage/contract';
import { type RunQueryExecutionPayload, TABULAR_READER_ROLE } from '@sage/db';
import { bindNamedParameters, checkReadOnlyQuery, withoutTrailingSemicolon } from '@sage/domain';
import type pg from 'pg';

/**
 * Runs one query execution (decisions 0280-0281). The definition's text runs:
 * - checked again as one read (the API checked it when saved and when queued);
 * - in a transaction that first writes the caller's community into reporting.scope (the only thing the
 *   reporting views show), then turns READ ONLY, sets its statement timeout, and becomes the reporting role
 *   (SET LOCAL ROLE: the role has no login and may read the reporting views only);
 * - wrapped to return at most the data source's row limit (plus one, to tell a truncated result);
 * - always rolled back, so the scope row is never seen by any other transaction.
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

function failureMessage(error: unknown, timeoutMs: number): string {
  const e = error as { code?: string; message?: string };
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
}

/**
 * Runs one SELECT as the reporting role, in the community's scope, read-only, with a statement timeout, and
 * returns at most rowLimit + 1 rows (cells as PostgreSQL's text). Always rolls back. On an error the
 * error is thrown; when even the rollback failed it carries `brokenConnection` (the client must be dropped).
 */
export async function runReadOnly(client: pg.PoolClient, run: ReadOnlyRun): Promise<pg.QueryArrayResult> {
  await client.query('BEGIN');
  try {
    // Written while the transaction may still write, never committed: only this transaction sees it.
    await client.query(
      'INSERT INTO reporting.scope (backend_pid, facility_id) VALUES (pg_backend_pid(), $1)',
      [run.facilityId],
    );
    await client.query('SET TRANSACTION READ ONLY');
    await client.query(
      `SELECT set_config('statement_timeout', $1, true), set_config('TimeZone', 'UTC', true),
              set_config('search_path', 'reporting', true)`,
      [String(run.timeoutMs)],
    );
    await client.query(`SET LOCAL ROLE ${TABULAR_READER_ROLE}`);
    const result = await client.query({
      text: `${run.marker ?? ''} SELECT * FROM (\n${run.text}\n) AS report LIMIT ${run.rowLimit + 1}`,
      values: run.values,
      rowMode: 'array',
      types: RAW_TEXT,
    });
    await client.query('ROLLBACK');
    return result as unknown as pg.QueryArrayResult;
  } catch (error) {
    await client.query('ROLLBACK').catch((e: Error) => {
      Object.assign(error as object, { brokenConnection: e });
    });
    throw error;
  }
}

export async function runQueryExecution(
  pool: pg.Pool,
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
  const issues = checkReadOnlyQuery(
    claimed.query,
    declared.map((p) => p.name),
  );
  if (issues.length) {
    await finish('FAILED', { error: `The query is not a single read: ${issues[0]!.message}` });
    return;
  }
  const bound = bindNamedParameters(
    withoutTrailingSemicolon(claimed.query),
    declared,
    claimed.parameters ?? {},
  );

  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const still = await pool.query(
      `UPDATE "QueryExecution" SET "backendPid" = $2 WHERE id = $1 AND status = 'RUNNING'`,
      [id, pid],
    );
    if (still.rowCount === 0) return; // cancelled meanwhile
    try {
      const result = await runReadOnly(client, {
        facilityId: claimed.facilityId,
        text: bound.text,
        values: bound.values,
        timeoutMs,
        rowLimit,
        marker: executionMarker(id),
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
      if ((error as { brokenConnection?: Error }).brokenConnection) {
        broken = (error as { brokenConnection: Error }).brokenConnection;
      }
      const done = await finish('FAILED', { error: failureMessage(error, timeoutMs) });
      if (done.rowCount) log.info(`query execution ${id} failed: ${(error as Error).message}`);
    }
  } finally {
    client.release(broken);
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
