/**
 * The statements of a benchmark's window from pg_stat_statements, per press (decision 0800): only where the server
 * loads it (`shared_preload_libraries`; a private server, as decisions 0650 and 0720 used, not the shared one).
 * With `pg_stat_statements.track = all` the statements run inside functions and triggers (graphile-worker's
 * `add_jobs`, the foreign-key checks) are counted too, beside the top-level statement that ran them: the total
 * is of top-level statements only.
 */
import type { PrismaClient } from '@sage/db';

export interface StatementRow {
  calls: number;
  execMs: number;
  hits: number;
  rows: number;
  toplevel: boolean;
  query: string;
}

/** Creates the extension in the run database and zeroes its counts; false where the server does not load it. */
export async function resetStatements(prisma: PrismaClient): Promise<boolean> {
  try {
    await prisma.$executeRawUnsafe('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await prisma.$queryRawUnsafe('SELECT pg_stat_statements_reset()::text');
    return true;
  } catch {
    return false;
  }
}

/** The run database's statements since the reset, the benchmark's own reads and its analyze left out. */
export async function statementsOfRun(prisma: PrismaClient): Promise<StatementRow[]> {
  const rows = await prisma.$queryRawUnsafe<
    { calls: string; exec: number; hits: string; rows: string; toplevel: boolean; query: string }[]
  >(
    `SELECT calls::text, total_exec_time AS exec, shared_blks_hit::text AS hits, rows::text, toplevel,
            regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND query NOT ILIKE '%pg_stat%' AND query NOT ILIKE 'ANALYZE%' AND query NOT LIKE '%bench_%'
        AND query NOT LIKE 'SELECT count(*) AS n FROM "DeviceEvent"%'
      ORDER BY total_exec_time DESC`,
  );
  return rows.map((r) => ({
    calls: Number(r.calls),
    execMs: r.exec,
    hits: Number(r.hits),
    rows: Number(r.rows),
    toplevel: r.toplevel,
    query: r.query,
  }));
}

/** The top statements per `unit` (a press, a heartbeat) over `count` of them. */
export function printStatements(rows: StatementRow[], count: number, top = 15, unit = 'press'): void {
  const top1 = rows.filter((r) => r.toplevel);
  const sum = (list: StatementRow[], f: (r: StatementRow) => number) => list.reduce((s, r) => s + f(r), 0);
  const per = (n: number) => n / count;
  const checks = rows.filter((r) => r.query.includes('FOR KEY SHARE OF x'));
  console.log(
    `statements          per ${unit}: ${per(sum(top1, (r) => r.calls)).toFixed(2)} top-level calls, ` +
      `${per(sum(top1, (r) => r.execMs)).toFixed(3)} ms executing, ${per(sum(top1, (r) => r.hits)).toFixed(0)} buffer hits; ` +
      `foreign-key checks ${per(sum(checks, (r) => r.calls)).toFixed(2)} (pg_stat_statements)`,
  );
  for (const r of rows.slice(0, top)) {
    console.log(
      `  ${per(r.calls).toFixed(2).padStart(6)} calls ${per(r.execMs).toFixed(3).padStart(7)} ms ` +
        `${per(r.hits).toFixed(0).padStart(4)} hits ${r.toplevel ? ' ' : '^'} ${r.query.slice(0, 150)}`,
    );
  }
  console.log('  (^: run inside another statement: a function, a trigger, a foreign-key check)');
}
