import { describe, expect, it } from 'vitest';
import { loadWorkerConfig, WorkerConfigError } from '../env';

const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x' };

describe('[NOTIFICATIONS][CONFIG]: the worker environment for notifications', () => {
  it('refuses the local text-message outbox in production, naming the variable', () => {
    expect(() => loadWorkerConfig({ ...base, NODE_ENV: 'production' })).toThrow(WorkerConfigError);
    expect(() => loadWorkerConfig({ ...base, NODE_ENV: 'production' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(
      loadWorkerConfig({ ...base, NODE_ENV: 'production', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' })
        .TWILIO_ACCOUNT_SID,
    ).toBe('AC1');
  });

  it('takes VAPID keys from the environment and checks the subject', () => {
    const config = loadWorkerConfig({ ...base, VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' });
    expect(config).toMatchObject({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' });
    expect(() => loadWorkerConfig({ ...base, VAPID_SUBJECT: 'alerts@example.com' })).toThrow(/VAPID_SUBJECT/);
  });

  it('counts empty variables (as compose passes them) as unset', () => {
    const config = loadWorkerConfig({
      ...base,
      VAPID_PUBLIC_KEY: '',
      VAPID_PRIVATE_KEY: '',
      VAPID_SUBJECT: '',
    });
    expect(config.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(config.VAPID_SUBJECT).toBeUndefined();
  });
});
