/**
 * Text typed before the editor joins its live copy, and saved over HTTP meanwhile, ends up as
 * exactly that text, once: whether the update the server made of that save reaches the live copy
 * before the join or after it. Generated cases with a fixed seed: a failure prints the seed and
 * the shrunk case.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { LIVE_TEXT } from '@shared/live';
import { OpenDiagram, ORIGIN, seededDoc } from './openDiagram';
import { applyTextDiff } from './textDiff';

const line = fc.stringMatching(/^[A-Za-z0-9 >-]{0,12}$/);
const text = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n'));

/** Sends `from` what `to` lacks. */
const pass = (from: Y.Doc, to: Y.Doc) =>
  Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)), 'wire');

describe('joining the live copy after a save over HTTP', () => {
  it('makes the saved text once, whenever the server’s update of the save arrives', () => {
    fc.assert(
      fc.property(text, text, fc.boolean(), (old, pasted, late) => {
        const server = seededDoc({ title: 'Flow', content: old });
        const shared = new Y.Doc();
        pass(server, shared); // the first sync: the old text
        const diagram = new OpenDiagram({ title: 'Flow', content: old });
        // Select all and paste, before the join.
        diagram.doc.transact(() => applyTextDiff(diagram.text, pasted), ORIGIN.local);
        // The save over HTTP: the server applies it to its live document as a diff of its own.
        const before = Y.encodeStateVector(server);
        server.transact(() => applyTextDiff(server.getText(LIVE_TEXT), pasted), 'rest');
        const saved = Y.encodeStateAsUpdate(server, before);
        if (!late) Y.applyUpdate(shared, saved, 'wire');
        diagram.attach(shared, { serverHolds: pasted });
        if (late) Y.applyUpdate(shared, saved, 'wire');
        pass(shared, server);
        pass(server, shared);
        expect(server.getText(LIVE_TEXT).toString()).toBe(pasted);
        expect(diagram.read().content).toBe(pasted);
        diagram.destroy();
      }),
      { seed: 20_261_127, numRuns: 300 },
    );
  });

  it('still puts back text the server does not have', () => {
    const server = seededDoc({ title: 'Flow', content: 'flowchart TD\n  A --> B' });
    const shared = new Y.Doc();
    pass(server, shared);
    const diagram = new OpenDiagram({ title: 'Flow', content: 'flowchart TD\n  A --> B' });
    diagram.doc.transact(() => applyTextDiff(diagram.text, 'flowchart LR\n  C'), ORIGIN.local);
    diagram.attach(shared, { serverHolds: 'flowchart TD\n  A --> B' });
    pass(shared, server);
    expect(server.getText(LIVE_TEXT).toString()).toBe('flowchart LR\n  C');
    diagram.destroy();
  });
});
