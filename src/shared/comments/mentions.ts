/**
 * `@name` mentions in a comment's body. The server records whom a body names among the people of
 * the diagram (`mentionedPeople`); the app marks every `@word` of a body (`mentionSpans`). Both
 * scan the text once, with no pattern run over it.
 */

export interface Person {
  id: number;
  name: string;
  email: string | null;
}

/** Characters a mentioned name's word is made of. */
const isNameChar = (char: string) => /[\p{L}\p{N}._'-]/u.test(char);

/** The ways a person may be named after `@`: their name, its first word, their address's local part. */
function handlesOf(person: Person): string[] {
  const name = person.name.trim().toLowerCase();
  const handles = new Set<string>();
  if (name) handles.add(name);
  const first = name.split(/\s+/)[0];
  if (first) handles.add(first);
  const local = person.email?.split('@')[0]?.toLowerCase();
  if (local) handles.add(local);
  return [...handles];
}

/** The people among `people` the body names with `@handle` (each once, in `people`'s order). */
export function mentionedPeople(body: string, people: readonly Person[]): Person[] {
  const text = body.toLowerCase();
  const named: Person[] = [];
  for (const person of people) {
    const found = handlesOf(person).some((handle) => {
      let at = text.indexOf(`@${handle}`);
      while (at >= 0) {
        const after = text[at + handle.length + 1];
        const next = text[at + handle.length + 2] ?? ' ';
        // A full stop ends a sentence unless a name goes on after it (`@first.last`).
        if (after === undefined || !isNameChar(after) || (after === '.' && !isNameChar(next))) {
          return true;
        }
        at = text.indexOf(`@${handle}`, at + 1);
      }
      return false;
    });
    if (found) named.push(person);
  }
  return named;
}

export type BodyPart = { kind: 'text' | 'mention'; text: string };

/** The body cut into plain text and `@word` mentions, for showing them marked. */
export function mentionSpans(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let text = '';
  let i = 0;
  const chars = [...body];
  while (i < chars.length) {
    const char = chars[i]!;
    const before = i > 0 ? chars[i - 1]! : ' ';
    if (char === '@' && !isNameChar(before) && i + 1 < chars.length && isNameChar(chars[i + 1]!)) {
      let end = i + 1;
      while (end < chars.length && isNameChar(chars[end]!)) end++;
      // A full stop after the name ends the sentence: it is not part of the mention.
      while (end > i + 2 && chars[end - 1] === '.') end--;
      if (text) parts.push({ kind: 'text', text });
      text = '';
      parts.push({ kind: 'mention', text: chars.slice(i, end).join('') });
      i = end;
      continue;
    }
    text += char;
    i++;
  }
  if (text) parts.push({ kind: 'text', text });
  return parts;
}
