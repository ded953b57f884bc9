import {
  AdminMessages,
  AdminOrgMessages,
  communitiesLabel,
  EHR_FIELD_LABELS,
  ResponseTimesMessages,
} from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from './catalogue';
import { translate } from './translate';

/** /insights, the response times and the administration pages (decision 0770). */
describe('the administration catalogue', () => {
  it("English is the contract's, placeholders filled in as the contract's functions fill them", () => {
    const org = (key: string, values?: Record<string, string | number>) =>
      translate('en', 'adminOrg', key as never, values);
    expect(org('saved', { name: 'Front Desk' })).toBe(AdminOrgMessages.saved('Front Desk'));
    expect(org('deleted', { name: 'Front Desk' })).toBe(AdminOrgMessages.deleted('Front Desk'));
    expect(org('deleteTitle', { name: 'Front Desk' })).toBe(AdminOrgMessages.deleteTitle('Front Desk'));
    expect(org('inUseBy', { name: 'Ann Lee' })).toBe(AdminOrgMessages.inUseBy('Ann Lee'));
    for (const count of [0, 1, 2, 12]) expect(org('communityCount', { count })).toBe(communitiesLabel(count));
    expect(translate('en', 'responseTimes', 'asOf', { time: 'Nov 29, 2026 4:28 AM' })).toBe(
      ResponseTimesMessages.asOf('Nov 29, 2026 4:28 AM'),
    );
    const pages = (key: string, values?: Record<string, string | number>) =>
      translate('en', 'adminPages', key as never, values);
    expect(pages('fieldLocked', { field: 'Email' })).toBe(AdminMessages.fieldLocked('Email'));
    expect(pages('fieldUnlocked', { field: 'Email' })).toBe(AdminMessages.fieldUnlocked('Email'));
    for (const [field, label] of Object.entries(EHR_FIELD_LABELS))
      expect(pages(`field_${field.replace('resident.', '')}`)).toBe(label);
    // The groups page's count as it read inline (decision 0163).
    expect(pages('members', { count: 1 })).toBe('1 member');
    expect(pages('members', { count: 3 })).toBe('3 members');
  });

  it('Spanish counts agree with their number', () => {
    expect(translate('es', 'adminOrg', 'communityCount', { count: 1 })).toBe('1 comunidad');
    expect(translate('es', 'adminOrg', 'communityCount', { count: 4 })).toBe('4 comunidades');
    expect(translate('es', 'adminPages', 'members', { count: 1 })).toBe('1 miembro');
    expect(translate('es', 'adminPages', 'members', { count: 2 })).toBe('2 miembros');
  });

  it('Spanish reads differently from English on these pages', () => {
    // Messages both languages write the same: placeholders and the unit 'min'.
    const shared = new Set([
      '{category}: {metric}',
      '{value} min',
      '{band} ≤ {minutes} min',
      '{band} > {minutes} min',
    ]);
    for (const namespace of ['insightsPage', 'responseTimes', 'adminOrg', 'adminPages'] as const) {
      const english = CATALOGUES.en[namespace] as Record<string, string>;
      const spanish = CATALOGUES.es[namespace] as Record<string, string>;
      const same = Object.keys(english).filter(
        (key) => english[key] === spanish[key] && !shared.has(english[key] ?? ''),
      );
      expect(same, namespace).toEqual([]);
    }
  });
});
