// The North American numbering plan's metadata only (vite.config.ts; docs/decisions/0382).
import nanpMetadata from 'virtual:nanp-phone-metadata';
import { LoginMessages, NANP_COUNTRY_CODES, type NanpCountryCode } from '@sage/contract';
import { isPhoneInputEmpty } from '@sage/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';

export type PhoneValidation = { ok: true; e164: string } | { ok: false; message: string };

/**
 * Phone number rules (sign-in doc section 5): required ('+1' alone counts as empty); a valid number of a
 * North American numbering-plan country, read with the selected country.
 */
export function validatePhoneNumber(value: string, country: NanpCountryCode): PhoneValidation {
  if (isPhoneInputEmpty(value)) return { ok: false, message: LoginMessages.phoneRequired };
  const parsed = parsePhoneNumberFromString(value, country, nanpMetadata);
  const nanpCountry = parsed?.country && (NANP_COUNTRY_CODES as readonly string[]).includes(parsed.country);
  if (parsed?.countryCallingCode !== '1' || !parsed.isValid() || !nanpCountry) {
    return { ok: false, message: LoginMessages.phoneInvalid };
  }
  return { ok: true, e164: parsed.number };
}
