import type { Prisma } from './generated/prisma/client';

/**
 * The job queue (graphile-worker) is shared by the API and the worker: anyone may queue a job inside
 * their own transaction (so it exists exactly when the change that needs it commits); the worker runs it.
 * Job names and payloads are defined here, once.
 */
export const JobName = {
  processDeviceEvent: 'process-device-event',
  careConfirmationTimeout: 'care-confirmation-timeout',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** The server-side care-confirmation limit (alerts doc section 9: 30 s / 30000 ms). */
export const CARE_CONFIRMATION_TIMEOUT_MS = 30_000;

export interface CareConfirmationTimeoutPayload {
  taskId: string;
  /** ISO time the task entered OPEN_CONFIRMING; the job does nothing if the task has moved on since. */
  confirmingSince: string;
}

/** The job key of a task's care-confirmation timeout (one per task; removed once care is confirmed). */
export const careConfirmationJobKey = (taskId: string): string => `care-confirmation:${taskId}`;

/**
 * Queues the 30 s check for a task that just entered OPEN_CONFIRMING (replacing an earlier one for the
 * same task). Call inside the transaction that set `confirmingSince`.
 */
export async function scheduleCareConfirmationTimeout(
  tx: Prisma.TransactionClient,
  payload: CareConfirmationTimeoutPayload,
): Promise<void> {
  const runAt = new Date(new Date(payload.confirmingSince).getTime() + CARE_CONFIRMATION_TIMEOUT_MS);
  await tx.$executeRawUnsafe(
    `SELECT graphile_worker.add_job($1, $2::json, run_at := $3::timestamptz, job_key := $4, max_attempts := 5)`,
    JobName.careConfirmationTimeout,
    JSON.stringify(payload),
    runAt.toISOString(),
    careConfirmationJobKey(payload.taskId),
  );
}
