/**
 * A trace file's body as the chunks it arrived in, each copied as it comes (a small copy per
 * event), never joined here: joining or decoding 30 MB at once holds the event loop for a good
 * part of a second, so the worker that reads the file does it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { TRACE_FILE_MAX_BYTES } from '../../shared/trace/index.js';
import { AppError } from '../errors.js';

export const TRACE_TOO_LARGE = `The trace file is larger than ${
  TRACE_FILE_MAX_BYTES / (1024 * 1024)
} MB; export one trace, or fewer spans.`;

/**
 * A plugin scope whose routes take a trace file as the body: kept as the chunks it came in
 * whatever its type says (JSON, JSON lines, protobuf or plain text), for the worker to join,
 * decode and read; a body announced larger than `maxBytes` (a trace file, or a form holding one)
 * is answered 413 before it is read.
 */
export function acceptTraceFiles(scope: FastifyInstance, maxBytes = TRACE_FILE_MAX_BYTES): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request: FastifyRequest, payload: Readable) =>
    readChunks(payload, TRACE_FILE_MAX_BYTES, TRACE_TOO_LARGE),
  );
  scope.addHook('onRequest', async (request) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
      throw new AppError(413, TRACE_TOO_LARGE);
    }
  });
}

export function readChunks(
  payload: Readable,
  limit: number,
  tooLarge: string,
): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let received = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      // Whatever still arrives is read and dropped, so the answer can be sent.
      payload.on('error', () => undefined);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.byteLength;
      if (received > limit) {
        stop();
        reject(new AppError(413, tooLarge));
        return;
      }
      // A copy of its own: the chunk may be a view of a buffer the socket reuses.
      chunks.push(new Uint8Array(bytes));
    };
    const onEnd = () => {
      stop();
      resolve(chunks);
    };
    const onError = (error: Error) => {
      stop();
      reject(new AppError(400, `The file did not arrive whole (${error.message}); send it again.`));
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
