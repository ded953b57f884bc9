/**
 * Rules of the tabular record service (sign-in doc sections 3 and 7; decisions 0280-0283), pure.
 *
 * A query definition is one read: a single SELECT (or WITH ... SELECT) over the reporting views, with named
 * parameters written `:name`. Anything else is refused when the definition is saved and again before it runs, on
 * the parsed query (`@sage/domain/report-sql`, server-side). That check is a wall, not the only one: the worker
 * runs the text logged in as a role that may read the reporting views only, read-only, and the views show the
 * caller's community only (decisions 0280, 0500).
 */

import type { OrgMembership } from './org-admin';
import { canEditFacilitySettings, isEnterpriseAdmin } from './org-admin';

export type SqlTokenKind = 'word' | 'quoted' | 'string' | 'number' | 'param' | 'positional' | 'symbol';
export interface SqlToken {
  kind: SqlTokenKind;
  /** Words lower-cased; parameters without the colon; other tokens as written. */
  value: string;
  /** Offset in the text. */
  at: number;
}

export interface SqlIssue {
  rule: string;
  message: string;
}

/** The reporting views a definition may read (prisma/migrations/*_tabular_records). */
export const REPORTING_VIEWS = [
  'facility',
  'alerts',
  'alert_updates',
  'staff',
  'units',
  'care_zones',
  'unit_care_zones',
  'residents',
  'devices',
  'check_ins',
] as const;

const isWordStart = (c: string) => /[A-Za-z_\u0080-\uffff]/.test(c);
const isWordPart = (c: string) => /[A-Za-z0-9_$\u0080-\uffff]/.test(c);

/** The tokens of a SQL text (comments dropped); `issues` holds unterminated strings, comments or quotes. */
export function tokenizeSql(sql: string): { tokens: SqlToken[]; issues: SqlIssue[] } {
  const tokens: SqlToken[] = [];
  const issues: SqlIssue[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      // Nested block comments, as PostgreSQL reads them.
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (sql[j] === '/' && sql[j + 1] === '*') {
          depth++;
          j += 2;
        } else if (sql[j] === '*' && sql[j + 1] === '/') {
          depth--;
          j += 2;
        } else j++;
      }
      if (depth > 0) issues.push({ rule: 'syntax', message: 'A comment is not closed' });
      i = j;
    } else if (c === "'" || ((c === 'e' || c === 'E') && next === "'")) {
      const start = i;
      let j = c === "'" ? i + 1 : i + 2;
      const escapes = c !== "'";
      let closed = false;
      while (j < n) {
        if (escapes && sql[j] === '\\') {
          j += 2;
        } else if (sql[j] === "'") {
          if (sql[j + 1] === "'") j += 2;
          else {
            closed = true;
            j++;
            break;
          }
        } else j++;
      }
      if (!closed) issues.push({ rule: 'syntax', message: 'A string is not closed' });
      tokens.push({ kind: 'string', value: sql.slice(start, j), at: start });
      i = j;
    } else if (c === '"') {
      const start = i;
      let j = i + 1;
      let closed = false;
      while (j < n) {
        if (sql[j] === '"') {
          if (sql[j + 1] === '"') j += 2;
          else {
            closed = true;
            j++;
            break;
          }
        } else j++;
      }
      if (!closed) issues.push({ rule: 'syntax', message: 'A quoted name is not closed' });
      tokens.push({ kind: 'quoted', value: sql.slice(start + 1, j - 1).replaceAll('""', '"'), at: start });
      i = j;
    } else if (c === '$') {
      if (next !== undefined && /\d/.test(next)) {
        let j = i + 1;
        while (j < n && /\d/.test(sql[j]!)) j++;
        tokens.push({ kind: 'positional', value: sql.slice(i, j), at: i });
        i = j;
      } else {
        // Dollar quoting ($$ ... $$, $tag$ ... $tag$) is refused outright: reports need none.
        issues.push({ rule: 'syntax', message: 'Dollar-quoted text is not allowed' });
        tokens.push({ kind: 'symbol', value: '$', at: i });
        i++;
      }
    } else if (c === ':' && next === ':') {
      tokens.push({ kind: 'symbol', value: '::', at: i });
      i += 2;
    } else if (c === ':' && next !== undefined && isWordStart(next)) {
      let j = i + 1;
      while (j < n && isWordPart(sql[j]!) && sql[j] !== '$') j++;
      tokens.push({ kind: 'param', value: sql.slice(i + 1, j), at: i });
      i = j;
    } else if (/\d/.test(c) || (c === '.' && next !== undefined && /\d/.test(next))) {
      let j = i + 1;
      while (j < n && /[0-9.eE_]/.test(sql[j]!)) j++;
      tokens.push({ kind: 'number', value: sql.slice(i, j), at: i });
      i = j;
    } else if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordPart(sql[j]!)) j++;
      tokens.push({ kind: 'word', value: sql.slice(i, j).toLowerCase(), at: i });
      i = j;
    } else {
      tokens.push({ kind: 'symbol', value: c, at: i });
      i++;
    }
  }
  return { tokens, issues };
}

