/**
 * The zod-free part of common.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). common.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

// ---------------------------------------------------------------------------------------------------------
// The three input primitives every request schema is built from (decision 0120). What they refuse would
// otherwise reach PostgreSQL and fail there: a NUL in a text value ("invalid byte sequence"), a date
// outside what a timestamp column holds. Refusing it here gives a 400 naming the field.
// ---------------------------------------------------------------------------------------------------------

/** The longest id a request may carry: ours are uuids (36); imported ones are a little longer. */
export const ID_MAX_LENGTH = 128;

/** The longest URL a request may carry (a push service endpoint is well under it). */
export const URL_MAX_LENGTH = 2048;

/** The years a date of a request may fall in: a PostgreSQL timestamp holds more, JavaScript less. */
export const DATE_MIN_YEAR = 1900;

export const DATE_MAX_YEAR = 2200;

/** The first and the last millisecond of those years, as epoch milliseconds. */
export const EPOCH_MS_MIN = Date.UTC(DATE_MIN_YEAR, 0, 1);

export const EPOCH_MS_MAX = Date.UTC(DATE_MAX_YEAR + 1, 0, 1) - 1;

/** The range of a PostgreSQL integer column (and of Prisma's Int). */
export const INT32_MIN = -2147483648;

export const INT32_MAX = 2147483647;

/** The highest page number of a paged request (with at most 200 a page, an offset an integer holds). */
export const PAGE_NUMBER_MAX = 1_000_000;
