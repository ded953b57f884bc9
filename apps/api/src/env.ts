import path from 'node:path';
import { optionalText, parseEnv, refuseOutboxInProduction, SHARED_ENV_FIELDS } from '@sage/service-kit/env';
import { z } from 'zod';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const DEV_JWT_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

// The environment is read and validated here only; the rest of the API receives a Config.
// The variables shared with the worker, and how both parse them, live in @sage/service-kit/env.
export { parseEnv, refuseOutboxInProduction, SHARED_ENV_FIELDS } from '@sage/service-kit/env';

export const ZConfig = z
  .object({
    ...SHARED_ENV_FIELDS,
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_JWT_SECRET),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
    REFRESH_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(30 * 86_400),
    PUBLIC_URL: z.url().optional(),
    /** Set when behind a reverse proxy (`true`, or the proxies' addresses), so client addresses come from X-Forwarded-For. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v): boolean | string =>
        v === undefined || v === '' || v === 'false' ? false : v === 'true' ? true : v,
      ),
    WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    TWILIO_FROM_NUMBER: z.string().optional(),
    /**
     * With the local outbox (no Twilio), the inbound text-message webhook checks Twilio's signature with this
     * token instead of TWILIO_AUTH_TOKEN (decision 0062). Never used in production (the outbox is refused there).
     */
    SMS_WEBHOOK_DEV_TOKEN: z.string().min(16).default('dev-sms-webhook-token-0123456789'),
    SMTP_URL: z.string().optional(),
    /** Sender of sign-in emails. */
    MAIL_FROM: z.string().default('Sage Care <no-reply@sagecare.app>'),
    /** Extra registered redirect addresses of the hosted email sign-in page (comma-separated URLs). */
    AUTH_REDIRECT_URIS: z.string().optional(),
    /**
     * Origins (scheme://host[:port], comma-separated) whose pages may call the API from the browser (CORS).
     * None by default: the web app is served by the API itself (same origin) and needs no grant (decision 0133).
     */
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((v, ctx): string[] => {
        const origins: string[] = [];
        for (const item of (v ?? '')
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)) {
          let url: URL | null = null;
          try {
            url = new URL(item);
          } catch {
            url = null;
          }
          if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
            ctx.addIssue({
              code: 'custom',
              message: `${item} is not an origin (scheme://host[:port], no path)`,
            });
            continue;
          }
          origins.push(url.origin);
        }
        return origins;
      }),
    /** Sign-in codes asked for from one client address per 10 minutes (passwordless start, email page). */
    SIGNIN_MAX_STARTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    /** Sign-in codes sent to one staff member per hour (besides the 30 s resend wait). */
    SIGNIN_MAX_CODES_PER_HOUR: z.coerce.number().int().min(1).default(10),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.JWT_SECRET === DEV_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'must be set in production' });
    }
    refuseOutboxInProduction(c, ctx);
  });

export type Config = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/** Validates the environment; the error names each bad variable and what it must be. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return parseEnv(ZConfig, env, ConfigError);
}

/** Whether text messages go to the local outbox (no Twilio credentials). */
export function usesOutbox(config: Config): boolean {
  return !(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN);
}
