import type { PrismaClient } from '@sage/db';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where sign-in emails go: SMTP (nodemailer) when SMTP_URL is set, else the local outbox (not in production). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox' | 'unavailable';
  send(message: EmailMessage): Promise<void>;
}

export async function createSmtpMailer(smtpUrl: string, from: string): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

export function createOutboxMailer(prisma: PrismaClient, from: string): Mailer {
  return {
    kind: 'outbox',
    async send({ to, subject, text }) {
      await prisma.outboxMessage.create({ data: { channel: 'EMAIL', to, from, subject, body: text } });
    },
  };
}

/** Production without SMTP_URL: email sign-in is switched off (the outbox is never used in production). */
export const unavailableMailer: Mailer = {
  kind: 'unavailable',
  async send() {
    throw new Error('Email sign-in is not configured (SMTP_URL)');
  },
};
