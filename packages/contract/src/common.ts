import { z } from 'zod';

/** Ids are opaque strings (ARCHITECTURE.md). */
export const ZIdSchema = z.string().min(1);
export type TId = z.infer<typeof ZIdSchema>;

/** One failed rule of a 400 reply: the field and the rule it broke. */
export const ZErrorIssueSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type TErrorIssue = z.infer<typeof ZErrorIssueSchema>;

/**
 * The common error reply of every service. A 400 names the field and the rule in `issues`
 * (ARCHITECTURE.md: "Bad input gets a 400 whose body names the field and the rule").
 */
export const ZErrorReplySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(ZErrorIssueSchema).optional(),
});
export type TErrorReply = z.infer<typeof ZErrorReplySchema>;

/** A query-string integer (query values arrive as strings). */
export const zQueryInt = () => z.coerce.number().int();

/** A query-string boolean: 'true' / 'false' (also accepts real booleans). */
export const ZQueryBooleanSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

/**
 * Array query values repeat the key (`?residentRids=a&residentRids=b`); a single value arrives as a string.
 * This schema accepts both and always yields an array.
 */
export const zQueryArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item));

/** The error replies every authenticated route may send, for its `response` schema. */
export const ERROR_REPLIES = {
  400: ZErrorReplySchema,
  401: ZErrorReplySchema,
  403: ZErrorReplySchema,
  404: ZErrorReplySchema,
  409: ZErrorReplySchema,
} as const;
