import { z } from 'zod';

/** An optional value where an empty string (compose passes unset variables as '') counts as unset. */
export const optionalText = z
  .string()
  .optional()
  .transform((v) => v || undefined);

/**
 * A postgresql:// URL with one host or several (libpq's `postgresql://h1:5432,h2:5432/sage?target_session_attrs=…`;
 * decision 0520). @sage/db/hosts reads it; this only checks its shape, so the error names the variable.
 */
const POSTGRES_URL =
  /^postgres(ql)?:\/\/(?:[^@/?#]*@)?(?:\[[0-9a-fA-F:.]+\]|[^,:/?#@[\]]*)(?::\d{1,5})?(?:,(?:\[[0-9a-fA-F:.]+\]|[^,:/?#@[\]]*)(?::\d{1,5})?)*(?:\/[^?#]*)?(?:\?[^#]*)?$/;
const POSTGRES_URL_RULE = 'must be a postgresql:// URL (several hosts separated by commas allowed)';
const postgresUrl = z.string({ error: POSTGRES_URL_RULE }).regex(POSTGRES_URL, POSTGRES_URL_RULE);

/** Variables the API and the worker read alike (the API's and the worker's env.ts). */
export const SHARED_ENV_FIELDS = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: postgresUrl,
  /**
   * Where reports, insights and response-time figures may read (a replica; decision 0521). Unset: DATABASE_URL. The
   * alert path never reads it (`readDatabaseUrl` is its only way in).
   */
  READ_DATABASE_URL: z
    .union([z.literal(''), postgresUrl])
    .optional()
    .transform((v) => v || undefined),
  /**
   * The live bus (decision 0400): unset, Postgres LISTEN/NOTIFY on DATABASE_URL; a nats:// URL, NATS. Every API
   * and worker process of one database must be given the same value.
   */
  LIVE_BUS_URL: z
    .union([
      z.literal(''),
      z.url({
        protocol: /^nats$/,
        error: 'must be a nats:// URL (e.g. nats://127.0.0.1:4222), or unset for Postgres LISTEN/NOTIFY',
      }),
    ])
    .optional()
    .transform((v) => v || undefined),
  /** Web push (VAPID) key pair; generated once and stored in the database when not given (decision 0061). */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: z
    .union([z.literal(''), z.string().regex(/^(mailto:|https:)/, 'must be a mailto: or https: address')])
    .optional()
    .transform((v) => v || undefined),
  /** Text messages go through Twilio when both are set, else the local outbox. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
};

/** ARCHITECTURE.md, 'Sign-in contract': the local text-message outbox is refused in production. */
export function refuseOutboxInProduction(
  c: { NODE_ENV: string; TWILIO_ACCOUNT_SID?: string; TWILIO_AUTH_TOKEN?: string },
  ctx: z.RefinementCtx,
): void {
  if (c.NODE_ENV === 'production' && !(c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN)) {
    ctx.addIssue({
      code: 'custom',
      path: ['TWILIO_ACCOUNT_SID'],
      message:
        'the local text-message outbox is refused in production: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN',
    });
  }
}

/** Parses the environment with `schema`; the error names each bad variable and what it must be. */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
  ErrorClass: new (message: string) => Error,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ErrorClass(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * The URL of the read path (reports, insights, response-time figures, the tabular-record executor): READ_DATABASE_URL,
 * else the primary's. Pools made from it must be `role: 'read'` (@sage/db/hosts); the alert path uses DATABASE_URL
 * only, through pools that refuse a server in recovery (decision 0521).
 */
export function readDatabaseUrl(c: { DATABASE_URL: string; READ_DATABASE_URL?: string }): string {
  return c.READ_DATABASE_URL ?? c.DATABASE_URL;
}