/**
 * The text's lexical rules, before it is parsed (decision 0500; the parsed check is `checkReportQuery` of
 * `@sage/domain/report-sql`, server-side): not empty, strings, quoted names and comments closed, no dollar quotes
 * (the parameter binder does not read them), parameters written `:name` (never `$1`) and each one declared.
 */
export function checkQueryText(sql: string, parameterNames: readonly string[]): SqlIssue[] {
  const { tokens, issues } = tokenizeSql(sql);
  const out: SqlIssue[] = [...issues];
  if (tokens.length === 0) return [{ rule: 'required', message: 'The query is empty' }];
  const seen = new Set<string>();
  const declared = new Set(parameterNames);
  for (const token of tokens) {
    if (token.kind === 'positional' && !seen.has('positional')) {
      seen.add('positional');
      out.push({ rule: 'named_parameters', message: 'Write parameters as :name, not $1' });
    }
    if (token.kind === 'param' && !declared.has(token.value) && !seen.has(`p:${token.value}`)) {
      seen.add(`p:${token.value}`);
      out.push({ rule: 'unknown_parameter', message: `:${token.value} is not a parameter of the query` });
    }
  }
  return out;
}

/**
 * The statement the worker runs for a (bound) report text: at most rowLimit rows (the worker asks for one more,
 * to tell a truncated result). The parsed check reads this very text (decision 0500).
 */
export const wrapReportQuery = (boundText: string, rowLimit: number): string =>
  `SELECT * FROM (\n${withoutTrailingSemicolon(boundText)}\n) AS report LIMIT ${rowLimit}`;

/** The SQL type a parameter is bound as. */
export const PARAMETER_SQL_TYPES = {
  DATE: 'date',
  DATE_TIME: 'timestamptz',
  INTEGER: 'integer',
  TEXT: 'text',
  BOOLEAN: 'boolean',
} as const;
export type ParameterType = keyof typeof PARAMETER_SQL_TYPES;

/**
 * The text with each `:name` replaced by a positional, typed placeholder (`$1::date`), and the values in
 * order (as text; PostgreSQL casts them). Run `checkQueryText` first; `checkReportQuery` checks the result.
 */
export function bindNamedParameters(
  sql: string,
  parameters: readonly { name: string; type: ParameterType }[],
  values: Readonly<Record<string, string | number | boolean | null>>,
): { text: string; values: (string | null)[] } {
  const { tokens } = tokenizeSql(sql);
  const order: string[] = [];
  let text = '';
  let from = 0;
  for (const token of tokens) {
    if (token.kind !== 'param') continue;
    const parameter = parameters.find((p) => p.name === token.value);
    if (!parameter) throw new Error(`:${token.value} is not a parameter of the query`);
    let index = order.indexOf(token.value);
    if (index < 0) {
      order.push(token.value);
      index = order.length - 1;
    }
    text += `${sql.slice(from, token.at)}$${index + 1}::${PARAMETER_SQL_TYPES[parameter.type]}`;
    from = token.at + 1 + token.value.length;
  }
  text += sql.slice(from);
  return {
    text,
    values: order.map((name) => {
      const value = values[name];
      return value === null || value === undefined ? null : String(value);
    }),
  };
}

/** The text without a trailing ';' (so it can be wrapped as a subquery). */
export const withoutTrailingSemicolon = (sql: string): string => sql.trim().replace(/;\s*$/, '');

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const RELATIVE_DAY = /^today([+-]\d{1,4})?$/;

/** Today's date (YYYY-MM-DD) in the time zone, moved by `days`. */
export function localDate(now: Date, timeZone: string, days = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const [y, m, d] = parts.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y, m - 1, d + days));
  return moved.toISOString().slice(0, 10);
}

