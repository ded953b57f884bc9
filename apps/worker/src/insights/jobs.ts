import type { CronItem, TaskList } from 'graphile-worker';
import type pg from 'pg';
import { withClient } from '../runtime/pools';
import { evaluateRules } from './evaluate-rules';

/** The job of one pass of the insights engine (docs/decisions/0290). */
export const EVALUATE_INSIGHT_RULES = 'evaluate-insight-rules';

/** On the job code's pool (decision 0492). */
export const insightTasks = (pool: pg.Pool): TaskList => ({
  [EVALUATE_INSIGHT_RULES]: async (_payload, helpers) => {
    const runs = await withClient(pool, (client) => evaluateRules(client));
    const raised = runs.reduce((n, r) => n + r.raised, 0);
    if (raised) helpers.logger.info(`insights: ${raised} raised by ${runs.length} rules`);
  },
});

/**
 * Hourly at minute 23 across all workers (the queue's cron runs each item once per match), none backfilled: a
 * facility's period ends at its own midnight, so each is evaluated within the hour after its week ends; the
 * runs between raise nothing new (one insight per rule, person and period).
 */
export const insightCronItems: CronItem[] = [
  { task: EVALUATE_INSIGHT_RULES, match: '23 * * * *', options: { backfillPeriod: 0, maxAttempts: 1 } },
];
