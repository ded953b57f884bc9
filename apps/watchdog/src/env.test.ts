import { describe, expect, it } from 'vitest';
import { loadWatchdogConfig } from './env';

const DATABASE_URL = 'postgresql://sage@127.0.0.1:5432/sage';

describe("the watchdog's environment", () => {
  it('has defaults for everything but the database', () => {
    const config = loadWatchdogConfig({ DATABASE_URL });
    expect(config).toMatchObject({
      WATCHDOG_API_URL: 'http://127.0.0.1:3000',
      WATCHDOG_INGEST_URL: 'http://127.0.0.1:3001',
      WATCHDOG_CHECK_INTERVAL_SECONDS: 5,
      WATCHDOG_INGEST_AFTER_SECONDS: 30,
      WATCHDOG_JOBS_AFTER_SECONDS: 30,
      WATCHDOG_DATABASE_AFTER_SECONDS: 30,
      WATCHDOG_API_AFTER_SECONDS: 30,
      WATCHDOG_GATEWAY_AFTER_MINUTES: 15,
    });
  });

  it.each<[Record<string, string>, string]>([
    [{}, 'DATABASE_URL: must be a postgresql:// URL'],
    [
      { DATABASE_URL, WATCHDOG_INGEST_URL: 'localhost:3001' },
      'WATCHDOG_INGEST_URL: must be an http:// or https:// URL',
    ],
    [{ DATABASE_URL, WATCHDOG_CHECK_INTERVAL_SECONDS: '0' }, 'WATCHDOG_CHECK_INTERVAL_SECONDS'],
    [{ DATABASE_URL, WATCHDOG_INGEST_AFTER_SECONDS: 'soon' }, 'WATCHDOG_INGEST_AFTER_SECONDS'],
    [
      { DATABASE_URL, NODE_ENV: 'production' },
      'TWILIO_ACCOUNT_SID: the local text-message outbox is refused in production',
    ],
  ])('%j is refused, naming the variable', (env, message) => {
    expect(() => loadWatchdogConfig(env)).toThrow(message);
  });
});
