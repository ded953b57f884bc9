import type { FastifyError, FastifyInstance } from 'fastify';
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
 * One error model for every service (ARCHITECTURE.md): 400 names the field and the rule,
 * other codes under 500 carry their message, 500 says only "Internal Server Error".
 */
export default fp(async function errors(app: FastifyInstance) {
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
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' });
    }
    // Fastify's own 4xx (bad JSON, body too large, ...) and ours.
    return reply.code(status).send({
      statusCode: status,
      error: STATUS_TEXT[status] ?? 'Error',
      code: error instanceof HttpError ? error.code : error.code,
      message: error.message,
      ...(error instanceof HttpError && error.issues ? { issues: error.issues } : {}),
    });
  });
});
