import { WORKER_DEFAULT_PORT } from '@sage/contract';
import { z } from 'zod';

/** An optional value where an empty string (compose passes unset variables as '') counts as unset. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => v || undefined);

// The worker's environment, read and validated here only.
export const ZWorkerConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    INGEST_PORT: z.coerce.number().int().min(0).max(65535).default(WORKER_DEFAULT_PORT),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgresql:// URL' }),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
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
  })
  .superRefine((c, ctx) => {
    // As the API (ARCHITECTURE.md): alert text messages must not land in a local outbox in production.
    if (c.NODE_ENV === 'production' && !(c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_ACCOUNT_SID'],
        message:
          'the local text-message outbox is refused in production: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN',
      });
    }
  });
export type WorkerConfig = z.infer<typeof ZWorkerConfig>;

export class WorkerConfigError extends Error {}

export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): WorkerConfig {
  const result = ZWorkerConfig.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new WorkerConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
