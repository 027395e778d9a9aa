/**
 * One log line per request, written when it is answered: method, path (secrets redacted),
 * status and time. In development the lines are made readable for a person at a terminal; in
 * production they stay JSON, one object a line, for a log collector.
 */
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';

export function logRequests(app: FastifyInstance): void {
  // The arrival line only at debug: a request in flight can still be followed when needed.
  app.addHook('onRequest', async (request) => {
    request.log.debug({ req: request }, 'incoming request');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
  });
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields every line has, left out of the readable form's extra details. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'ms']);

interface Entry {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  ms?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

/** A pino JSON line as one readable line: `12:04:31 INFO  GET /api/user 401 3 ms`. */
export function readableLine(json: string): string {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = LEVELS[entry.level ?? 30] ?? 'INFO ';
  const head =
    entry.msg === 'request completed' && entry.req
      ? `${entry.req.method} ${entry.req.url} ${entry.res?.statusCode ?? ''} ${entry.ms ?? ''} ms`
      : entry.req
        ? `${entry.msg ?? ''} ${entry.req.method} ${entry.req.url}`
        : (entry.msg ?? '');
  const extra = Object.fromEntries(Object.entries(entry).filter(([key]) => !SHOWN.has(key)));
  const details = Object.keys(extra).length > 0 ? ` ${JSON.stringify(extra)}` : '';
  return `${time} ${level} ${head}${details}\n`;
}

/** Standard output, one readable line per log line (development). */
export function readableStream(out: NodeJS.WritableStream = process.stdout): DestinationStream {
  return { write: (line: string) => void out.write(readableLine(line)) };
}
