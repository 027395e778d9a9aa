/**
 * Generated sequence diagrams (comments, directives, blank lines, mixed indentation, CRLF,
 * blocks, styles) and drawing gestures aimed at what is in them, for the drawing-edit tests.
 */
import fc from 'fast-check';
import type { DrawingEdit } from '../../src/shared/mermaid-reader/drawing-edit.js';
import {
  MESSAGE_ARROWS,
  WRAP_BLOCKS,
} from '../../src/shared/mermaid-reader/drawing-edit-messages.js';
import { PARTICIPANT_TYPES } from '../../src/shared/mermaid-reader/drawing-edit-participants.js';
import {
  participantsOf,
  readSequence,
  type Statement,
} from '../../src/shared/mermaid-reader/sequence.js';

const NAMES = ['Alice', 'Bob', 'Carol', 'Dave'] as const;
const name = fc.constantFrom(...NAMES);

export interface Shape {
  indent: string;
  crlf: boolean;
  lead: string[];
  declared: { keyword: string; name: string; alias: boolean }[];
  autonumber: boolean;
  body: Item[];
  styles: boolean;
  trailingNewline: boolean;
}
type Item =
  | { t: 'msg'; from: string; to: string; arrow: string; label: string }
  | { t: 'note'; over: string }
  | { t: 'quiet'; text: string }
  | { t: 'block'; keyword: string; sections: Item[][] };

const message = fc.record({
  t: fc.constant('msg' as const),
  from: name,
  to: name,
  arrow: fc.constantFrom(...MESSAGE_ARROWS),
  label: fc.constantFrom('hi', 'ok #59; done', 'fetch(x)', ''),
});
const quiet = fc.record({
  t: fc.constant('quiet' as const),
  text: fc.constantFrom('', '%% a comment', '   ', '%%{init: {"theme": "dark"}}%%'),
});
const note = fc.record({ t: fc.constant('note' as const), over: name });

const { item } = fc.letrec<{ item: Item }>((tie) => ({
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    message,
    message,
    quiet,
    note,
    fc.record({
      t: fc.constant('block' as const),
      keyword: fc.constantFrom('loop', 'alt', 'opt', 'par', 'critical', 'rect rgb(0,0,0)'),
      sections: fc.array(fc.array(tie('item'), { maxLength: 3 }), { minLength: 1, maxLength: 2 }),
    }),
  ),
}));

export const shape: fc.Arbitrary<Shape> = fc.record({
  indent: fc.constantFrom('    ', '  ', '\t'),
  crlf: fc.boolean(),
  lead: fc.array(fc.constantFrom('%% leading comment', '', '%%{init: {"mirrorActors": false}}%%'), {
    maxLength: 2,
  }),
  declared: fc.uniqueArray(
    fc.record({
      keyword: fc.constantFrom('participant', 'actor'),
      name,
      alias: fc.boolean(),
    }),
    { selector: (d) => d.name, maxLength: 3 },
  ),
  autonumber: fc.boolean(),
  body: fc.array(item, { minLength: 1, maxLength: 8 }),
  styles: fc.boolean(),
  trailingNewline: fc.boolean(),
});

const BRANCH: Record<string, string> = { alt: 'else', par: 'and', critical: 'option' };

export function write(s: Shape): string {
  const out = [...s.lead, 'sequenceDiagram'];
  const pad = (depth: number) => s.indent.repeat(depth);
  for (const d of s.declared)
    out.push(`${pad(1)}${d.keyword} ${d.name}${d.alias ? ' as The ' + d.name : ''}`);
  if (s.autonumber) out.push(`${pad(1)}autonumber`);
  const items = (list: Item[], depth: number) => {
    for (const it of list) {
      if (it.t === 'msg') out.push(`${pad(depth)}${it.from}${it.arrow}${it.to}: ${it.label}`);
      else if (it.t === 'note') out.push(`${pad(depth)}Note right of ${it.over}: noted`);
      else if (it.t === 'quiet') out.push(it.text === '' ? '' : `${pad(depth)}${it.text}`);
      else {
        const keyword = it.keyword.split(' ')[0]!;
        it.sections.forEach((section, index) => {
          const head = index === 0 ? it.keyword : (BRANCH[keyword] ?? null);
          if (head === null) return;
          out.push(`${pad(depth)}${head} step ${index}`);
          items(section, depth + 1);
        });
        out.push(`${pad(depth)}end`);
      }
    }
  };
  items(s.body, 1);
  if (s.styles) out.push(`${pad(1)}style ${s.declared[0]?.name ?? 'Alice'} fill:#e0e7ff`);
  if (s.styles && out.some((l) => l.includes('->') || l.includes('-)') || l.includes('-x'))) {
    out.push(`${pad(1)}linkStyle 0 stroke:#dc2626`);
  }
  let text = out.join(s.crlf ? '\r\n' : '\n');
  if (s.trailingNewline) text += s.crlf ? '\r\n' : '\n';
  return text;
}

/** A gesture aimed at something in the text (a line of the right kind, a known participant). */
export function gesture(text: string, pick: number[]): DrawingEdit {
  const statements = readSequence(text);
  const lines = (kind: Statement['kind']) =>
    statements.flatMap((s, index) => (s.kind === kind ? [index + 1] : []));
  const choose = <T>(list: readonly T[], at: number): T | undefined =>
    list[pick[at]! % list.length];
  const messages = lines('message');
  const blocks = lines('open');
  const people = participantsOf(statements).map((p) => p.name);
  const line = choose(messages, 1) ?? 1;
  const who = choose(people, 2) ?? 'Alice';
  const ops: DrawingEdit[] = [
    { op: 'insert-message', at: 1 + (pick[3]! % (statements.length + 1)), from: who, to: 'Bob' },
    { op: 'move-message', line, to: 1 + (pick[3]! % (statements.length + 1)) },
    { op: 'reconnect', line, end: pick[4]! % 2 ? 'from' : 'to', participant: who },
    { op: 'reverse', line },
    { op: 'arrow', line, arrow: choose(MESSAGE_ARROWS, 4)! },
    { op: 'add-note', line },
    { op: 'activate', line },
    { op: 'wrap', line, block: choose(WRAP_BLOCKS, 4)! },
    { op: 'delete-message', line },
    { op: 'message-label', line, text: pick[4]! % 2 ? 'pay #1; now' : 'two\nlines' },
    { op: 'reorder-participant', name: who, before: choose([...people, null], 4) ?? null },
    { op: 'rename', name: who, to: 'Zed9' },
    { op: 'participant-type', name: who, type: choose(PARTICIPANT_TYPES, 4)! },
    { op: 'delete-participant', name: who },
    { op: 'add-branch', line: choose(blocks, 1) ?? 1 },
    { op: 'unwrap', line: choose(blocks, 1) ?? 1 },
    { op: 'delete-block', line: choose(blocks, 1) ?? 1 },
  ];
  return ops[pick[0]! % ops.length]!;
}

/** A diagram and a gesture aimed at it. */
export const diagramAndGesture = fc
  .tuple(shape, fc.array(fc.nat(), { minLength: 5, maxLength: 5 }))
  .map(([s, pick]) => {
    const text = write(s);
    return { shape: s, text, request: gesture(text, pick) };
  });
