import { careConfirmationJobKey, type DeviceQaExpiredPayload, JobName } from '@sage/db';
import type { JobHelpers, TaskList } from 'graphile-worker';
import type pg from 'pg';
import { z } from 'zod';
import { expireDeviceQaWalk } from './device-qa-expiry';
import { failCareConfirmation } from './fail-care-confirmation';

const ZCareConfirmationPayload = z.object({
  taskId: z.string().min(1),
  confirmingSince: z.iso.datetime({ offset: true }),
});

/** Job 'care-confirmation-timeout', queued by the API when a task enters OPEN_CONFIRMING (runs 30 s later). */
async function careConfirmationTimeout(
  pool: pg.Pool,
  rawPayload: unknown,
  helpers: JobHelpers,
): Promise<void> {
  const payload = ZCareConfirmationPayload.parse(rawPayload);
  const result = await failCareConfirmation(pool, payload);
  if (result.kind === 'NOT_YET') {
    // Ran before the limit (clock skew between hosts): check again when it is due.
    await helpers.addJob(JobName.careConfirmationTimeout, payload, {
      runAt: result.runAt,
      jobKey: careConfirmationJobKey(payload.taskId),
      maxAttempts: 5,
    });
  }
  helpers.logger.info(`care confirmation timeout: ${result.kind}`, { taskId: payload.taskId });
}

/**
 * The alerts' jobs (decision 0581's layout): the server-side care-confirmation limit, and the end of a device QA
 * walk (decision 0505). For the job runner's taskList (runtime/jobs.ts spreads them in).
 */
export const alertTasks = (pool: pg.Pool): TaskList => ({
  [JobName.careConfirmationTimeout]: (payload, helpers) => careConfirmationTimeout(pool, payload, helpers),
  [JobName.deviceQaExpired]: async (payload) => {
    await expireDeviceQaWalk(pool, payload as DeviceQaExpiredPayload);
  },
});
