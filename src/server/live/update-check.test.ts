/**
 * checkUpdate against real Yjs documents: the attack updates are refused before they are
 * applied; real typing, a 50,000-character paste and a long offline session pass, and the text
 * growth it answers is what applying the update does.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import { LIVE_META, LIVE_TEXT } from '../../shared/live.js';
import { TITLE_MAX } from '../../shared/schemas.js';
import { concurrentItems, junkRoot, metaEntry } from '../../../test/support/live-attacks.js';
import { checkUpdate } from './update-check.js';

function serverDoc(content = 'graph TD\n  A --> B\n'): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    doc.getText(LIVE_TEXT).insert(0, content);
    doc.getMap(LIVE_META).set('title', 'T');
  });
  return doc;
}

/** A client's copy of `server`, and the update `edit` makes on it. */
function clientEdit(server: Y.Doc, edit: (text: Y.Text, doc: Y.Doc) => void): Uint8Array {
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  const before = Y.encodeStateVector(client);
  edit(client.getText(LIVE_TEXT), client);
  const update = Y.encodeStateAsUpdate(client, before);
  client.destroy();
  return update;
}

function growthOf(server: Y.Doc, update: Uint8Array): number {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(server));
  const before = copy.getText(LIVE_TEXT).length;
  Y.applyUpdate(copy, update);
  return copy.getText(LIVE_TEXT).length - before;
}

it('refuses 5,000 one-character items from as many client ids, and the document stays intact', () => {
  const doc = serverDoc();
  const before = Y.encodeStateAsUpdate(doc);
  expect(checkUpdate(doc, concurrentItems(5000, 1000))).toEqual({
    ok: false,
    reason: 'too-complex',
  });
  expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
});

it('refuses a second wave of concurrent items once the first is in the document', () => {
  const doc = serverDoc();
  // Waves within the client-id bound, each placed by scanning all the earlier ones.
  for (let wave = 0; ; wave++) {
    const update = concurrentItems(64, 1000 + wave * 64);
    const verdict = checkUpdate(doc, update);
    if (!verdict.ok) {
      expect(verdict.reason).toBe('too-complex');
      break;
    }
    Y.applyUpdate(doc, update);
    expect(wave).toBeLessThan(200);
  }
});

it('accepts real typing, a 50,000-character paste and a long offline session', () => {
  const doc = serverDoc();
  const typed = clientEdit(doc, (text) => text.insert(text.length, 'C'));
  expect(checkUpdate(doc, typed)).toMatchObject({ ok: true, textGrowth: 1 });
  const paste = clientEdit(doc, (text) => text.insert(5, 'p'.repeat(50_000)));
  expect(checkUpdate(doc, paste)).toMatchObject({ ok: true, textGrowth: 50_000 });
  // A day offline: thousands of separate edits all over the text, one client id.
  const offline = clientEdit(doc, (text) => {
    for (let i = 0; i < 6000; i++) {
      const at = (i * 7919) % (text.length + 1);
      if (i % 5 === 4 && text.length > 10) text.delete(at % (text.length - 3), 2);
      else text.insert(at, i % 3 === 0 ? '\n' : 'ab');
    }
  });
  const verdict = checkUpdate(doc, offline);
  expect(verdict).toMatchObject({ ok: true, textGrowth: growthOf(doc, offline) });
  expect(verdict.ok && verdict.structs).toBeGreaterThan(1000);
});

it('accepts edits made meanwhile by others at the same place', () => {
  const doc = serverDoc();
  const a = clientEdit(doc, (text) => text.insert(text.length, 'from a'));
  const b = clientEdit(doc, (text) => text.insert(text.length, 'from b'));
  Y.applyUpdate(doc, a);
  expect(checkUpdate(doc, b)).toMatchObject({ ok: true, textGrowth: 6 });
});

it('refuses anything outside the content text and the title', () => {
  const doc = serverDoc();
  expect(checkUpdate(doc, junkRoot(100))).toEqual({ ok: false, reason: 'invalid' });
  expect(checkUpdate(doc, metaEntry('junk', 'x'))).toEqual({ ok: false, reason: 'invalid' });
  expect(checkUpdate(doc, metaEntry('title', 't'.repeat(TITLE_MAX + 1)))).toEqual({
    ok: false,
    reason: 'invalid',
  });
  expect(checkUpdate(doc, metaEntry('title', 42))).toEqual({ ok: false, reason: 'invalid' });
  const nested = clientEdit(doc, (text) => text.insertEmbed(0, new Y.Map()));
  expect(checkUpdate(doc, nested)).toEqual({ ok: false, reason: 'invalid' });
  const formatted = clientEdit(doc, (text) => text.format(0, 3, { bold: true }));
  expect(checkUpdate(doc, formatted)).toEqual({ ok: false, reason: 'invalid' });
  // The title itself, set by a client as the editor does, is fine.
  const title = clientEdit(doc, (_text, client) => client.getMap(LIVE_META).set('title', 'New'));
  expect(checkUpdate(doc, title)).toMatchObject({ ok: true, textGrowth: 0 });
});

it('answers the growth applying an update gives the text', () => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 40 }),
      fc.array(fc.tuple(fc.boolean(), fc.nat(60), fc.string({ minLength: 1, maxLength: 8 })), {
        maxLength: 12,
      }),
      (start, edits) => {
        const doc = serverDoc(start);
        const update = clientEdit(doc, (text) => {
          for (const [remove, at, inserted] of edits) {
            const index = at % (text.length + 1);
            if (remove) text.delete(Math.max(0, index - 2), Math.min(2, index));
            else text.insert(index, inserted);
          }
        });
        expect(checkUpdate(doc, update)).toMatchObject({
          ok: true,
          textGrowth: growthOf(doc, update),
        });
      },
    ),
    { seed: 20_261_125, numRuns: 200 },
  );
});
