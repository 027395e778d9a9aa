/**
 * The encodings Kroki and mermaid.ink clients put diagram text in a URL:
 * - Kroki: the text deflated (zlib), then base64url;
 * - mermaid.ink: base64 of the text or of a JSON state `{code, mermaid}`, or `pako:` and the
 *   deflated JSON state (what the Mermaid Live Editor writes), or `base64:` and the JSON state.
 * Inflating is bounded: output is counted as it is produced, so a deflate bomb stops early.
 */
import { Inflate, Unzlib } from 'fflate';
import { badRequest } from '../errors.js';

/** More inflated bytes than any diagram within the text limit needs, even JSON-escaped. */
export const MAX_INFLATED_BYTES = 1024 * 1024;
const STEP_BYTES = 4 * 1024;

// One character class, anchored, with at most two padding characters: linear.
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

export function decodeBase64(text: string, what: string): Uint8Array {
  const compact = text.trim();
  if (compact === '' || !BASE64.test(compact) || compact.replace(/=+$/, '').length % 4 === 1) {
    throw badRequest(`${what} is not valid base64 (or base64url) text.`);
  }
  return Buffer.from(compact.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw badRequest(`${what} is not UTF-8 text.`);
  }
}

class TooLarge extends Error {}

function inflateWith(
  Stream: typeof Unzlib | typeof Inflate,
  bytes: Uint8Array,
  maxBytes: number,
): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let total = 0;
  let done = false;
  const stream = new Stream((chunk, final) => {
    total += chunk.length;
    if (total > maxBytes) throw new TooLarge();
    parts.push(chunk);
    if (final) done = true;
  });
  try {
    for (let offset = 0; offset < bytes.length; offset += STEP_BYTES) {
      const end = Math.min(bytes.length, offset + STEP_BYTES);
      stream.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch (error) {
    if (error instanceof TooLarge) throw error;
    return null;
  }
  if (!done) return null;
  return Buffer.concat(parts);
}

/** zlib-wrapped deflate (what pako and zlib write), or raw deflate; null if neither reads. */
export function inflateBounded(bytes: Uint8Array, what: string, maxBytes = MAX_INFLATED_BYTES) {
  try {
    const inflated = inflateWith(Unzlib, bytes, maxBytes) ?? inflateWith(Inflate, bytes, maxBytes);
    if (inflated === null) {
      throw badRequest(`${what} is not deflate-compressed data (or it was cut short).`);
    }
    return inflated;
  } catch (error) {
    if (error instanceof TooLarge) {
      throw badRequest(`${what} inflates to more than ${maxBytes / 1024 / 1024} MB.`);
    }
    throw error;
  }
}

/** Kroki: deflate + base64url. */
export function decodeKroki(encoded: string): string {
  const what = 'The encoded diagram';
  return decodeUtf8(inflateBounded(decodeBase64(encoded, what), what), what);
}

export interface InkState {
  code: string;
  /** The `mermaid` configuration of the state, parsed (it is often stored as JSON text). */
  config: Record<string, unknown>;
}

function parseState(json: string, what: string): InkState {
  let state: unknown;
  try {
    state = JSON.parse(json);
  } catch {
    throw badRequest(`${what} does not hold a JSON diagram state.`);
  }
  if (!isObject(state) || typeof state.code !== 'string') {
    throw badRequest(`${what} holds JSON without a "code" text.`);
  }
  return { code: state.code, config: parseConfig(state.mermaid, what) };
}

function parseConfig(value: unknown, what: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let config = value;
  if (typeof value === 'string') {
    try {
      config = JSON.parse(value);
    } catch {
      throw badRequest(`${what} has a "mermaid" configuration that is not JSON.`);
    }
  }
  if (!isObject(config))
    throw badRequest(`${what} has a "mermaid" configuration that is not an object.`);
  return config;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** mermaid.ink's `{code}` path segment. */
export function decodeInk(code: string): InkState {
  const what = 'The diagram code';
  const colon = code.indexOf(':');
  if (colon >= 0) {
    const kind = code.slice(0, colon);
    const payload = code.slice(colon + 1);
    if (kind === 'pako') {
      return parseState(decodeUtf8(inflateBounded(decodeBase64(payload, what), what), what), what);
    }
    if (kind === 'base64') return parseState(decodeUtf8(decodeBase64(payload, what), what), what);
    throw badRequest(
      `Unknown encoding "${kind.slice(0, 20)}": use pako:, base64: or plain base64.`,
    );
  }
  const text = decodeUtf8(decodeBase64(code, what), what);
  // Plain base64 holds either the diagram text itself or a JSON state.
  if (text.trimStart().startsWith('{')) {
    try {
      return parseState(text, what);
    } catch {
      // Not a state after all: a diagram may start with "{" only in theory; treat it as text.
    }
  }
  return { code: text, config: {} };
}
