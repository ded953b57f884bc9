import { z } from 'zod';
import {
  EPOCH_MS_MAX,
  EPOCH_MS_MIN,
  ID_MAX_LENGTH,
  INT32_MAX,
  INT32_MIN,
  URL_MAX_LENGTH,
} from './common-constants';
import { FieldCheckMessages, YEARS_MESSAGE } from './field-check-messages';

export * from './common-constants';

/** Control characters (Unicode Cc: U+0000-U+001F, U+007F-U+009F; NUL included). */
const CONTROL_CHARACTERS = /\p{Cc}/u;
/** The same, but tab, line feed and carriage return, which free text may hold. */
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
/** A UTF-16 surrogate without its pair: not a character, cannot be stored as UTF-8. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * A refinement: `pattern` matches nowhere in the value. The pattern rides along as `noneOf` so that the web app's
 * build can write the same check without zod (apps/web reply shapes, docs/decisions/0471).
 */
const hasNone = (pattern: RegExp) =>
  Object.assign((value: string) => !pattern.test(value), { noneOf: pattern });

/** Ids are opaque strings (ARCHITECTURE.md, 'Service base paths'): 1-128 characters, no control characters. */
export const ZIdSchema = z
  .string()
  .min(1)
  .max(ID_MAX_LENGTH)
  .refine(hasNone(CONTROL_CHARACTERS), FieldCheckMessages.controlCharacters)
  .refine(hasNone(LONE_SURROGATE), FieldCheckMessages.wellFormed);
export type TId = z.infer<typeof ZIdSchema>;

/**
 * Free text of a request: at most `max` characters, no NUL or other control characters. Multi-line text
 * (`multiline`, the default) may hold tabs and line breaks; a single-line value (a name, a title) may not.
 * `trim` trims before `min` is checked (so blank text is too short).
 */
export const zText = ({
  max,
  min,
  trim = false,
  multiline = true,
}: {
  max: number;
  min?: number;
  trim?: boolean;
  multiline?: boolean;
}) => {
  let schema = z.string();
  if (trim) schema = schema.trim();
  if (min !== undefined) schema = schema.min(min);
  return schema
    .max(max)
    .refine(
      hasNone(multiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS),
      multiline ? FieldCheckMessages.controlCharactersButLineBreaks : FieldCheckMessages.controlCharacters,
    )
    .refine(hasNone(LONE_SURROGATE), FieldCheckMessages.wellFormed);
};

/**
 * Whether every string of a JSON value, keys included, can be stored in a jsonb column: PostgreSQL refuses a
 * NUL (\u0000) and a lone surrogate anywhere in it. For request fields that take free-form JSON.
 */
export const isStorableJson = (value: unknown): boolean => {
  if (typeof value === 'string') return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(([key, item]) => isStorableJson(key) && isStorableJson(item));
  }
  return true;
};

/** An absolute URL of a request: bounded, no control characters. */
export const zUrl = () =>
  z
    .url()
    .max(URL_MAX_LENGTH)
    .refine(hasNone(CONTROL_CHARACTERS), FieldCheckMessages.controlCharacters)
    .refine(hasNone(LONE_SURROGATE), FieldCheckMessages.wellFormed);
const inYears = (ms: number) => Number.isFinite(ms) && ms >= EPOCH_MS_MIN && ms <= EPOCH_MS_MAX;

/** A calendar date (YYYY-MM-DD) in the years 1900-2200. */
export const zDate = () =>
  z.iso.date().refine((value) => inYears(Date.parse(`${value}T00:00:00Z`)), YEARS_MESSAGE);

/** An ISO date-time with offset, in the years 1900-2200. */
export const zDateTime = () =>
  z.iso.datetime({ offset: true }).refine((value) => inYears(Date.parse(value)), YEARS_MESSAGE);

/** A time as milliseconds since the epoch, in the years 1900-2200. */
export const zEpochMs = () => z.number().int().min(EPOCH_MS_MIN).max(EPOCH_MS_MAX);

/** One failed rule of a 400 reply: the field and the rule it broke. */
export const ZErrorIssueSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type TErrorIssue = z.infer<typeof ZErrorIssueSchema>;

/**
 * The common error reply of every service. A 400 names the field and the rule in `issues`
 * (ARCHITECTURE.md, 'Service base paths': "Bad input gets a 400 whose body names the field and the rule").
 */
export const ZErrorReplySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(ZErrorIssueSchema).optional(),
});
export type TErrorReply = z.infer<typeof ZErrorReplySchema>;

/** A query-string integer (query values arrive as strings), in the range of an integer column. */
export const zQueryInt = () => z.coerce.number().int().min(INT32_MIN).max(INT32_MAX);

/** A query-string boolean: 'true' / 'false' (also accepts real booleans). */
export const ZQueryBooleanSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

/**
 * Array query values repeat the key (`?residentRids=a&residentRids=b`); a single value arrives as a string.
 * This schema accepts both and always yields an array.
 */
export const zQueryArray = <T extends z.ZodType>(
  item: T,
  { min, max = 500 }: { min?: number; max?: number } = {},
) => {
  // Bounds go on the inner array, never as a further .pipe(): zod's JSON schema sees through one
  // preprocess to the array's own optionality, not through a pipe around it, and a piped field would be
  // documented optional while the server requires it (decision 0122).
  let array = z.array(item).max(max);
  if (min !== undefined) array = array.min(min);
  return z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), array);
};

/** The error replies every authenticated route may send, for its `response` schema. */
export const ERROR_REPLIES = {
  400: ZErrorReplySchema,
  401: ZErrorReplySchema,
  403: ZErrorReplySchema,
  404: ZErrorReplySchema,
  409: ZErrorReplySchema,
} as const;
