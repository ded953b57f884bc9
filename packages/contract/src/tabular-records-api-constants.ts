/**
 * The zod-free part of tabular-records-api.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). tabular-records-api.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/**
 * The tabular record service (sign-in doc sections 3 and 7; decisions 0280-0283): data sources, query
 * definitions (named, parameterised, read-only reports) and query executions run by the worker.
 */
export const TABULAR_PATHS = {
  dataSources: '/dataSources',
  queryDefinitions: '/queryDefinitions',
  queryExecutions: '/queryExecutions',
} as const;

/** Dialects of a data source: our own database, read through the reporting role (decision 0280). */
export const DataSourceDialect = { POSTGRESQL: 'POSTGRESQL' } as const;

export type DataSourceDialect = (typeof DataSourceDialect)[keyof typeof DataSourceDialect];

/** An execution's life (decision 0281). */
export const QueryExecutionStatus = {
  QUEUED: 'QUEUED',
  RUNNING: 'RUNNING',
  SUCCEEDED: 'SUCCEEDED',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
  EXPIRED: 'EXPIRED',
} as const;

export type QueryExecutionStatus = (typeof QueryExecutionStatus)[keyof typeof QueryExecutionStatus];

/** Statuses a cancel (DELETE) may end. */
export const CANCELLABLE_EXECUTION_STATUSES: readonly QueryExecutionStatus[] = ['QUEUED', 'RUNNING'];

/** Statuses whose execution is over. */
export const FINISHED_EXECUTION_STATUSES: readonly QueryExecutionStatus[] = [
  'SUCCEEDED',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
];

/** Limits of a data source (decision 0280): a report never runs longer or returns more than these. */
export const TABULAR_LIMITS = {
  statementTimeoutMsMin: 100,
  statementTimeoutMsMax: 30_000,
  statementTimeoutMsDefault: 10_000,
  rowLimitMin: 1,
  rowLimitMax: 10_000,
  rowLimitDefault: 5_000,
  queryMaxLength: 20_000,
  nameMaxLength: 100,
  descriptionMaxLength: 500,
  parametersMax: 10,
  parameterTextMaxLength: 200,
  /** A result is kept this long after it succeeded, then expires (its rows are dropped). */
  resultTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** An execution neither finished nor cancelled after this long is failed by the expiry job. */
  staleRunMs: 10 * 60 * 1000,
} as const;

export const TabularParameterType = {
  DATE: 'DATE',
  DATE_TIME: 'DATE_TIME',
  INTEGER: 'INTEGER',
  TEXT: 'TEXT',
  BOOLEAN: 'BOOLEAN',
} as const;

export type TabularParameterType = (typeof TabularParameterType)[keyof typeof TabularParameterType];

/** A parameter's name as written in the query (`:since`). */
export const TABULAR_PARAMETER_NAME_PATTERN = /^[a-z][A-Za-z0-9_]{0,39}$/;

export const TabularResultFormat = { json: 'json', csv: 'csv' } as const;

export const SEARCH_EXECUTIONS_PAGE_SIZE_MAX = 100;

/** Texts of the reports screen. */
export const ReportsMessages = {
  title: 'Reports',
  pickReport: 'Report',
  run: 'Run report',
  running: 'Running…',
  cancel: 'Cancel',
  downloadCsv: 'Download CSV',
  previousRuns: 'Previous runs',
  noRuns: 'No runs yet',
  noRows: 'No rows',
  truncated: (limit: number) => `Only the first ${limit} rows are shown`,
  failed: 'The report failed',
  noReports: 'No reports for this community',
  status: {
    QUEUED: 'Queued',
    RUNNING: 'Running',
    SUCCEEDED: 'Done',
    FAILED: 'Failed',
    CANCELLED: 'Cancelled',
    EXPIRED: 'Expired',
  } satisfies Record<QueryExecutionStatus, string>,
} as const;
