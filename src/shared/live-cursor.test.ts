/**
 * Every cursor the awareness schema lets through can be read by every other client as
 * y-codemirror.next reads it (the parsed JSON handed to Yjs as a relative position): reading it
 * never throws and never adds a root type to the reader's document. Generated: near-valid
 * cursors (each field dropped, retyped or out of range) and arbitrary JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { awarenessState, LIVE_TEXT } from './live.js';

/** A document as an editor holds it: some text from two clients, some of it deleted. */
function readerDoc(): Y.Doc {
  const doc = new Y.Doc();
  const text = doc.getText(LIVE_TEXT);
  text.insert(0, 'sequenceDiagram\n  A->>B: hi\n');
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
  other.getText(LIVE_TEXT).insert(5, 'xyz');
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(other));
  text.delete(2, 4);
  return doc;
}

/** What y-codemirror.next does with a remote cursor's two ends (y-remote-selections.js). */
function readAsEditor(doc: Y.Doc, cursor: { anchor: unknown; head: unknown }) {
  const read = (position: unknown) =>
    Y.createAbsolutePositionFromRelativePosition(position as Y.RelativePosition, doc);
  return [read(cursor.anchor), read(cursor.head)];
}

const id = fc.record({
  client: fc.oneof(fc.nat(4), fc.nat()),
  clock: fc.oneof(fc.nat(40), fc.nat()),
});
const nearValidPosition = fc.record(
  {
    type: fc.oneof(fc.constant(null), id, fc.constant(undefined)),
    tname: fc.oneof(fc.constant(LIVE_TEXT), fc.constant('meta'), fc.string(), fc.constant(null)),
    item: fc.oneof(fc.constant(null), id, fc.constant({}), fc.string()),
    assoc: fc.oneof(fc.integer({ min: -1, max: 1 }), fc.integer(), fc.double(), fc.string()),
  },
  { requiredKeys: [] },
);
const position = fc.oneof(nearValidPosition, fc.jsonValue());

describe('awareness cursors', () => {
  it('takes the cursor a real editor sends', () => {
    const doc = readerDoc();
    const text = doc.getText(LIVE_TEXT);
    // As y-codemirror.next sets it: RelativePosition objects, sent as JSON.
    for (const index of [0, 3, text.length]) {
      const at = Y.createRelativePositionFromTypeIndex(text, index);
      const cursor = JSON.parse(JSON.stringify({ anchor: at, head: at })) as unknown;
      expect(awarenessState.safeParse({ cursor }).success).toBe(true);
    }
  });

  it('refuses a cursor end without a position', () => {
    const at = JSON.parse(
      JSON.stringify(Y.createRelativePositionFromTypeIndex(readerDoc().getText(LIVE_TEXT), 1)),
    ) as unknown;
    expect(awarenessState.safeParse({ cursor: { anchor: at, head: {} } }).success).toBe(false);
  });

  it('lets through only cursors every editor can read', () => {
    fc.assert(
      fc.property(position, position, (anchor, head) => {
        const cursor = { anchor, head };
        if (!awarenessState.safeParse({ cursor }).success) return;
        const doc = readerDoc();
        const roots = [...doc.share.keys()];
        expect(() => readAsEditor(doc, cursor)).not.toThrow();
        expect([...doc.share.keys()]).toEqual(roots);
      }),
      { seed: 43_009, numRuns: 2_000 },
    );
  });
});
