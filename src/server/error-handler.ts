/**
 * One serializer for every failure: `{ error }` with the right status. Bad input never becomes a
 * 500; unexpected errors become a generic 500 and one log line.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNREACHABLE,
  isDatabaseUnavailable,
} from './db/unavailable.js';
import { AppError, GENERIC_500 } from './errors.js';

function describeValidation(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const [first] = error.validation;
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || '';
  const message = first?.message ?? 'is invalid';
  // Our schemas' messages already name their field ("title must not be empty").
  if (!field || message.startsWith(field)) return message;
  return `${field}: ${message}`;
}

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json.',
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      // Diagram text over the limit is "too large", not merely malformed.
      const tooLarge = first?.keyword === 'too_big' && first.instancePath === '/content';
      return reply.status(tooLarge ? 413 : 400).send({ error: describeValidation(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRIENDLY[error.code] ?? error.message;
      return reply.status(status).send({ error: message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return reply.status(503).send({ error: DATABASE_UNREACHABLE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: GENERIC_500 });
  });
}

/**
 * Errors the router raises before any route runs (a malformed %-escape in the path): the same
 * `{ error }` shape as everything else instead of Fastify's own.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({
    error:
      error.code === 'FST_ERR_BAD_URL'
        ? 'The address is not valid: it holds a malformed %-escape.'
        : 'The request could not be understood.',
  });
}
