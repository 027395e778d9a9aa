/**
 * A trace file's body as the chunks it arrived in, each copied as it comes (a small copy per
 * event), never joined here: joining or decoding 30 MB at once holds the event loop for a good
 * part of a second, so the worker that reads the file does it.
 */
import type { Readable } from 'node:stream';
import { AppError } from '../errors.js';

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
