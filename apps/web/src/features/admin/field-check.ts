import {
  CONTACT_NEEDS_NAME_MESSAGE,
  E164_PHONE_MESSAGE,
  FieldCheckMessages,
  GroupMessages,
  LoginMessages,
  YEARS_MESSAGE,
} from '@sage/contract';
import type { MessageKey } from '@sage/i18n/catalogue';
import type { z } from 'zod';

export type FieldCheckKey = MessageKey<'fieldChecks'>;
export type FieldCheck = { key: FieldCheckKey; values: Record<string, number> };
/** A form's field check as the reader reads it (zod's issue; decision 0780). */
export type DescribeIssue = (issue: z.core.$ZodIssue) => string;

/** The contract's own check texts (and the sign-in phone and groups rules the staff form adds), by their text. */
const BY_TEXT: ReadonlyMap<string, FieldCheck> = new Map<string, FieldCheck>([
  [FieldCheckMessages.controlCharacters, { key: 'controlCharacters', values: {} }],
  [FieldCheckMessages.controlCharactersButLineBreaks, { key: 'controlCharactersButLineBreaks', values: {} }],
  [FieldCheckMessages.wellFormed, { key: 'wellFormed', values: {} }],
  [YEARS_MESSAGE, { key: 'years', values: { min: 1900, max: 2200 } }],
  [E164_PHONE_MESSAGE, { key: 'e164', values: {} }],
  [CONTACT_NEEDS_NAME_MESSAGE, { key: 'contactNeedsName', values: {} }],
  [LoginMessages.phoneRequired, { key: 'phoneRequired', values: {} }],
  [LoginMessages.phoneInvalid, { key: 'phoneInvalid', values: {} }],
  [GroupMessages.mustBeInOneGroup, { key: 'mustBeInOneGroup', values: {} }],
]);

const bound = (value: unknown): number => Number(value);

/**
 * Which message of the `fieldChecks` namespace says a failed check: the schemas' own texts by their text, zod's
 * by the issue's kind and bound (a text of at least 1 character: 'required'); any other check is 'invalid'.
 */
export function fieldCheckOf(issue: z.core.$ZodIssue): FieldCheck {
  const known = BY_TEXT.get(issue.message);
  if (known) return known;
  if (issue.code === 'too_small') {
    const minimum = bound(issue.minimum);
    if (issue.origin === 'string') {
      return minimum <= 1 ? { key: 'required', values: {} } : { key: 'tooShort', values: { minimum } };
    }
    if (issue.origin === 'array' || issue.origin === 'set') return { key: 'tooFew', values: { minimum } };
    if (issue.origin === 'number' || issue.origin === 'int')
      return { key: 'numberTooSmall', values: { minimum } };
  }
  if (issue.code === 'too_big') {
    const maximum = bound(issue.maximum);
    if (issue.origin === 'string') return { key: 'tooLong', values: { maximum } };
    if (issue.origin === 'array' || issue.origin === 'set') return { key: 'tooMany', values: { maximum } };
    if (issue.origin === 'number' || issue.origin === 'int')
      return { key: 'numberTooBig', values: { maximum } };
  }
  if (issue.code === 'invalid_format') {
    if (issue.format === 'email') return { key: 'email', values: {} };
    if (issue.format === 'date') return { key: 'date', values: {} };
  }
  return { key: 'invalid', values: {} };
}

/**
 * Form errors from a contract schema by the form's field paths, as `schemaErrors` (form-rules.ts) gives them, each
 * check said by `describe` (the reader's language: `useFieldChecks`).
 */
export function describedSchemaErrors(
  schema: z.ZodType,
  request: unknown,
  describe: DescribeIssue,
): Record<string, string> {
  const result = schema.safeParse(request);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= describe(issue);
  return errors;
}
