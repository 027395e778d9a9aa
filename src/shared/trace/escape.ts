/**
 * Names and labels from a trace, written so mermaid reads them as text and nothing else. Mermaid's
 * sequence lexer ends a label at `#` and `;`, reads `%%` as a comment and `%%{…}%%` as a directive
 * anywhere, turns `<br>` into a line break, splits `A:B` at the colon and an alias at a comma.
 * Every one of those characters becomes its numeric entity (`#59;`), which mermaid decodes only when
 * it draws the text; newlines and other control characters become spaces.
 */

const SPECIAL = /[#;%<>&:,{}"`\\|]/g;
// Line breaks and the C0/C1 controls, plus the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Text as a mermaid label: one line, every character mermaid would read as syntax as an entity. */
export function escapeLabel(text: string): string {
  return text
    .replace(CONTROL, ' ')
    .trim()
    .replace(SPECIAL, (char) => `#${char.charCodeAt(0)};`);
}

/** At most `max` characters (an ellipsis in the middle keeps both ends of a long route). */
export function shorten(text: string, max: number): string {
  const clean = text.replace(CONTROL, ' ').trim();
  if (clean.length <= max) return clean;
  const head = Math.ceil((max - 1) * 0.6);
  const tail = max - 1 - head;
  return `${clean.slice(0, head)}…${tail > 0 ? clean.slice(clean.length - tail) : ''}`;
}

/** Words mermaid's sequence lexer reads as keywords where a participant id would stand. */
const KEYWORDS = new Set([
  'participant',
  'actor',
  'create',
  'destroy',
  'as',
  'loop',
  'rect',
  'opt',
  'alt',
  'else',
  'par',
  'par_over',
  'and',
  'critical',
  'option',
  'break',
  'end',
  'left',
  'right',
  'of',
  'links',
  'link',
  'properties',
  'details',
  'over',
  'note',
  'activate',
  'deactivate',
  'title',
  'acctitle',
  'accdescr',
  'sequencediagram',
  'autonumber',
  'off',
  'box',
  'x',
]);

/** A participant id made of letters, digits and `_` only, unique among `taken`. */
export function participantId(name: string, taken: Set<string>): string {
  let id = name
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  if (id === '' || /^[0-9]/.test(id) || KEYWORDS.has(id.toLowerCase())) id = `s_${id}`;
  let unique = id;
  for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${id}_${n}`;
  taken.add(unique.toLowerCase());
  return unique;
}
