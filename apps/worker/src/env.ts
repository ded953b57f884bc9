import { WORKER_DEFAULT_PORT } from '@sage/contract';
import {
  DEFAULT_RECORDS_RETENTION_YEARS,
  MAX_RECORDS_RETENTION_YEARS,
  MIN_RECORDS_RETENTION_YEARS,
  RECORDS_RETENTION_REFUSED,
} from '@sage/db';
import { parseEnv, refuseOutboxInProduction, SHARED_ENV_FIELDS } from '@sage/service-kit/env';
import { z } from 'zod';

// The worker's environment, read and validated here only (the variables it shares with the API are
// defined once, in @sage/service-kit/env).
export const ZWorkerConfig = z
  .object({
    ...SHARED_ENV_FIELDS,
    INGEST_PORT: z.coerce.number().int().min(0).max(65535).default(WORKER_DEFAULT_PORT),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
    /**
     * Job slots of the timed jobs (escalation blocks, care-confirmation limits…), apart from the rest (0458): also
     * the largest batch of block runs (0430). A slot holds no connection while its job waits for its batch.
     */
    WORKER_TIMER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(32),
    /** Seconds a block's pushes have to be reported SHOWN before the next block runs (decision 0144; 30). */
    PUSH_SHOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
    /** The API's text status callback, public URL (…/messageorchestration/api/v1/messages/sms/status); decision 0144. */
    SMS_STATUS_CALLBACK_URL: z.url().optional(),
    /**
     * The job process's CPU priority, a nice value (decision 0495; default 10, 0 keeps the default priority): it yields
     * the cores to the ingest and the API when they compete. Only the job process of its own (jobs-main.ts) takes it.
     */
    WORKER_JOBS_NICE: z.coerce.number().int().min(0).max(19).default(10),
    /**
     * Reports log in as the role sage_report_reader (decision 0500): this connection string, else DATABASE_URL with
     * that user and REPORTS_DATABASE_PASSWORD. A report never runs on another connection.
     */
    REPORTS_DATABASE_URL: z
      .string()
      .regex(
        /^postgres(ql)?:\/\/\S+$/,
        'must be a postgresql:// URL (several hosts separated by commas allowed)',
      )
      .optional(),
    REPORTS_DATABASE_PASSWORD: z.string().min(1).optional(),
    /** The insights engine's hourly pass (decision 0290); 'off' in the browser tests' stack. */
    INSIGHTS_ENGINE: z.enum(['on', 'off']).default('on'),
    /**
     * Years the audit log and task history are kept before the daily purge deletes them (decision 0518): at least 6
     * (HIPAA 164.316(b)(2)(i)); fewer stops the process with a message naming the variable.
     */
    RECORDS_RETENTION_YEARS: z.coerce
      .number()
      .int('must be a whole number of years')
      .min(MIN_RECORDS_RETENTION_YEARS, RECORDS_RETENTION_REFUSED)
      .max(MAX_RECORDS_RETENTION_YEARS)
      .default(DEFAULT_RECORDS_RETENTION_YEARS),
  })
  .superRefine(refuseOutboxInProduction);
export type WorkerConfig = z.infer<typeof ZWorkerConfig>;

export class WorkerConfigError extends Error {}

export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): WorkerConfig {
  return parseEnv(ZWorkerConfig, env, WorkerConfigError);
}
