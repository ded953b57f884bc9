/**
 * The save-time check of a report's SQL on the parsed query (decision 0500; the second wall of 0280): PostgreSQL's
 * own grammar (libpg-query, WebAssembly), so quoted names (`"set_config"`) and Unicode escapes
 * (`U&"\0070g_catalog"`) are compared as the server resolves them. Server-side only: imported as
 * `@sage/domain/report-sql`, never from the package's index (the web app must not load the parser).
 *
 * The text checked is the text the worker runs: its `:name` parameters bound as the worker binds them, wrapped as
 * the worker wraps it (`wrapReportQuery`). It must be exactly one SELECT (no INTO, no FOR UPDATE/SHARE, no
 * recursive WITH), reading only the reporting views (unqualified or `reporting.`) and its own WITH names, calling
 * no function with a schema and none that changes settings, sleeps, reads files, signals backends, uses sequences
 * or large objects, or runs other SQL text.
 */

import { loadModule, parseSync } from 'libpg-query';
import {
  bindNamedParameters,
  checkQueryText,
  type ParameterType,
  REPORTING_VIEWS,
  type SqlIssue,
  wrapReportQuery,
} from './tabular-records';

/** Functions a report may not call (names as the server resolves them, lower-cased). */
const FORBIDDEN_FUNCTION =
  /^(pg_|lo_|dblink|set_config$|current_setting$|nextval$|setval$|currval$|lastval$|txid_|query_to_|table_to_|schema_to_|database_to_|cursor_to_|xpath|ts_stat$|ts_rewrite$|binary_upgrade_|brin_|gin_clean_pending_list$|make_lo$)/;

/** Statements a report is not, by the parser's node names. */
const STATEMENT_WORDS: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

let loaded: Promise<void> | undefined;
/** Loads the parser (WebAssembly) once; every check awaits it. */
export const loadReportSqlParser = (): Promise<void> => {
  loaded ??= loadModule();
  return loaded;
};

