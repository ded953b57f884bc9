import { ZCreateResidentRequestSchema, ZResidentContactRequestSchema } from '@sage/contract';
import { translate } from '@sage/i18n';
import { describe, expect, it } from 'vitest';
import { describedSchemaErrors, fieldCheckOf } from './field-check';
import { schemaErrors } from './form-rules';
import { ZInviteStaffFormSchema } from './staff/staff-form';

/** A form's field checks in Spanish, as `useFieldChecks` says them for a reader of Spanish (decision 0780). */
const inSpanish = (schema: Parameters<typeof schemaErrors>[0], request: unknown) =>
  describedSchemaErrors(schema, request, (issue) => {
    const { key, values } = fieldCheckOf(issue);
    return translate('es', 'fieldChecks', key, values);
  });

describe('field checks in the reader language', () => {
  it('the resident form: each failed check has its Spanish message, at the same fields as in English', () => {
    const request = {
      facilityId: 'f1',
      firstName: '',
      lastName: 'x'.repeat(101),
      dateOfBirth: '1850-01-01',
      email: 'nope',
      personalPhone: '555',
      salutation: 'a\u0001',
    };
    const spanish = inSpanish(ZCreateResidentRequestSchema, request);
    expect(Object.keys(spanish).sort()).toEqual(
      Object.keys(schemaErrors(ZCreateResidentRequestSchema, request)).sort(),
    );
    expect(spanish).toEqual({
      firstName: 'Escriba este dato.',
      lastName: 'Escriba 100 caracteres como máximo.',
      dateOfBirth: 'La fecha debe estar entre los años 1900 y 2200.',
      email: 'Escriba un correo electrónico válido.',
      personalPhone: 'Escriba un número de teléfono válido con el código del país (+1…).',
      salutation: 'Quite los caracteres especiales (de control).',
    });
    expect(
      inSpanish(ZCreateResidentRequestSchema, {
        ...request,
        firstName: 'a',
        lastName: 'b',
        dateOfBirth: '1950-02-30',
        email: null,
        personalPhone: null,
        salutation: null,
      }),
    ).toEqual({
      dateOfBirth: 'Escriba una fecha válida.',
    });
    expect(inSpanish(ZResidentContactRequestSchema, { name: null })).toEqual({
      name: 'Un contacto necesita un nombre, un apellido o el nombre del lugar.',
    });
  });

  it("the staff invite form: the sign-in phone rules and the groups rule, by their text; English is the check's own", () => {
    const values = { firstName: 'Ann', lastName: '', phoneNumber: '+1', groupIds: [], language: 'en' };
    expect(inSpanish(ZInviteStaffFormSchema, values)).toEqual({
      lastName: 'Escriba este dato.',
      phoneNumber: 'Falta el número de teléfono',
      groupIds: 'Los miembros del equipo deben estar en al menos un grupo.',
    });
    expect(inSpanish(ZInviteStaffFormSchema, { ...values, phoneNumber: '555' }).phoneNumber).toBe(
      'El número de teléfono no es válido',
    );
    // English: the check's own text, as schemaErrors gave it.
    expect(describedSchemaErrors(ZInviteStaffFormSchema, values, (issue) => issue.message)).toEqual(
      schemaErrors(ZInviteStaffFormSchema, values),
    );
  });
});
