import { createHash } from 'node:crypto';
import type pg from 'pg';

const statementNames = new Map<string, string>();

/**
 * The name of the prepared statement of `text`: derived from the text, so the same text is the same statement on
 * every connection and two texts never share a name (decision 0390). Remembered for up to 1,000 texts.
 */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `sage_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 1_000) statementNames.set(text, name);
  }
  return name;
}

/**
 * Session options (a `pg` pool's `options`) under which every prepared statement keeps one generic plan, made at
 * its first run on the connection: the ingest's sessions (decision 0489) and the job queue's (decision 0492).
 */
export const GENERIC_PLANS_SESSION_OPTIONS = '-c plan_cache_mode=force_generic_plan';

/**
 * `text` as a named (prepared) statement for `pg`'s `query`: each connection parses and plans it once, and may keep
 * a generic plan where PostgreSQL finds it as good (decisions 0390, 0489).
 */
export const prepared = (text: string, values: unknown[]): pg.QueryConfig => ({
  name: statementName(text),
  text,
  values,
});

/**
 * What runs a named statement: a `pg` client or pool, or a caller that orders the statements it is given (the
 * ingest's batch, apps/worker/src/device-events/batch.ts).
 */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    statement: pg.QueryConfig,
  ): Promise<pg.QueryResult<R>>;
}
