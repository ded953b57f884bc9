import {
  AdminMessages,
  CONTACT_NEEDS_NAME_MESSAGE,
  ReportsMessages,
  YEARS_MESSAGE,
  ZCreateResidentRequestSchema,
  ZCreateStaffRequestSchema,
} from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { translate } from './translate';

/** The manager's residents, station displays and reports screens and the field checks (decision 0780). */
describe('the manager residents catalogue', () => {
  it("the archive confirmation's sentences read as the contract's text, for every count and pendant", () => {
    const name = "Mary O'Neil";
    for (const openAlerts of [0, 1, 2, 7]) {
      for (const hasPendant of [true, false]) {
        const text = [
          translate('en', 'residentsAdmin', 'archiveText', { name }),
          hasPendant ? translate('en', 'residentsAdmin', 'archivePendant') : null,
          translate('en', 'residentsAdmin', 'archiveOpenAlerts', { count: openAlerts }),
        ]
          .filter(Boolean)
          .join(' ');
        expect(text).toBe(AdminMessages.archiveResidentText(name, openAlerts, hasPendant));
      }
    }
    expect(translate('es', 'residentsAdmin', 'archiveOpenAlerts', { count: 0 })).toBe(
      'No tiene alertas abiertas.',
    );
    expect(translate('es', 'residentsAdmin', 'archiveOpenAlerts', { count: 1 })).toBe(
      'Su alerta abierta se cierra como cancelada.',
    );
    expect(translate('es', 'residentsAdmin', 'archiveOpenAlerts', { count: 3 })).toBe(
      'Sus 3 alertas abiertas se cierran como canceladas.',
    );
  });

  it("the reports page's counts: English as the page wrote them ('1 rows'), Spanish singular and plural", () => {
    for (const count of [0, 1, 2, 250, 5000]) {
      expect(`${count} ${translate('en', 'reportsPage', 'rows', { count })}`).toBe(`${count} rows`);
      expect(translate('en', 'reportsPage', 'truncated', { limit: count })).toBe(
        ReportsMessages.truncated(count),
      );
    }
    expect(translate('es', 'reportsPage', 'rows', { count: 1 })).toBe('fila');
    expect(translate('es', 'reportsPage', 'rows', { count: 12 })).toBe('filas');
    for (const [id, label] of Object.entries(ReportsMessages.status)) {
      expect(translate('en', 'reportsPage', `status_${id}` as never)).toBe(label);
    }
  });

  it("the field checks' English is the schemas' own text", () => {
    const issues = (
      schema: typeof ZCreateResidentRequestSchema | typeof ZCreateStaffRequestSchema,
      v: unknown,
    ) => {
      const result = schema.safeParse(v);
      return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    };
    const resident = issues(ZCreateResidentRequestSchema, {
      facilityId: 'f',
      firstName: '',
      lastName: 'x'.repeat(101),
      dateOfBirth: '1850-01-01',
      email: 'nope',
      personalPhone: '555',
      salutation: 'a\u0001',
    });
    expect(resident).toEqual({
      firstName: translate('en', 'fieldChecks', 'required'),
      lastName: translate('en', 'fieldChecks', 'tooLong', { maximum: 100 }),
      dateOfBirth: translate('en', 'fieldChecks', 'years', { min: 1900, max: 2200 }),
      email: translate('en', 'fieldChecks', 'email'),
      personalPhone: translate('en', 'fieldChecks', 'e164'),
      salutation: translate('en', 'fieldChecks', 'controlCharacters'),
    });
    expect(resident.dateOfBirth).toBe(YEARS_MESSAGE);
    expect(
      issues(ZCreateResidentRequestSchema, {
        facilityId: 'f',
        firstName: 'a',
        lastName: 'b',
        dateOfBirth: '1950-02-30',
      }),
    ).toEqual({
      dateOfBirth: translate('en', 'fieldChecks', 'date'),
    });
    expect(
      issues(ZCreateStaffRequestSchema, {
        facilityId: 'f',
        firstName: 'a',
        lastName: 'b',
        phoneNumber: '+14155550100',
        groupIds: [],
      }),
    ).toEqual({ groupIds: translate('en', 'fieldChecks', 'tooFew', { minimum: 1 }) });
    expect(translate('en', 'fieldChecks', 'contactNeedsName')).toBe(CONTACT_NEEDS_NAME_MESSAGE);
  });
});
