import type { PrismaClient } from '@sage/db';
import type { SmsTransport } from '@sage/notify/sms';
import type { Config } from '../../env';
import type { Mailer } from './email/mailer';
import type { SessionRegistry } from './sessions/registry';

/** What the sign-in services need; tests pass their own clock and transports (never their own database). */
export interface SigninDeps {
  prisma: PrismaClient;
  config: Config;
  sms: SmsTransport;
  mailer: Mailer;
  now: () => Date;
  /** This process's session cache: ended sessions are dropped from it at once (the others hear it on the bus). */
  sessions?: SessionRegistry;
}
