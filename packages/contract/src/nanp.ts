import { z } from 'zod';

/** "Only North American numbering-plan countries are allowed (25 codes: …)" in the spec's order. */
export const NANP_COUNTRY_CODES = [
  'AG',
  'AI',
  'AS',
  'BB',
  'BM',
  'BS',
  'CA',
  'DO',
  'DM',
  'GD',
  'GU',
  'JM',
  'KN',
  'KY',
  'MP',
  'MS',
  'LC',
  'PR',
  'SX',
  'TC',
  'TT',
  'US',
  'VC',
  'VG',
  'VI',
] as const;
export const ZNanpCountryCodeSchema = z.enum(NANP_COUNTRY_CODES);
export type NanpCountryCode = z.infer<typeof ZNanpCountryCodeSchema>;

/** "Default and preferred country is US." Other phone parsing uses default region US. */
export const DEFAULT_PHONE_COUNTRY: NanpCountryCode = 'US';
/** Input is normalised to a +1 prefix. */
export const NANP_CALLING_CODE_PREFIX = '+1';
/** Limited to 11 digits. */
export const PHONE_MAX_DIGITS = 11;
