import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error with an HTTP status below 500, whose message is safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** For a 400 found by a rule beyond the request schema: the fields and the rules they broke. */
    readonly issues?: { field: string; rule: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (message: string, code = 'NOT_FOUND') => new HttpError(404, message, code);
export const forbidden = (message: string, code = 'FORBIDDEN') => new HttpError(403, message, code);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, message, code);
export const badRequest = (message: string, code = 'BAD_REQUEST') => new HttpError(400, message, code);
/** A 400 naming each field and rule (fields as in schema errors: `body.careOutcomes`, `querystring.x`). */
export const invalidInput = (issues: { field: string; rule: string; message: string }[]) => {
  const first = issues[0];
  const message = first ? `${first.field}: ${first.message} (${first.rule})` : 'Invalid request';
  return new HttpError(400, message, 'VALIDATION_FAILED', issues);
};
export const unauthorized = (message: string, code = 'UNAUTHORIZED') => new HttpError(401, message, code);

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

/** The error model's fixed messages; the contract's ServiceErrorMessages holds the same, for the web app (a test). */
export const INVALID_VALUE_MESSAGE =
  'A value of the request cannot be stored (it holds a character or a number or date out of range)';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot be reached just now; try again in a few seconds';

// Zod issue codes, said as the rule they enforce.
const RULES: Record<string, string> = {
  invalid_type: 'type',
  too_small: 'minimum',
  too_big: 'maximum',
  invalid_format: 'format',
  invalid_value: 'enum',
  unrecognized_keys: 'unknown keys',
  custom: 'custom',
};

/**
 * PostgreSQL data exceptions that only bad input causes (decision 0121): a NUL or broken UTF-8 in text
 * (22021, 22P05), a date or time it cannot hold (22007, 22008), a number out of its column's range (22003),
 * text that is not of the column's type (22P02), text too long for its column (22001).
 */
const DATA_EXCEPTIONS = new Set(['22021', '22P05', '22007', '22008', '22003', '22P02', '22001']);

/** The SQLSTATE of a database error: pg's own, or the one Prisma's driver adapter wraps. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as {
      code?: unknown;
      meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } };
      cause?: unknown;
    };
    const wrapped = candidate.meta?.driverAdapterError?.cause;
    const code = wrapped?.originalCode ?? wrapped?.code;
    if (typeof code === 'string') return code;
    if (
      typeof candidate.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(candidate.code) &&
      !candidate.code.startsWith('P')
    ) {
      return candidate.code;
    }
    e = candidate.cause;
  }
  return undefined;
}

/** Seconds a client is told to wait before trying again while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

export interface ErrorsOptions {
  /**
   * The database could not be reached (a failover, a restart): the request answers 503 with Retry-After rather
   * than 500, and `lost` logs it (once per outage, decision 0591). The API passes `@sage/db`'s classifier; this
   * package stays free of the database (decision 0593).
   */
  databaseUnavailable?: {
    is(error: unknown): boolean;
    lost(log: FastifyBaseLogger, error: unknown): void;
  };
}

/**
 * One error model for every service (ARCHITECTURE.md, 'Service base paths'): 400 names the field and the rule,
 * other codes under 500 carry their message, 500 says only "Internal Server Error"; a database that cannot be
 * reached is a 503 with Retry-After when the service says how to tell (decision 0593).
 */
export default fp<ErrorsOptions>(async function errors(app: FastifyInstance, opts) {
  const unavailable = opts.databaseUnavailable;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const issues = error.validation.map((v) => {
        const field = [where, ...v.instancePath.split('/').filter(Boolean)].join('.');
        return { field, rule: RULES[v.keyword] ?? v.keyword, message: v.message ?? 'is invalid' };
      });
      const first = issues[0];
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message: first ? `${first.field}: ${first.message} (${first.rule})` : 'Invalid request',
        issues,
      });
    }
    const state = error instanceof HttpError ? undefined : sqlState(error);
    if (state && DATA_EXCEPTIONS.has(state)) {
      // A safety net: the request schemas should have refused this value, so it means a gap in one of them.
      request.log.warn(
        { err: error, sqlState: state, route: request.routeOptions.url, method: request.method },
        'bad input reached the database: a request schema lets it through',
      );
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        code: 'INVALID_VALUE',
        message: INVALID_VALUE_MESSAGE,
      });
    }
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500 && unavailable?.is(error)) {
      unavailable.lost(request.log, error);
      return reply.code(503).header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS)).send({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'database_unavailable',
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
    }
    // Fastify's own 4xx (bad JSON, body too large, ...) and ours. A body its parser refused names the body.
    const bodyIssue =
      status === 400 && typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_')
        ? [{ field: 'body', rule: 'parse', message: error.message }]
        : undefined;
    return reply.code(status).send({
      statusCode: status,
      error: STATUS_TEXT[status] ?? 'Error',
      code: error instanceof HttpError ? error.code : error.code,
      message: error.message,
      ...(error instanceof HttpError && error.issues ? { issues: error.issues } : {}),
      ...(bodyIssue ? { issues: bodyIssue } : {}),
    });
  });
});
