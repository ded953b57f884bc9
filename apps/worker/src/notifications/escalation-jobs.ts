import { ADD_JOBS_SQL, addJobsParams, type JobRow, type PrismaClient, queryPrepared } from '@sage/db';
import type { JobHelpers, TaskSpec } from 'graphile-worker';

/** A job the block runs of a batch queue, gathered and queued together in one statement (queueJobs). */
export type QueuedJob = JobRow;

/**
 * Jobs queued in one add_jobs call (decision 0433; same key mode as helpers.addJob, replace). graphile-worker
 * 0.17.3's `add_jobs` sends its `jobs:insert` NOTIFY for every call, a key replacing a pending job included, so the
 * waker (runtime/due-job-waker.ts) sees a run brought forward with no NOTIFY of ours (decision 0484).
 */
export async function queueJobs(prisma: PrismaClient, jobs: readonly QueuedJob[]): Promise<void> {
  if (!jobs.length) return;
  await queryPrepared(prisma, ADD_JOBS_SQL, addJobsParams(jobs));
}

/** Helpers whose addJob gathers the jobs into `into` (queued later by queueJobs) instead of queueing each. */
export function gatheringHelpers(
  helpers: Pick<JobHelpers, 'addJob' | 'logger'>,
  into: QueuedJob[],
): Pick<JobHelpers, 'addJob' | 'logger'> {
  return {
    logger: helpers.logger,
    addJob: ((identifier: string, payload: unknown, spec?: TaskSpec) => {
      into.push({
        identifier,
        payload,
        runAt: spec?.runAt ?? new Date(),
        jobKey: spec?.jobKey ?? null,
        priority: spec?.priority ?? 0,
        maxAttempts: spec?.maxAttempts ?? 25,
      });
      return Promise.resolve(null as never);
    }) as JobHelpers['addJob'],
  };
}

/** `fn` over `items`, at most `limit` at a time, each outcome settled on its own. */
export async function settleLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const outcomes: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const k = next++;
      try {
        outcomes[k] = { status: 'fulfilled', value: await fn(items[k]!) };
      } catch (reason) {
        outcomes[k] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return outcomes;
}
