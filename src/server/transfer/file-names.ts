/**
 * File and folder names for an export zip, safe on every common file system: no separators or
 * characters Windows forbids, no control characters, no leading dots (hidden on Unix), no
 * trailing dots or spaces (dropped by Windows), no reserved device names, and short enough that
 * a folder and a file name stay far below 255 bytes. Bidirectional controls are dropped: U+202E
 * would show "invoice\u202Efdp.exe" as "invoiceexe.pdf".
 */

/** UTF-8 bytes of one name, before its extension. */
export const NAME_MAX_BYTES = 120;
const FALLBACK = 'Untitled';
// Control characters are exactly what this pattern must find.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g;
/** Bidirectional embeddings, overrides, isolates and marks (Unicode's Bidi_Control set). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

function capBytes(text: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const char of text) {
    const size = encoder.encode(char).length;
    if (bytes + size > maxBytes) break;
    out += char;
    bytes += size;
  }
  return out;
}

/** A title or folder name made safe as one path segment (without extension). */
export function safeName(name: string): string {
  let safe = name
    .normalize('NFC')
    .replace(BIDI_CONTROLS, '')
    .replace(FORBIDDEN, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  safe = safe.replace(/^[.\s]+/, '');
  safe = capBytes(safe, NAME_MAX_BYTES).replace(/[.\s]+$/, '');
  if (safe === '') return FALLBACK;
  return RESERVED.test(safe) ? `${safe}_` : safe;
}

/**
 * Hands out unique names within one folder of the zip. Comparison ignores case, since Windows
 * and macOS would put "Plan" and "plan" in one file; later ones get " (2)", " (3)", …
 */
export function uniqueNames() {
  const taken = new Set<string>();
  return (base: string, extension = ''): string => {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? `${base}${extension}` : `${base} (${n})${extension}`;
      const key = candidate.toLowerCase();
      if (!taken.has(key)) {
        taken.add(key);
        return candidate;
      }
    }
  };
}