export interface ParameterDefinition {
  name: string;
  label: string;
  type: ParameterType;
  required: boolean;
  defaultValue?: string | number | boolean | null | undefined;
}

/**
 * The values a run binds: given values checked against their types, defaults filled in ('today', 'today-7'
 * for dates, in the community's time zone), unknown names refused. Issues name `parameters.<name>`.
 */
export function resolveParameterValues(
  definitions: readonly ParameterDefinition[],
  given: Readonly<Record<string, string | number | boolean | null>>,
  now: Date,
  timeZone: string,
): { values: Record<string, string | number | boolean | null>; issues: (SqlIssue & { field: string })[] } {
  const issues: (SqlIssue & { field: string })[] = [];
  const values: Record<string, string | number | boolean | null> = {};
  for (const name of Object.keys(given)) {
    if (!definitions.some((d) => d.name === name)) {
      issues.push({
        field: `parameters.${name}`,
        rule: 'unknown_parameter',
        message: 'Not a parameter of the query',
      });
    }
  }
  for (const d of definitions) {
    let value = given[d.name];
    if (value === undefined || value === null || value === '') value = d.defaultValue ?? null;
    const field = `parameters.${d.name}`;
    if (value === null) {
      if (d.required) issues.push({ field, rule: 'required', message: `${d.label} is required` });
      values[d.name] = null;
      continue;
    }
    switch (d.type) {
      case 'DATE': {
        const relative = typeof value === 'string' ? RELATIVE_DAY.exec(value) : null;
        if (relative) value = localDate(now, timeZone, Number(relative[1] ?? 0));
        const ok =
          typeof value === 'string' &&
          DATE_PATTERN.test(value) &&
          !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
          new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
        if (!ok) issues.push({ field, rule: 'date', message: 'Must be a date (YYYY-MM-DD)' });
        break;
      }
      case 'DATE_TIME': {
        const relative = typeof value === 'string' ? RELATIVE_DAY.exec(value) : null;
        if (relative) value = new Date(now.getTime() + Number(relative[1] ?? 0) * 86_400_000).toISOString();
        const ok =
          typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
        if (!ok) issues.push({ field, rule: 'date_time', message: 'Must be a date and time (ISO 8601)' });
        break;
      }
      case 'INTEGER': {
        const number = typeof value === 'string' && /^-?\d{1,10}$/.test(value) ? Number(value) : value;
        if (typeof number !== 'number' || !Number.isInteger(number) || Math.abs(number) > 2147483647) {
          issues.push({ field, rule: 'integer', message: 'Must be a whole number' });
        } else value = number;
        break;
      }
      case 'BOOLEAN': {
        const bool = value === 'true' ? true : value === 'false' ? false : value;
        if (typeof bool !== 'boolean')
          issues.push({ field, rule: 'boolean', message: 'Must be true or false' });
        else value = bool;
        break;
      }
      case 'TEXT':
        if (typeof value !== 'string') issues.push({ field, rule: 'text', message: 'Must be text' });
        break;
    }
    values[d.name] = value;
  }
  return { values, issues };
}

/** A stable key of a run's parameters (the same values in any order give the same key). */
export const parametersKey = (values: Readonly<Record<string, unknown>>): string =>
  JSON.stringify(
    Object.keys(values)
      .sort()
      .map((k) => [k, values[k] ?? null]),
  );

/**
 * One CSV cell (RFC 4180). Text that a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) gets a leading apostrophe; numbers stay numbers.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A result as CSV: a header row, then one line per row (CRLF line ends, as RFC 4180 says). */
export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Who uses reports (decision 0282): the spec's roles table has no reporting permission; results hold PHI
 * (alerts per resident) and staff performance, so they are management's. Run reports and read results:
 * management at the community, an admin of its company, or provider support.
 */
export const canRunReports = (
  memberships: readonly OrgMembership[],
  facility: { id: string; enterpriseId: string },
): boolean => canEditFacilitySettings(memberships, facility);

/**
 * Write data sources and query definitions (SQL): a management-group admin of the community or of its
 * company, or provider support.
 */
export const canAuthorReports = (
  memberships: readonly OrgMembership[],
  facility: { id: string; enterpriseId: string },
): boolean =>
  isEnterpriseAdmin(memberships, facility.enterpriseId) ||
  memberships.some((m) => m.group === 'Management' && m.isAdmin && m.facilityId === facility.id);
