import { readDatabaseUrl } from '@sage/service-kit/env';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('environment', () => {
  it('names the bad variable and the rule', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://x@localhost/db', PORT: 'eighty' })).toThrow(
      /PORT: .*number/i,
    );
    expect(() => loadConfig({})).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x@localhost/db' })).toThrow(
      /DATABASE_URL: must be a postgresql/,
    );
  });

  it('refuses the development secret and the text-message outbox in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://x@localhost/db' })).toThrow(
      /JWT_SECRET: must be set in production[\s\S]*TWILIO_ACCOUNT_SID: the local text-message outbox is refused/,
    );
  });

  it('reads the CORS allow-list as origins, and names a bad one', () => {
    const base = { DATABASE_URL: 'postgresql://x@localhost/db' };
    expect(loadConfig(base).CORS_ORIGINS).toEqual([]);
    expect(
      loadConfig({ ...base, CORS_ORIGINS: 'https://admin.example.org, http://localhost:5173/' }).CORS_ORIGINS,
    ).toEqual(['https://admin.example.org', 'http://localhost:5173']);
    expect(() => loadConfig({ ...base, CORS_ORIGINS: 'https://example.org/app' })).toThrow(
      /CORS_ORIGINS: https:\/\/example.org\/app is not an origin/,
    );
    expect(() => loadConfig({ ...base, CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS: \* is not an origin/);
  });

  it('applies defaults', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://x@localhost/db' });
    expect(config.PORT).toBe(3000);
    expect(config.NODE_ENV).toBe('development');
    expect(config.LIVE_BUS_URL).toBeUndefined();
  });

  it('takes a nats:// URL as the live bus, and names anything else (decision 0400)', () => {
    const base = { DATABASE_URL: 'postgresql://x@localhost/db' };
    expect(loadConfig({ ...base, LIVE_BUS_URL: 'nats://10.0.0.5:4222' }).LIVE_BUS_URL).toBe(
      'nats://10.0.0.5:4222',
    );
    expect(loadConfig({ ...base, LIVE_BUS_URL: '' }).LIVE_BUS_URL).toBeUndefined();
    for (const bad of ['redis://x:6379', 'nats', '127.0.0.1:4222']) {
      expect(() => loadConfig({ ...base, LIVE_BUS_URL: bad })).toThrow(
        /LIVE_BUS_URL: must be a nats:\/\/ URL \(e\.g\. nats:\/\/127\.0\.0\.1:4222\), or unset for Postgres LISTEN\/NOTIFY/,
      );
    }
  });

  it('takes several hosts in DATABASE_URL and a READ_DATABASE_URL, default the primary (decisions 0520, 0521)', () => {
    const multi = 'postgresql://sage:pw@db1:5432,db2:5433/sage?target_session_attrs=read-write';
    const config = loadConfig({ DATABASE_URL: multi });
    expect(config.DATABASE_URL).toBe(multi);
    expect(readDatabaseUrl(config)).toBe(multi);
    const withReplica = loadConfig({
      DATABASE_URL: multi,
      READ_DATABASE_URL: 'postgresql://sage@db2:5433/sage',
    });
    expect(readDatabaseUrl(withReplica)).toBe('postgresql://sage@db2:5433/sage');
    expect(() => loadConfig({ DATABASE_URL: multi, READ_DATABASE_URL: 'http://db2/sage' })).toThrow(
      /READ_DATABASE_URL: must be a postgresql:\/\/ URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://db1:5432,db2:port/sage' })).toThrow(
      /DATABASE_URL: must be a postgresql:\/\/ URL/,
    );
  });
});
