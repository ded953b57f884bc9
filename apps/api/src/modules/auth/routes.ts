import {
  SigninErrorCode,
  ZErrorReplySchema,
  ZLogoutRequestSchema,
  ZPasswordlessStartErrorReplySchema,
  ZPasswordlessStartReplySchema,
  ZPasswordlessStartRequestSchema,
  ZPasswordlessVerifyReplySchema,
  ZPasswordlessVerifyRequestSchema,
  ZTokenRefreshReplySchema,
  ZTokenRefreshRequestSchema,
} from '@sage/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_BODY_LIMITS, PUBLIC_RATE_LIMITS } from '../../plugins/app/public-limits';
import type { SigninDeps } from './deps';
import { SigninError } from './errors';
import { startPasswordless, verifyPasswordless } from './passwordless/service';
import { SIGNIN_LIMITS } from './settings';
import { revokeSession, rotateRefreshToken } from './tokens/refresh-tokens';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
};

/** Sign-in errors carry extra fields (senderNumber, retryAfterSeconds, issues); others go to the app's handler. */
export function sendSigninError(error: unknown, reply: FastifyReply): FastifyReply {
  if (!(error instanceof SigninError)) throw error;
  if (error.extra.retryAfterSeconds !== undefined) reply.header('retry-after', error.extra.retryAfterSeconds);
  return reply.code(error.statusCode).send({
    statusCode: error.statusCode,
    error: STATUS_TEXT[error.statusCode] ?? 'Error',
    code: error.code,
    message: error.message,
    ...error.extra,
  });
}

/**
 * Per-client-address limit of code requests, counted in PostgreSQL (every API process shares it: decision
 * 0132) and across both ways of asking (text message, email page). Use with `sharedRateLimit: true`.
 */
export function addressRateLimit(app: FastifyInstance) {
  return {
    max: app.config.SIGNIN_MAX_STARTS_PER_ADDRESS,
    timeWindow: SIGNIN_LIMITS.addressWindowMs,
    groupId: 'signin-start',
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) => {
      const retryAfterSeconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new SigninError(
        429,
        `Too many sign-in codes asked for from this address: try again in ${retryAfterSeconds} s`,
        SigninErrorCode.rate_limited,
        { retryAfterSeconds },
      );
    },
  };
}

/** The 429 of the other public sign-in routes, in the sign-in error shape. */
export const tooManyRequests = (_request: unknown, context: { ttl: number }) => {
  const retryAfterSeconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return new SigninError(
    429,
    `Too many requests from this address: try again in ${retryAfterSeconds} s`,
    SigninErrorCode.rate_limited,
    { retryAfterSeconds },
  );
};

const errorReplies = {
  400: ZPasswordlessStartErrorReplySchema,
  401: ZPasswordlessStartErrorReplySchema,
  429: ZPasswordlessStartErrorReplySchema,
  502: ZPasswordlessStartErrorReplySchema,
};

/** Passwordless start and verify, token refresh and logout (ARCHITECTURE.md 'Sign-in contract'). Public. */
const signinRoutes: FastifyPluginAsyncZod<{ deps: SigninDeps }> = async (app, { deps }) => {
  app.setErrorHandler((error, _request, reply) => sendSigninError(error, reply));

  app.post(
    '/passwordless/start',
    {
      config: { rateLimit: addressRateLimit(app), sharedRateLimit: true },
      bodyLimit: PUBLIC_BODY_LIMITS.signin,
      schema: {
        tags: ['sign-in'],
        summary: 'Send a 6-digit sign-in code by text message',
        body: ZPasswordlessStartRequestSchema,
        response: { 200: ZPasswordlessStartReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      await startPasswordless(deps, request.body.phoneNumber, request.ip ?? null, request.body.language);
      return { sent: true as const };
    },
  );

  app.post(
    '/passwordless/verify',
    {
      config: { rateLimit: { ...PUBLIC_RATE_LIMITS.signinVerify, errorResponseBuilder: tooManyRequests } },
      bodyLimit: PUBLIC_BODY_LIMITS.signin,
      schema: {
        tags: ['sign-in'],
        summary: 'Sign in with the phone number and the code',
        body: ZPasswordlessVerifyRequestSchema,
        response: { 200: ZPasswordlessVerifyReplySchema, ...errorReplies },
      },
    },
    async (request) => verifyPasswordless(deps, request.body.phoneNumber, request.body.code),
  );

  app.post(
    '/token',
    {
      config: { rateLimit: { ...PUBLIC_RATE_LIMITS.tokenRefresh, errorResponseBuilder: tooManyRequests } },
      bodyLimit: PUBLIC_BODY_LIMITS.signin,
      schema: {
        tags: ['sign-in'],
        summary: 'A fresh access token; the refresh token is rotated (a used one ends the session)',
        body: ZTokenRefreshRequestSchema,
        response: {
          200: ZTokenRefreshReplySchema,
          400: ZErrorReplySchema,
          401: ZPasswordlessStartErrorReplySchema,
          429: ZPasswordlessStartErrorReplySchema,
        },
      },
    },
    async (request) => rotateRefreshToken(deps, request.body.refreshToken, request.body.idleSeconds),
  );

  app.post(
    '/logout',
    {
      config: { rateLimit: { ...PUBLIC_RATE_LIMITS.logout, errorResponseBuilder: tooManyRequests } },
      bodyLimit: PUBLIC_BODY_LIMITS.signin,
      schema: {
        tags: ['sign-in'],
        summary: 'End the session of this refresh token (its whole chain)',
        body: ZLogoutRequestSchema,
        response: {
          204: z.undefined().describe('Signed out'),
          400: ZErrorReplySchema,
          429: ZPasswordlessStartErrorReplySchema,
        },
      },
    },
    async (request, reply) => {
      await revokeSession(deps, request.body.refreshToken);
      return reply.code(204).send();
    },
  );
};
export default signinRoutes;
