import { DEFAULT_PHONE_COUNTRY } from '@sage/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number in E.164, parsed and validated with libphonenumber-js: North American numbering plan only
 * (calling code 1), default region US. Null when the input is not a valid NANP number.
 */
export function normaliseNanpNumber(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input, DEFAULT_PHONE_COUNTRY);
  if (parsed?.countryCallingCode !== '1' || !parsed.isValid()) return null;
  return parsed.number;
}
