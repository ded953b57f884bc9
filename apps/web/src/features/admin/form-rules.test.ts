import { ZCompanyPhoneFieldsSchema } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { toCompanyPhoneFields } from './company-phones/company-phone-fields';
import { toFacilityRequest } from './facilities/facility-request';
import { parseFeatureConfig } from './features/feature-config';
import { matchesSearch, orNull, schemaErrors } from './form-rules';

describe('admin forms: from what is typed to the contract request', () => {
  it('a company phone typed the way people write it becomes E.164; a wrong one is left for the schema to name', () => {
    expect(toCompanyPhoneFields({ displayName: ' Hall ', phoneNumber: '(415) 555-0123' })).toEqual({
      displayName: 'Hall',
      phoneNumber: '+14155550123',
    });
    const wrong = toCompanyPhoneFields({ displayName: '', phoneNumber: '555' });
    expect(schemaErrors(ZCompanyPhoneFieldsSchema, wrong)).toEqual({
      displayName: expect.any(String),
      phoneNumber: 'Expected an E.164 phone number',
    });
  });

  it.each<[string, Record<string, unknown> | null | undefined]>([
    ['', null],
    ['  ', null],
    ['{ "steps": 7 }', { steps: 7 }],
    ['[1, 2]', undefined],
    ['7', undefined],
    ['null', undefined],
    ['{ nope', undefined],
  ])('feature config %j -> %j', (text, expected) => {
    expect(parseFeatureConfig(text)).toEqual(expected);
  });

  it('a community form becomes the create request: numbers normalised, blanks null, push as a delivery method', () => {
    expect(
      toFacilityRequest({
        enterpriseId: 'e1',
        name: ' Cedar Court ',
        timezone: 'America/Denver',
        emergencyNotificationNumber: '415 555 0123',
        taskNotificationNumber: ' ',
        routineCheckIntervalInMin: '',
        isAlertLocationEnabled: true,
        isObservationsEnabled: false,
        push: true,
        status: 'ACTIVE',
      }),
    ).toEqual({
      enterpriseId: 'e1',
      name: 'Cedar Court',
      timezone: 'America/Denver',
      emergencyNotificationNumber: '+14155550123',
      taskNotificationNumber: null,
      messageDeliveryMethods: ['PUSH_NOTIFICATION'],
      facilityConfig: {
        isAlertLocationEnabled: true,
        isObservationsEnabled: false,
        routineCheckIntervalInMin: null,
      },
    });
    expect(orNull('  x ')).toBe('x');
  });
});

describe('admin lists: the search of the units and care-zone lists', () => {
  it.each([
    ['', ['Room 101'], true],
    ['   ', ['Room 101'], true],
    ['101', ['Room 101', 'Assisted Living'], true],
    ['room', ['Room 101'], true],
    ['assisted 101', ['Room 101', 'Assisted Living'], true],
    ['east 1', ['Room 101', null, 'East'], true],
    ['102', ['Room 101', 'Assisted Living'], false],
    ['room memory', ['Room 101', 'Assisted Living'], false],
    ['garden', [null, undefined], false],
  ] as const)('%j in %j: %s', (search, texts, expected) => {
    expect(matchesSearch(search, texts)).toBe(expected);
  });
});
