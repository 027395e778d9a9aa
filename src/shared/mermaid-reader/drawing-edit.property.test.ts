/**
 * Generated diagrams (comments, directives, blank lines, mixed indentation, CRLF, blocks, styles)
 * and generated gestures: every gesture is one edit or a refusal with a reason; an edit leaves
 * every line it does not touch byte for byte, does what it says when the text is read back, and
 * adds no warning the reader did not already give.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diagramAndGesture } from '../../../test/support/drawing-gestures.js';
import { applyTextEdit, drawingEdit, type DrawingEdit } from './drawing-edit.js';
import { DiagramText } from './drawing-edit-text.js';
import { participantsOf, readSequence, type Statement } from './sequence.js';
import { sequenceWarnings } from './warnings.js';

/** The old lines (0-based) a gesture may change or remove; every other line must stay. */
function touched(source: string, request: DrawingEdit): Set<number> {
  const text = new DiagramText(source);
  const out = new Set<number>();
  const group = (index: number) => {
    const { first, last } = text.messageGroup(index);
    for (let at = first; at <= last; at++) out.add(at);
  };
  const naming = (who: string) =>
    text.statements.forEach((s, index) => {
      const styled = s.kind === 'style' && new RegExp(`\\b${who}\\b`).test(text.content(index));
      if (s.names.some((ref) => ref.name === who) || styled) {
        out.add(index);
        if (s.kind === 'message') group(index);
      }
    });
  if ('line' in request) group(request.line - 1);
  // Gestures that add, move or remove messages renumber the linkStyle lines that follow them.
  if (
    [
      'insert-message',
      'move-message',
      'delete-message',
      'delete-participant',
      'delete-block',
    ].includes(request.op)
  ) {
    text.statements.forEach((s, index) => s.keyword === 'linkstyle' && out.add(index));
  }
  switch (request.op) {
    case 'reorder-participant':
    case 'participant-type':
      text.statements.forEach((s, index) => s.kind === 'participant' && out.add(index));
      break;
    case 'rename':
    case 'delete-participant':
      naming(request.name);
      break;
    case 'unwrap':
    case 'delete-block': {
      const block = text.blockAt(request.line - 1);
      const last = block?.end ?? request.line - 1;
      for (let at = request.line - 1; at <= last; at++) out.add(at);
      break;
    }
  }
  return out;
}

/** Whether `kept` appears in `lines` in order (each line byte for byte). */
function isSubsequence(kept: string[], lines: string[]): boolean {
  let at = 0;
  for (const line of lines) if (at < kept.length && line === kept[at]) at++;
  return at === kept.length;
}

const count = (text: string, kind: Statement['kind']) =>
  readSequence(text).filter((s) => s.kind === kind).length;

/**
 * The reader's warnings that mean mermaid would fail; a style line left naming a participant the
 * gesture took out of every message only stops styling.
 */
const warningsOf = (text: string) =>
  sequenceWarnings(text)
    .map((w) => w.message)
    .filter((message) => !message.startsWith('No participant'))
    .sort();

