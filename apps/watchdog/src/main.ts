// The watchdog process (issue #29; decision 0510): `pnpm --filter @sage/watchdog start`.
// It uses nothing but the database and the text-message sender, so it speaks when the rest of the product cannot.
import { createPrisma } from '@sage/db';
import { createOutboxSmsTransport, createTwilioTransport } from '@sage/notify/sms';
import pino from 'pino';
import { loadWatchdogConfig, type WatchdogConfig, WatchdogConfigError } from './env';
import { DEV_SMS_SENDER, Watchdog } from './watchdog';

let config: WatchdogConfig;
try {
  config = loadWatchdogConfig();
} catch (error) {
  if (error instanceof WatchdogConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const log = pino({ level: config.LOG_LEVEL, name: 'watchdog' });
const probeTimeoutMs = config.WATCHDOG_PROBE_TIMEOUT_SECONDS * 1000;
const prisma = createPrisma(config.DATABASE_URL, {
  max: 2,
  connectionTimeoutMillis: probeTimeoutMs,
  applicationName: 'sage-watchdog',
});
const sms =
  config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN
    ? await createTwilioTransport(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN)
    : createOutboxSmsTransport(prisma);
const watchdog = new Watchdog({
  prisma,
  sms,
  log,
  apiUrl: config.WATCHDOG_API_URL,
  ingestUrl: config.WATCHDOG_INGEST_URL,
  probeTimeoutMs,
  intervalMs: config.WATCHDOG_CHECK_INTERVAL_SECONDS * 1000,
  defaultSender: config.TWILIO_FROM_NUMBER ?? DEV_SMS_SENDER,
  limits: {
    apiSeconds: config.WATCHDOG_API_AFTER_SECONDS,
    ingestSeconds: config.WATCHDOG_INGEST_AFTER_SECONDS,
    jobsSeconds: config.WATCHDOG_JOBS_AFTER_SECONDS,
    databaseSeconds: config.WATCHDOG_DATABASE_AFTER_SECONDS,
    gatewayMinutes: config.WATCHDOG_GATEWAY_AFTER_MINUTES,
  },
});
// A dropped database connection must not end the one process that reports it.
process.on('unhandledRejection', (reason) =>
  log.error({ err: reason }, 'watchdog: unhandled rejection; carrying on'),
);
watchdog.start();
log.info(
  {
    api: config.WATCHDOG_API_URL,
    ingest: config.WATCHDOG_INGEST_URL,
    everySeconds: config.WATCHDOG_CHECK_INTERVAL_SECONDS,
    transport: sms.kind,
  },
  'watchdog running',
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await watchdog.stop();
    await prisma.$disconnect().catch(() => {});
    if (watchdog.queuedTexts.length > 0) {
      log.error(
        { texts: watchdog.queuedTexts },
        'watchdog: stopping with texts still queued (never written)',
      );
    }
    process.exit(0);
  });
}
