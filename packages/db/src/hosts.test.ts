import { describe, expect, it } from 'vitest';
import { DatabaseUrlError, parseDatabaseUrl, redact, sessionAttrsFor } from './hosts';

describe('parseDatabaseUrl (decision 0520)', () => {
  it.each([
    ['postgresql://u:pw@db/sage', [{ host: 'db', port: 5432 }], 'any'],
    ['postgres://db:5433/sage', [{ host: 'db', port: 5433 }], 'any'],
    [
      'postgresql://u@h1:5432,h2:5433/sage?target_session_attrs=read-write',
      [
        { host: 'h1', port: 5432 },
        { host: 'h2', port: 5433 },
      ],
      'read-write',
    ],
    [
      'postgresql://u@[::1]:5432,127.0.0.1/sage?target_session_attrs=prefer-standby',
      [
        { host: '::1', port: 5432 },
        { host: '127.0.0.1', port: 5432 },
      ],
      'prefer-standby',
    ],
    ['postgresql:///sage', [{ host: 'localhost', port: 5432 }], 'any'],
  ])('%s', (url, hosts, attrs) => {
    const parsed = parseDatabaseUrl(url);
    expect(parsed.hosts).toEqual(hosts);
    expect(parsed.targetSessionAttrs).toBe(attrs);
    expect(parsed.database).toBe('sage');
  });

  it('gives each host its own URL without target_session_attrs, keeping the other parameters', () => {
    const parsed = parseDatabaseUrl(
      'postgresql://u:p%40w@h1:5432,h2:5433/sage?sslmode=disable&target_session_attrs=read-write',
    );
    expect(parsed.urlFor({ host: 'h2', port: 5433 })).toBe(
      'postgresql://u:p%40w@h2:5433/sage?sslmode=disable',
    );
    expect(parsed.withDatabase('postgres')).toBe(
      'postgresql://u:p%40w@h1:5432,h2:5433/postgres?sslmode=disable&target_session_attrs=read-write',
    );
  });

  it('names what is wrong', () => {
    expect(() => parseDatabaseUrl('mysql://h/db')).toThrow(DatabaseUrlError);
    expect(() => parseDatabaseUrl('postgresql://h1:99999/db')).toThrow(/port 99999 is out of range/);
    expect(() => parseDatabaseUrl('postgresql://h1/db?target_session_attrs=master')).toThrow(
      /target_session_attrs must be one of any, read-write, read-only, primary, standby, prefer-standby/,
    );
  });

  it('redacts the password in messages', () => {
    expect(redact('postgresql://sage:secret@h1,h2/sage')).toBe('postgresql://sage:***@h1,h2/sage');
  });
});

describe('sessionAttrsFor (decision 0521)', () => {
  it('makes every primary pool read-write, whatever the URL asks', () => {
    expect(sessionAttrsFor('postgresql://h/db', 'primary')).toBe('read-write');
    expect(sessionAttrsFor('postgresql://h1,h2/db?target_session_attrs=primary', 'primary')).toBe(
      'read-write',
    );
    expect(sessionAttrsFor('postgresql://h/db', 'read')).toBe('any');
    expect(sessionAttrsFor('postgresql://h1,h2/db?target_session_attrs=prefer-standby', 'read')).toBe(
      'prefer-standby',
    );
  });

  it('refuses a replica-only URL for the primary', () => {
    expect(() => sessionAttrsFor('postgresql://h1,h2/db?target_session_attrs=standby', 'primary')).toThrow(
      /cannot be the primary's/,
    );
  });
});
