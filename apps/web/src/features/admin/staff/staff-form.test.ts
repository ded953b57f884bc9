import { describe, expect, it } from 'vitest';
import { serverIssuesToFormErrors, ZEditStaffFormSchema, ZInviteStaffFormSchema } from './staff-form';

const invite = {
  firstName: 'Quinn',
  lastName: 'Avery',
  phoneNumber: '(415) 271-0001',
  groupIds: ['g-1'],
};

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('staff forms', () => {
  it('accept a valid invitation: the contract request without facilityId', () => {
    expect(ZInviteStaffFormSchema.safeParse(invite).success).toBe(true);
  });

  it.each([
    ['no group ("Team members must be in at least one group")', { groupIds: [] }, 'groupIds'],
    ['an invalid number ("Phone number is invalid")', { phoneNumber: '555' }, 'phoneNumber'],
    ['a number outside the North American plan', { phoneNumber: '+44 20 7946 0958' }, 'phoneNumber'],
    ['an empty first name', { firstName: ' ' }, 'firstName'],
  ])('refuse %s', (_case, change, field) => {
    expect(fieldsOf(ZInviteStaffFormSchema.safeParse({ ...invite, ...change }))).toContain(field);
  });

  it('say why a group is needed', () => {
    const result = ZInviteStaffFormSchema.safeParse({ ...invite, groupIds: [] });
    expect(result.error?.issues[0]?.message).toBe('Team members must be in at least one group.');
  });

  it('show the login message for an invalid number', () => {
    const result = ZInviteStaffFormSchema.safeParse({ ...invite, phoneNumber: '555' });
    expect(result.error?.issues.find((i) => i.path[0] === 'phoneNumber')?.message).toBe(
      'Phone number is invalid',
    );
  });

  it('let the edit form leave the email empty but not malformed', () => {
    expect(ZEditStaffFormSchema.safeParse({ firstName: 'Q', email: '' }).success).toBe(true);
    expect(fieldsOf(ZEditStaffFormSchema.safeParse({ firstName: 'Q', email: 'nope' }))).toEqual(['email']);
  });

  it('map the API 400 issues onto the form fields', () => {
    expect(
      serverIssuesToFormErrors([{ field: 'body.phoneNumber', message: 'Phone number is invalid' }]),
    ).toEqual({ phoneNumber: 'Phone number is invalid' });
  });
});