/** What reading the new text back must show for the gesture. */
function intended(before: string, after: string, request: DrawingEdit): void {
  const read = readSequence(after);
  const people = participantsOf(read).map((p) => p.name);
  const at = (line: number) => read[line - 1];
  switch (request.op) {
    case 'reverse':
    case 'reconnect':
    case 'arrow':
    case 'activate': {
      const was = readSequence(before)[request.line - 1]!;
      const now = at(request.line)!;
      expect(now.kind).toBe('message');
      if (request.op === 'reverse') {
        expect(now.names.map((n) => n.name)).toEqual(was.names.map((n) => n.name).reverse());
      } else if (request.op === 'reconnect') {
        expect(now.names[request.end === 'from' ? 0 : 1]!.name).toBe(request.participant);
      } else if (request.op === 'arrow') expect(now.arrow?.text).toBe(request.arrow);
      else expect(now.activation).toBe('+');
      break;
    }
    case 'insert-message':
    case 'add-note':
    case 'move-message':
      expect(count(after, 'message') + count(after, 'note')).toBe(
        count(before, 'message') + count(before, 'note') + (request.op === 'move-message' ? 0 : 1),
      );
      break;
    case 'wrap':
      expect(count(after, 'open')).toBe(count(before, 'open') + 1);
      expect(count(after, 'end')).toBe(count(before, 'end') + 1);
      expect(count(after, 'message')).toBe(count(before, 'message'));
      break;
    case 'delete-message':
      expect(count(after, 'message')).toBe(count(before, 'message') - 1);
      break;
    case 'message-label': {
      const now = at(request.line)!;
      expect(now.kind).toBe('message');
      expect(after.slice(now.text!.from, now.text!.to)).toMatch(
        /^(pay #35;1#59; now|two<br\/>lines)$/,
      );
      break;
    }
    case 'rename':
      expect(people).toContain(request.to);
      expect(people).not.toContain(request.name);
      break;
    case 'delete-participant':
      expect(people).not.toContain(request.name);
      break;
    case 'reorder-participant': {
      const idx = people.indexOf(request.name);
      if (request.before === null) expect(idx).toBe(people.length - 1);
      else expect(people[idx + 1]).toBe(request.before);
      break;
    }
    case 'participant-type': {
      const line = read.find((s) => s.kind === 'participant' && s.names[0]?.name === request.name);
      expect(line).toBeDefined();
      const written = after.slice(line!.from, line!.to);
      if (request.type === 'actor') expect(written).toMatch(/^\s*(create\s+)?actor\s/);
      else if (request.type !== 'participant') expect(written).toContain(`"${request.type}"`);
      break;
    }
    case 'add-branch':
      expect(count(after, 'branch')).toBe(count(before, 'branch') + 1);
      break;
    case 'unwrap':
      expect(count(after, 'open')).toBe(count(before, 'open') - 1);
      expect(count(after, 'message')).toBe(count(before, 'message'));
      break;
    case 'delete-block':
      expect(count(after, 'open')).toBeLessThan(count(before, 'open'));
      break;
  }
}

describe('drawing edits on generated diagrams', () => {
  it('keep every untouched line, do what they say and add no warning', () => {
    fc.assert(
      fc.property(diagramAndGesture, ({ shape: s, text: before, request }) => {
        const result = drawingEdit(before, request);
        if (!result.ok) {
          expect(result.reason.length).toBeGreaterThan(10);
          return;
        }
        const after = applyTextEdit(before, result.edit);
        expect(after).not.toBe(before);
        const gone = touched(before, request);
        // Line by line, endings aside (a line that becomes the last one loses its CRLF).
        const split = (text: string) => text.split('\n').map((l) => l.replace(/\r$/, ''));
        const kept = split(before).filter((_, index) => !gone.has(index));
        expect(isSubsequence(kept, split(after))).toBe(true);
        // CRLF text stays CRLF: no line but the last lacks its carriage return.
        if (s.crlf)
          expect(
            after
              .split('\n')
              .slice(0, -1)
              .every((l) => l.endsWith('\r')),
          ).toBe(true);
        intended(before, after, request);
        const added = warningsOf(after).filter((w) => !warningsOf(before).includes(w));
        expect(added).toEqual([]);
      }),
      { numRuns: 600 },
    );
  });

  it('answers the smallest single change', () => {
    fc.assert(
      fc.property(diagramAndGesture, ({ text: before, request }) => {
        const result = drawingEdit(before, request);
        if (!result.ok) return;
        const { from, to, insert } = result.edit;
        // Trimmed on both sides: neither end of the change could be left out.
        if (insert !== '' && to > from) {
          expect(insert[0]).not.toBe(before[from]);
          expect(insert.at(-1)).not.toBe(before[to - 1]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
