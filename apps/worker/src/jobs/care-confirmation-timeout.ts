import { careConfirmationJobKey, JobName } from '@sage/db';
import type { JobHelpers } from 'graphile-worker';
import type pg from 'pg';
import { z } from 'zod';
import { failCareConfirmation } from '../alerts/fail-care-confirmation';

const ZPayload = z.object({ taskId: z.string().min(1), confirmingSince: z.iso.datetime({ offset: true }) });

/** Job 'care-confirmation-timeout', queued by the API when a task enters OPEN_CONFIRMING (runs 30 s later). */
export async function careConfirmationTimeout(
  pool: pg.Pool,
  rawPayload: unknown,
  helpers: JobHelpers,
): Promise<void> {
  const payload = ZPayload.parse(rawPayload);
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