function parse(text: string): { stmts?: { stmt?: Json }[] } | { error: string } {
  try {
    return parseSync(text) as { stmts?: { stmt?: Json }[] };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const names = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.map((item) => (isObject(item) && isObject(item.String) ? String(item.String.sval ?? '') : ''))
    : [];

class Walker {
  readonly issues: SqlIssue[] = [];
  private readonly seen = new Set<string>();

  private issue(key: string, rule: string, message: string): void {
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.issues.push({ rule, message });
  }

  /** A SELECT's body: its WITH names are visible to the rest of it (and to later WITH items only). */
  select(body: Json, scope: ReadonlySet<string>): void {
    let inner = new Set(scope);
    const withClause = body.withClause;
    if (isObject(withClause)) {
      if (withClause.recursive) {
        this.issue('recursive', 'no_recursion', 'WITH RECURSIVE is not allowed: a report must end');
      }
      for (const item of Array.isArray(withClause.ctes) ? withClause.ctes : []) {
        const cte = isObject(item) && isObject(item.CommonTableExpr) ? item.CommonTableExpr : null;
        if (!cte) continue;
        this.walk(cte.ctequery, withClause.recursive ? new Set([...inner, String(cte.ctename)]) : inner);
        inner = new Set([...inner, String(cte.ctename)]);
      }
    }
    if (body.intoClause) this.issue('w:into', 'read_only', 'INTO is not allowed: a report only reads');
    if (body.lockingClause) {
      this.issue('w:lock', 'read_only', 'FOR UPDATE / FOR SHARE is not allowed: a report only reads');
    }
    for (const [key, value] of Object.entries(body)) {
      if (key === 'withClause' || key === 'intoClause' || key === 'lockingClause') continue;
      if ((key === 'larg' || key === 'rarg') && isObject(value)) this.select(value, inner);
      else this.walk(value, inner);
    }
  }

  walk(value: unknown, scope: ReadonlySet<string>): void {
    if (Array.isArray(value)) {
      for (const item of value) this.walk(item, scope);
      return;
    }
    if (!isObject(value)) return;
    for (const [key, body] of Object.entries(value)) {
      if (!isObject(body) && !Array.isArray(body)) continue;
      if (key === 'SelectStmt' && isObject(body)) this.select(body, scope);
      else if (key.endsWith('Stmt')) {
        const word = STATEMENT_WORDS[key] ?? key.replace(/Stmt$/, '').toUpperCase();
        this.issue(`w:${word}`, 'read_only', `${word} is not allowed: a report only reads`);
      } else if (key === 'RangeVar' && isObject(body)) this.relation(body, scope);
      else if (key === 'FuncCall' && isObject(body)) {
        this.func(names(body.funcname), body.funcformat === 'COERCE_SQL_SYNTAX');
        this.walk(body, scope);
      } else if (key === 'A_Expr' && isObject(body)) {
        const op = names(body.name);
        if (op.length > 1) {
          this.issue(
            `o:${op.join('.')}`,
            'reporting_views_only',
            `The operator ${op.join('.')} is not allowed (write operators without a schema)`,
          );
        }
        this.walk(body, scope);
      } else if (key === 'ParamRef') {
        // Only the binder's own placeholders reach here (a written $1 is refused before parsing).
      } else this.walk(body, scope);
    }
  }

  private relation(rangeVar: Json, scope: ReadonlySet<string>): void {
    const schema = typeof rangeVar.schemaname === 'string' ? rangeVar.schemaname : null;
    const catalog = typeof rangeVar.catalogname === 'string' ? rangeVar.catalogname : null;
    const name = String(rangeVar.relname ?? '');
    const views = REPORTING_VIEWS as readonly string[];
    const ok = catalog
      ? false
      : schema
        ? schema === 'reporting' && views.includes(name)
        : scope.has(name) || views.includes(name);
    if (!ok) {
      const written = [catalog, schema, name].filter(Boolean).join('.');
      this.issue(
        `s:${written}`,
        'reporting_views_only',
        `Reports read the reporting views only (${REPORTING_VIEWS.join(', ')}), not ${written}`,
      );
    }
  }

  /** `sqlSyntax`: the grammar's own call for SQL syntax (EXTRACT, AT TIME ZONE, ...), which it names pg_catalog.x. */
  private func(parts: string[], sqlSyntax: boolean): void {
    const written = parts.join('.');
    if (sqlSyntax && parts.length === 2 && parts[0] === 'pg_catalog') parts = parts.slice(1);
    if (parts.length > 1) {
      this.issue(
        `f:${written}`,
        'forbidden_function',
        `The function ${written} is not allowed (write functions without a schema)`,
      );
      return;
    }
    const name = (parts[0] ?? '').toLowerCase();
    if (FORBIDDEN_FUNCTION.test(name)) {
      this.issue(`f:${name}`, 'forbidden_function', `The function ${name} is not allowed`);
    }
  }
}

/**
 * Whether the text is one read of the reporting views (decision 0500): the issues found (none: it may run).
 * `parameters` are the definition's declared parameters: each `:name` used must be one of them.
 */
export async function checkReportQuery(
  sql: string,
  parameters: readonly { name: string; type: ParameterType }[],
): Promise<SqlIssue[]> {
  const lexical = checkQueryText(
    sql,
    parameters.map((p) => p.name),
  );
  if (lexical.length) return lexical;
  await loadReportSqlParser();
  const bound = bindNamedParameters(sql, parameters, {}).text;
  const alone = parse(bound);
  if ('error' in alone) return [{ rule: 'syntax', message: `The query is not valid SQL: ${alone.error}` }];
  const statements = alone.stmts ?? [];
  if (statements.length === 0) return [{ rule: 'required', message: 'The query is empty' }];
  if (statements.length > 1) return [{ rule: 'single_statement', message: 'Only one statement is allowed' }];
  if (!isObject(statements[0]?.stmt?.SelectStmt)) {
    return [{ rule: 'select_only', message: 'Only a SELECT (or WITH ... SELECT) is allowed' }];
  }
  // What runs is the wrapped text: checked as a whole, so nothing in the query can reach past the wrapper.
  const wrapped = parse(wrapReportQuery(bound, 1));
  const outer = 'error' in wrapped ? [] : (wrapped.stmts ?? []);
  if ('error' in wrapped || outer.length !== 1 || !isObject(outer[0]?.stmt?.SelectStmt)) {
    return [{ rule: 'single_statement', message: 'The query must be one SELECT on its own' }];
  }
  const walker = new Walker();
  walker.walk(outer[0]!.stmt, new Set());
  return walker.issues;
}
