import type { PrismaClient } from '@sage/db';
import { createOutboxSmsTransport, createTwilioTransport, type SmsTransport } from '@sage/notify/sms';
import type { Config } from '../../env';
import { usesOutbox } from '../../env';
import type { SigninDeps } from './deps';
import { createOutboxMailer, createSmtpMailer, type Mailer, unavailableMailer } from './email/mailer';
import type { SessionRegistry } from './sessions/registry';

/** Whether sign-in emails go to the local outbox (no SMTP_URL, outside production). */
export function usesMailOutbox(config: Config): boolean {
  return !config.SMTP_URL && config.NODE_ENV !== 'production';
}

export async function createSmsTransport(prisma: PrismaClient, config: Config): Promise<SmsTransport> {
  if (!usesOutbox(config) && config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN) {
    return createTwilioTransport(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN);
  }
  return createOutboxSmsTransport(prisma);
}

export async function createMailer(prisma: PrismaClient, config: Config): Promise<Mailer> {
  if (config.SMTP_URL) return createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return usesMailOutbox(config) ? createOutboxMailer(prisma, config.MAIL_FROM) : unavailableMailer;
}

/** The sign-in services' dependencies for the running app (real clock). */
export async function createSigninDeps(
  prisma: PrismaClient,
  config: Config,
  sessions?: SessionRegistry,
): Promise<SigninDeps> {
  return {
    prisma,
    config,
    sessions,
    sms: await createSmsTransport(prisma, config),
    mailer: await createMailer(prisma, config),
    now: () => new Date(),
  };
}
