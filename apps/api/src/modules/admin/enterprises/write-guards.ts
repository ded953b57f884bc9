import { isUniqueViolation } from '@sage/db';
import { conflict, invalidInput } from '@sage/service-kit/errors';
import { normaliseNanpNumber } from '../../auth/phone';

/** The spec's message for a phone number that does not parse (sign-in doc section 5). */
export const PHONE_INVALID_MESSAGE = 'Phone number is invalid';

/**
 * Phone numbers of admin writes: E.164 by schema, then a real North American number by libphonenumber-js.
 * Returns the numbers normalised; a 400 names every bad field.
 */
export function checkPhoneNumbers<K extends string>(
  fields: Record<K, string | null | undefined>,
  prefix = 'body',
): Record<K, string | null | undefined> {
  const issues: { field: string; rule: string; message: string }[] = [];
  const out = { ...fields };
  for (const [key, value] of Object.entries(fields) as [K, string | null | undefined][]) {
    if (value === null || value === undefined) continue;
    const normalised = normaliseNanpNumber(value);
    if (!normalised)
      issues.push({ field: `${prefix}.${key}`, rule: 'phone', message: PHONE_INVALID_MESSAGE });
    else out[key] = normalised;
  }
  if (issues.length) throw invalidInput(issues);
  return out;
}

/**
 * Optimistic concurrency (decision 0174): a write carrying the `updatedAt` it last read only applies while
 * the row is unchanged; the `where` of an updateMany.
 */
export const unchangedSince = (updatedAt: string | undefined) =>
  updatedAt ? { updatedAt: new Date(updatedAt) } : {};

export const staleWrite = (what: string) =>
  conflict(`${what} was changed by someone else meanwhile; reload it and try again`, 'STALE_WRITE');

/** Runs a write; a unique-key violation (a lost race or a duplicate) becomes the given 409. */
export async function uniqueOr409<T>(write: () => Promise<T>, message: string, code?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message, code);
    throw error;
  }
}
