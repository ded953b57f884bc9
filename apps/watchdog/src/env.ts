import { GATEWAY_SUPERVISION_INTERVAL_MIN } from '@sage/contract';
import { optionalText, parseEnv, refuseOutboxInProduction, SHARED_ENV_FIELDS } from '@sage/service-kit/env';
import { z } from 'zod';

const httpUrl = (example: string) =>
  z.url({ protocol: /^https?$/, error: `must be an http:// or https:// URL (e.g. ${example})` });
const seconds = (fallback: number) => z.coerce.number().int().min(1).max(3600).default(fallback);

/** The watchdog's environment (README.md, decision 0510): what it checks, how often, and how it texts. */
export const ZWatchdogConfig = z
  .object({
    NODE_ENV: SHARED_ENV_FIELDS.NODE_ENV,
    LOG_LEVEL: SHARED_ENV_FIELDS.LOG_LEVEL,
    DATABASE_URL: SHARED_ENV_FIELDS.DATABASE_URL,
    TWILIO_ACCOUNT_SID: SHARED_ENV_FIELDS.TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: SHARED_ENV_FIELDS.TWILIO_AUTH_TOKEN,
    /** Sender of the texts when a community has no alerts number of its own. */
    TWILIO_FROM_NUMBER: optionalText,
    /** The API's base URL; its /healthz is checked. */
    WATCHDOG_API_URL: httpUrl('http://127.0.0.1:3000').default('http://127.0.0.1:3000'),
    /** The device ingest's base URL; its /healthz is checked. */
    WATCHDOG_INGEST_URL: httpUrl('http://127.0.0.1:3001').default('http://127.0.0.1:3001'),
    /** Seconds between two rounds of checks. */
    WATCHDOG_CHECK_INTERVAL_SECONDS: seconds(5),
    /** Seconds a check may take (an HTTP answer, a database connection) before it counts as failed. */
    WATCHDOG_PROBE_TIMEOUT_SECONDS: seconds(3),
    /** Seconds each fault must last before it is texted (issue #29: 30 s). */
    WATCHDOG_INGEST_AFTER_SECONDS: seconds(30),
    WATCHDOG_API_AFTER_SECONDS: seconds(30),
    WATCHDOG_JOBS_AFTER_SECONDS: seconds(30),
    WATCHDOG_DATABASE_AFTER_SECONDS: seconds(30),
    /** Minutes a gateway may be silent (device supervision's interval, decision 0105: 15). */
    WATCHDOG_GATEWAY_AFTER_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1440)
      .default(GATEWAY_SUPERVISION_INTERVAL_MIN),
  })
  .superRefine(refuseOutboxInProduction);
export type WatchdogConfig = z.infer<typeof ZWatchdogConfig>;

export class WatchdogConfigError extends Error {}

export function loadWatchdogConfig(env: Record<string, string | undefined> = process.env): WatchdogConfig {
  return parseEnv(ZWatchdogConfig, env, WatchdogConfigError);
}
