import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../shared/i18n';
import { formatInZone } from './task-form-options';

describe('formatInZone (decision 0631): the facility time zone, formatted for the reader language', () => {
  afterEach(() => setLanguage('en'));
  const at = '2026-03-09T15:00:00Z';

  it('in English', () => {
    setLanguage('en');
    expect(formatInZone(at, 'America/Chicago')).toMatch(/^Mon, Mar 9, 10:00\sAM$/);
  });

  it('in Spanish, the same instant on the same wall clock', () => {
    setLanguage('es');
    expect(formatInZone(at, 'America/Chicago')).toMatch(/^lun, 9 de mar, 10:00\sa\.\s?m\.$/);
  });
});
