import { DATE_MAX_YEAR, DATE_MIN_YEAR } from './common-constants';

/**
 * The texts of the common request schemas' own field checks (the rest are zod's, and E164_PHONE_MESSAGE,
 * CONTACT_NEEDS_NAME_MESSAGE), shown under a form's field on an invalid save. The web app names them in the reader's language by these texts (decision 0780).
 */
export const FieldCheckMessages = {
  controlCharacters: 'Must not contain control characters',
  controlCharactersButLineBreaks: 'Must not contain control characters other than tab and line breaks',
  wellFormed: 'Must be well-formed Unicode',
  years: (min: number, max: number) => `Must fall in the years ${min} to ${max}`,
} as const;

/** The years check of a date (zDate, zDateTime) as the schemas write it. */
export const YEARS_MESSAGE = FieldCheckMessages.years(DATE_MIN_YEAR, DATE_MAX_YEAR);
