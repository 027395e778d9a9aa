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

/** How a failure's message is written: `{ error }` everywhere but the open render endpoints. */
export type ErrorWriter = (reply: FastifyReply, status: number, message: string) => FastifyReply;

const asJson: ErrorWriter = (reply, status, message) =>
  reply.status(status).send({ error: message });

/** Kroki's and mermaid.ink's clients expect a plain-text message. */
export const asPlainText: ErrorWriter = (reply, status, message) =>
  reply.status(status).type('text/plain; charset=utf-8').send(message);

export function installErrorHandler(app: FastifyInstance, write: ErrorWriter = asJson): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return write(reply, error.statusCode, error.message);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      // Diagram text over the limit is "too large", not merely malformed.
      const tooLarge = first?.keyword === 'too_big' && first.instancePath === '/content';
      return write(reply, tooLarge ? 413 : 400, describeValidation(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRIENDLY[error.code] ?? error.message;
      return write(reply, status, message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return write(reply, 503, DATABASE_UNREACHABLE);
    }
    request.log.error({ err: error }, 'unhandled error');
    return write(reply, 500, GENERIC_500);
  });
}

/** The open render endpoints answer failures in plain text, as Kroki and mermaid.ink do. */
export const speaksPlainText = (url: string): boolean =>
  url === '/kroki' || url.startsWith('/kroki/') || url.startsWith('/ink/');

/**
 * Errors the router raises before any route runs (a malformed %-escape in the path): the same
 * shape as everything else instead of Fastify's own.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The address is not valid: it holds a malformed %-escape.'
      : 'The request could not be understood.';
  const write = speaksPlainText(request.url) ? asPlainText : asJson;
  void write(reply, status, message);
}
