import { ZCreateResidentRequestSchema, ZUpdateResidentRequestSchema } from '@sage/contract';
import { derivePermissions } from '@sage/domain';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../form-rules';
import { createBody, emptyResidentForm, formToBody, type ResidentFormValues } from './resident-form';

const managementAdmin = derivePermissions({ memberships: [{ group: 'Management', isAdmin: true }] });
const plainManager = derivePermissions({ memberships: [{ group: 'Management', isAdmin: false }] });

const filled = (): ResidentFormValues => {
  const v = emptyResidentForm();
  return {
    ...v,
    firstName: ' Ada ',
    lastName: 'Lovelace',
    middleName: '  ',
    personalPhone: '+14155550123',
    email: '',
    healthInfo: { ...v.healthInfo, resuscitationStrategy: 'DNR', memoryHealthInfo: { memoryLevel: 'Mild' } },
  };
};

describe('resident form body', () => {
  it('empty boxes are null, names trimmed; a management admin sends phone, email and health info', () => {
    const body = formToBody(filled(), managementAdmin, []);
    expect(body).toMatchObject({
      firstName: 'Ada',
      middleName: null,
      personalPhone: '+14155550123',
      email: null,
    });
    expect(body.healthInfo).toMatchObject({
      resuscitationStrategy: 'DNR',
      memoryHealthInfo: { memoryLevel: 'Mild' },
    });
    expect(schemaErrors(ZUpdateResidentRequestSchema, body)).toEqual({});
  });

  it('leaves out what the caller may not write (PII and PHI for a plain manager) and the EHR-locked fields', () => {
    const body = formToBody(filled(), plainManager, ['resident.lastName']);
    expect(body).not.toHaveProperty('personalPhone');
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('healthInfo');
    expect(body).not.toHaveProperty('lastName');
  });

  it("names the bad field with the contract's schema, at the form's own path", () => {
    const v = filled();
    v.lastName = '';
    v.dateOfBirth = '1950-02-30';
    v.healthInfo.adlHealthInfo.bathingLevel = 'x'.repeat(61);
    const errors = schemaErrors(ZCreateResidentRequestSchema, createBody('f1', v, managementAdmin));
    expect(Object.keys(errors).sort()).toEqual([
      'dateOfBirth',
      'healthInfo.adlHealthInfo.bathingLevel',
      'lastName',
    ]);
  });
});
