import { notificationJobPriorityForSeverityValue } from '@sage/contract';
import type pg from 'pg';
import type { Prisma } from './generated/prisma/client';

/**
 * The job queue (graphile-worker) is shared by the API and the worker: anyone may queue a job inside
 * their own transaction (so it exists exactly when the change that needs it commits); the worker runs it.
 * Job names and payloads are defined here, once.
 */
export const JobName = {
  processDeviceEvent: 'process-device-event',
  careConfirmationTimeout: 'care-confirmation-timeout',
  /** A new task: start its facility's ALERT notification policy (docs/decisions/0060). */
  startTaskNotifications: 'start-task-notifications',
  /** One run of one block of a task's notification escalation. */
  runNotificationBlock: 'run-notification-block',
  /** A block's pushes must be reported SHOWN by now, else the next block runs at once (decision 0144). */
  checkMissedAlert: 'check-missed-alert',
  /** The provider reported a text of an escalation failed after sending it: the next block runs (decision 0144). */
  textFailed: 'text-failed',
  /** Hourly (cron): TaskChange rows past their retention are deleted (decision 0033). */
  pruneTaskChanges: 'prune-task-changes',
  /** A device QA walk's end time: marked EXPIRED, its banner cleared live (docs/decisions/0505). */
  deviceQaExpired: 'device-qa-expired',
  /** A claimed task with no bedside confirmation by the facility's setting: re-alert, next step (decision 0515). */
  unconfirmedClaim: 'unconfirmed-claim',
  /** Daily (cron): task history and audit rows older than RECORDS_RETENTION_YEARS are deleted (decision 0518). */
  purgePastRetention: 'purge-past-retention',
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

export interface DeviceQaExpiredPayload {
  facilityId: string;
  deviceQaSessionId: string;
}

/**
 * Queues the end of a device QA walk at its end time (docs/decisions/0505): the worker marks it EXPIRED and tells
 * every screen of the facility, so the caregivers' banner goes away even where no client counts down. Call inside
 * the transaction that starts the walk. A walk ended before then leaves the job nothing to do.
 */
export async function scheduleDeviceQaExpiry(
  tx: Prisma.TransactionClient,
  payload: DeviceQaExpiredPayload,
  expiresAt: Date,
): Promise<void> {
  await tx.$executeRawUnsafe(
    `SELECT graphile_worker.add_job($1, $2::json, run_at := $3::timestamptz, job_key := $4, max_attempts := 5)`,
    JobName.deviceQaExpired,
    JSON.stringify(payload),
    expiresAt.toISOString(),
    `device-qa-expired:${payload.deviceQaSessionId}`,
  );
}

export interface StartTaskNotificationsPayload {
  taskId: string;
  facilityId: string;
}

export interface RunNotificationBlockPayload {
  /** The NotificationContext (the task's running escalation, with the policy's blocks as they were). */
  contextId: string;
  /** Index of the block in the context's snapshot. */
  blockIndex: number;
  /** 0 for the first run; recurring blocks count up. */
  run: number;
}

export interface CheckMissedAlertPayload {
  contextId: string;
  /** The block whose run sent the message. */
  blockIndex: number;
  messageRid: string;
}

export interface TextFailedPayload {
  contextId: string;
  blockIndex: number;
  messageRid: string;
  /** What the provider said, for the record. */
  detail: string;
}

/** Queues the escalation step of a text the provider reported failed (one per delivery). */
export async function scheduleTextFailed(
  tx: Prisma.TransactionClient,
  messageSentRid: string,
  payload: TextFailedPayload,
): Promise<void> {
  await tx.$executeRawUnsafe(
    `SELECT graphile_worker.add_job($1, $2::json, job_key := $3, max_attempts := 3, priority := -3)`,
    JobName.textFailed,
    JSON.stringify(payload),
    `text-failed:${messageSentRid}`,
  );
}

/** One missed-alert check per message. */
export const missedAlertJobKey = (messageRid: string): string => `missed-alert:${messageRid}`;

/** One escalation start per task. */
export const taskNotificationsJobKey = (taskId: string): string => `notify-start:${taskId}`;
/** One pending run per block of an escalation. */
export const notificationBlockJobKey = (contextId: string, blockIndex: number): string =>
  `notify-block:${contextId}:${blockIndex}`;

const START_NOTIFICATIONS_SQL =
  'SELECT graphile_worker.add_job($1, $2::json, job_key := $3, max_attempts := 5, priority := $4)';

/**
 * Queues the start of a new task's notification escalation (the facility's ALERT policy). Call inside the
 * transaction that creates the task, so the job exists exactly when the task commits. Works with a Prisma
 * interactive transaction or a raw `pg` client (the ingest path). `severityRank` (the severity value) sets
 * the job's priority: emergency-type tasks ahead of everything queued (notificationJobPriorityForSeverityValue).
 */
export async function scheduleTaskNotifications(
  tx: Prisma.TransactionClient | pg.ClientBase,
  payload: StartTaskNotificationsPayload & { severityRank?: number },
): Promise<void> {
  const args = [
    JobName.startTaskNotifications,
    JSON.stringify({ taskId: payload.taskId, facilityId: payload.facilityId }),
    taskNotificationsJobKey(payload.taskId),
    notificationJobPriorityForSeverityValue(payload.severityRank ?? 100),
  ];
  if ('$executeRawUnsafe' in tx) await tx.$executeRawUnsafe(START_NOTIFICATIONS_SQL, ...args);
  else await tx.query(START_NOTIFICATIONS_SQL, args);
}

/**
 * Many jobs queued in ONE call of graphile-worker's `add_jobs` (decision 0433). Calling `add_job` once per
 * row (a LATERAL join) costs a plan and a scan of the job table per job: 1.9 ms each with 20,000 jobs
 * waiting, against 4.7 ms for 200 jobs in one `add_jobs`. Same semantics as `add_job`'s default key mode
 * ('replace'); a key given twice in one call keeps its last row, as two `add_job` calls in a row would
 * (`add_jobs` itself refuses a key twice). Parameters, one array each, row by row: $1 identifiers, $2
 * payloads (JSON text), $3 run-at times (ISO text, null for now), $4 job keys (null for none), $5 priorities,
 * $6 max attempts. Returns the number of jobs queued or replaced.
 */
export const ADD_JOBS_SQL = `SELECT count(*)::int AS n FROM graphile_worker.add_jobs(ARRAY(
  SELECT ROW(j.identifier, j.payload::json, NULL, j."runAt"::timestamptz, j."maxAttempts"::smallint, j.key,
             j.priority::smallint, NULL)::graphile_worker.job_spec
    FROM (SELECT DISTINCT ON (u.key, CASE WHEN u.key IS NULL THEN u.n END) u.*
            FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[])
                 WITH ORDINALITY AS u(identifier, payload, "runAt", key, priority, "maxAttempts", n)
           ORDER BY u.key, CASE WHEN u.key IS NULL THEN u.n END, u.n DESC) j
   ORDER BY j.n))`;

/** One row of ADD_JOBS_SQL. */
export interface JobRow {
  identifier: string;
  payload: unknown;
  /** Null: due now. */
  runAt: Date | null;
  jobKey: string | null;
  priority: number;
  maxAttempts: number;
}

/** ADD_JOBS_SQL's parameters for these rows. */
export const addJobsParams = (rows: readonly JobRow[]): unknown[] => [
  rows.map((r) => r.identifier),
  rows.map((r) => JSON.stringify(r.payload)),
  rows.map((r) => r.runAt?.toISOString() ?? null),
  rows.map((r) => r.jobKey),
  rows.map((r) => r.priority),
  rows.map((r) => r.maxAttempts),
];

export interface UnconfirmedClaimPayload {
  taskId: string;
  facilityId: string;
  /** Who claimed it: a later claim by someone else replaces the job (same key), a release makes it do nothing. */
  assigneeId: string;
  /** ISO time of the claim. */
  claimedAt: string;
  /** Rounds already run (0 for the first reminder): each round runs the next escalation step. */
  round?: number;
  /** The escalation step the round runs (set by the round before; the first round works it out). */
  nextBlock?: number;
}

/** One pending claimed-not-confirmed reminder per task (decision 0515): a new claim replaces it. */
export const unconfirmedClaimJobKey = (taskId: string): string => `unconfirmed-claim:${taskId}`;

const UNCONFIRMED_CLAIM_SQL = `SELECT graphile_worker.add_job($1, $2::json,
    run_at := $3::timestamptz + make_interval(mins => (SELECT f."unconfirmedClaimReminderMinutes" FROM "Facility" f WHERE f.id = $4)),
    job_key := $5, max_attempts := 5, priority := $6)`;

/**
 * Queues the claimed-not-confirmed reminder of a task just claimed (or assigned) by `assigneeId`, due the
 * facility's `unconfirmedClaimReminderMinutes` after the claim (decision 0515). Call inside the transaction of the
 * claim: one statement, the setting read in it. Replaces the task's earlier reminder (re-claim moves the timer).
 */
export async function scheduleUnconfirmedClaimReminder(
  tx: Prisma.TransactionClient,
  payload: UnconfirmedClaimPayload & { severityRank: number },
): Promise<void> {
  const { severityRank, ...job } = payload;
  await tx.$executeRawUnsafe(
    UNCONFIRMED_CLAIM_SQL,
    JobName.unconfirmedClaim,
    JSON.stringify(job),
    job.claimedAt,
    job.facilityId,
    unconfirmedClaimJobKey(job.taskId),
    notificationJobPriorityForSeverityValue(severityRank),
  );
}
