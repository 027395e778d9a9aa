/** Uploaded bytes → diagram text, refusing anything that is not UTF-8 text. */
import { badRequest } from '../errors.js';

// NUL and the C0 controls other than tab, line feed, vertical tab, form feed and carriage
// return mark binary data (PostgreSQL text cannot even hold NUL).
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const BINARY = /[\u0000-\u0008\u000e-\u001f]/;

const strict = new TextDecoder('utf-8', { fatal: true });
const keepingBom = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * `exact`: a file of a Lifeline export, whose bytes are the stored text, so even a leading
 * byte-order mark is kept. Other files lose one, as editors add it unasked.
 */
export function decodeText(bytes: Uint8Array, label: string, exact = false): string {
  let text: string;
  try {
    text = (exact ? keepingBom : strict).decode(bytes);
  } catch {
    throw badRequest(`${label} is not a text file: it is not valid UTF-8.`);
  }
  if (BINARY.test(text)) throw badRequest(`${label} is not a text file: it holds binary data.`);
  return text;
}
