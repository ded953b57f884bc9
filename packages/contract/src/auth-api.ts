import { z } from 'zod';
import { URL_MAX_LENGTH, zText } from './common';
import { ZE164PhoneNumberSchema } from './signin';

/**
 * Sign-in API beyond the ARCHITECTURE contract (signin.ts): logout, error codes of the sign-in service,
 * the hosted email sign-in page (implicit flow) and the dev outbox. Decisions: docs/decisions/0020-0022.
 * The constants are in auth-api-constants.ts (no zod; decision 0384).
 */

/** Error reply of passwordless start: the common error reply, plus the sender to text START to (21610). */
export const ZPasswordlessStartErrorReplySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  /** With sms_unsubscribed: the number that sends login codes. */
  senderNumber: z.string().optional(),
  /** With RATE_LIMITED: seconds until a new code may be asked for. */
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  issues: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
});
export type TPasswordlessStartErrorReply = z.infer<typeof ZPasswordlessStartErrorReplySchema>;

export const ZLogoutRequestSchema = z.object({ refreshToken: zText({ min: 1, max: 512, multiline: false }) });
export type TLogoutRequest = z.infer<typeof ZLogoutRequestSchema>;

/** Query of GET /auth/authorize (implicit flow). */
export const ZAuthorizeQuerySchema = z.object({
  response_type: z.literal('token id_token', { error: "must be 'token id_token'" }),
  redirect_uri: z.url({ error: 'must be an absolute URL' }).max(URL_MAX_LENGTH),
  state: zText({ min: 1, max: 512, multiline: false }),
  nonce: zText({ max: 512, multiline: false }).optional(),
  client_id: zText({ max: 200, multiline: false }).optional(),
});
export type TAuthorizeQuery = z.infer<typeof ZAuthorizeQuerySchema>;

/** What the hosted page puts in the callback URL's hash (`/auth_confirmed#access_token=…`). */
export const ZAuthCallbackHashSchema = z.object({
  access_token: z.string().min(1),
  id_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  expires_in: z.coerce.number().int().positive(),
  state: z.string().min(1),
  refresh_token: z.string().min(1),
  staff_member_id: z.string().min(1),
});
export type TAuthCallbackHash = z.infer<typeof ZAuthCallbackHashSchema>;

/** GET /dev/api/v1/outbox?to=<E.164 number or email address>: newest first. */
export const ZOutboxQuerySchema = z.object({ to: z.union([ZE164PhoneNumberSchema, z.email()]) });
export type TOutboxQuery = z.infer<typeof ZOutboxQuerySchema>;
export const ZOutboxMessageSchema = z.object({
  to: z.string(),
  from: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessageSchema>;
export const ZOutboxReplySchema = z.array(ZOutboxMessageSchema);
