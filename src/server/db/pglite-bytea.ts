/**
 * bytea for PGlite through Node's own hex codec. PGlite's default writes a Uint8Array one byte
 * at a time in JavaScript (a 500 KB live update took 200–280 ms, on the event loop) and reads it
 * back with a parseInt per byte; Buffer's hex codec does either in a few milliseconds.
 */
import type { PGliteOptions } from '@electric-sql/pglite';

/** PostgreSQL's type id of bytea. */
const BYTEA = 17;

export const byteaCodec: Pick<PGliteOptions, 'serializers' | 'parsers'> = {
  serializers: {
    [BYTEA]: (value: Uint8Array) =>
      `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: {
    [BYTEA]: (text: string) => {
      const bytes = Buffer.from(text.slice(2), 'hex');
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  },
};
