/**
 * Structured logs (pino) that never hold a secret: requests are logged by method, path and the
 * names of their query parameters' values only when harmless; headers, cookies and bodies are
 * never serialised; errors keep their type, message, code and stack and nothing else (a database
 * error's parameters, a request it carries). Every line of a request carries its id.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** Query parameters whose values are credentials (an OIDC code, a state, a token of any kind). */
const SECRET_PARAM = /code|state|token|secret|key|password|session|auth|nonce|verifier/i;

/** The request's URL with secret-looking query values replaced. */
export function logSafeUrl(url: string): string {
  const index = url.indexOf('?');
  if (index < 0) return url;
  const params = new URLSearchParams(url.slice(index + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) params.set(name, '[redacted]');
  }
  return `${url.slice(0, index)}?${params.toString()}`;
}

/** A failed query's message lists its parameters (user text, e-mails, hashes): keep the SQL only. */
const withoutParams = (text: string) => text.replace(/\nparams: .*/g, '\nparams: [redacted]');

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
}

interface LoggedError {
  type?: string;
  cause?: unknown;
  message?: string;
  code?: unknown;
  statusCode?: unknown;
  stack?: string;
}

const serializers = {
  req(request: LoggedRequest) {
    return { method: request.method, url: logSafeUrl(request.url ?? ''), ip: request.ip };
  },
  err(error: LoggedError) {
    return {
      type: error.constructor?.name ?? error.type ?? 'Error',
      message: withoutParams(error.message ?? ''),
      code: error.code,
      statusCode: error.statusCode,
      stack: withoutParams(error.stack ?? ''),
      ...(error.cause instanceof Error ? { cause: withoutParams(error.cause.message) } : {}),
    };
  },
};

/** Belt and braces: any header or body that a future log call passes is censored. */
const REDACT = [
  'req.headers',
  'request.headers',
  'headers.cookie',
  'headers.authorization',
  'res.headers',
  'body',
  'req.body',
  'cookie',
  'authorization',
];

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface LoggingOptions {
  level: string;
  /** Where log lines go (tests capture them); standard output when absent. */
  stream?: DestinationStream;
  /** Behind a trusted proxy, a well-formed incoming X-Request-Id is kept. */
  trustProxy: boolean;
}

export function loggingOptions(
  options: LoggingOptions,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    // Fastify's own two lines per request are replaced by one (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    logger: {
      level: options.level,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers,
      ...(options.stream ? { stream: options.stream } : {}),
    },
    requestIdHeader: false,
    genReqId(request: IncomingMessage) {
      const given = request.headers['x-request-id'];
      if (options.trustProxy && typeof given === 'string' && REQUEST_ID.test(given)) return given;
      return randomUUID();
    },
  };
}
