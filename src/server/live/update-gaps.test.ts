/**
 * Generated: several Y.Docs edit a shared text while their updates reach the server dropped,
 * held back and reordered, and sometimes after a pull of the server's state. Every update the
 * check accepts leaves nothing pending in the server's document; every update that would leave
 * something pending (a gap in a client's clocks, a neighbour or a deletion the server lacks) is
 * refused. Fixed seed: a failure prints it and the shrunk sequence.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import { LIVE_TEXT } from '../../shared/live.js';
import { checkUpdate } from './update-check.js';

const parked = (doc: Y.Doc) => doc.store.pendingStructs !== null || doc.store.pendingDs !== null;

/** Whether applying `update` to a copy of `server` leaves anything pending. */
function wouldPark(server: Y.Doc, update: Uint8Array): boolean {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(server));
  Y.applyUpdate(copy, update);
  const left = parked(copy);
  copy.destroy();
  return left;
}

const step = fc.record({
  client: fc.nat(2),
  action: fc.constantFrom('insert', 'insert', 'delete', 'pull', 'release'),
  at: fc.nat(80),
  text: fc.string({ minLength: 1, maxLength: 6 }),
  fate: fc.constantFrom('send', 'send', 'send', 'hold', 'drop'),
});

it('accepts exactly the updates that apply whole, in any order and with any lost', () => {
  let refusals = 0;
  let accepted = 0;
  fc.assert(
    fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
      const server = new Y.Doc();
      server.getText(LIVE_TEXT).insert(0, 'graph TD\n');
      const clients = [0, 1, 2].map(() => {
        const doc = new Y.Doc();
        Y.applyUpdate(doc, Y.encodeStateAsUpdate(server), 'remote');
        return doc;
      });
      const held: Uint8Array[] = [];
      const send = (update: Uint8Array) => {
        const verdict = checkUpdate(server, update);
        expect(verdict.ok).toBe(!wouldPark(server, update));
        if (!verdict.ok) {
          expect(verdict.reason).toBe('out-of-step');
          refusals++;
          return;
        }
        accepted++;
        Y.applyUpdate(server, update);
        expect(parked(server)).toBe(false);
      };
      for (const { client, action, at, text, fate } of steps) {
        const doc = clients[client]!;
        if (action === 'pull') {
          Y.applyUpdate(doc, Y.encodeStateAsUpdate(server), 'remote');
          continue;
        }
        if (action === 'release') {
          const next = held.shift();
          if (next) send(next);
          continue;
        }
        const updates: Uint8Array[] = [];
        const capture = (update: Uint8Array, origin: unknown) => {
          if (origin !== 'remote') updates.push(update);
        };
        doc.on('update', capture);
        const content = doc.getText(LIVE_TEXT);
        const index = at % (content.length + 1);
        if (action === 'insert') content.insert(index, text);
        else content.delete(Math.max(0, index - 3), Math.min(3, index));
        doc.off('update', capture);
        for (const update of updates) {
          if (fate === 'send') send(update);
          else if (fate === 'hold') held.push(update);
        }
      }
      for (const update of held.reverse()) send(update);
      // Whatever was refused, the server's text is whole: a fresh copy reads the same.
      const fresh = new Y.Doc();
      Y.applyUpdate(fresh, Y.encodeStateAsUpdate(server));
      expect(fresh.getText(LIVE_TEXT).toString()).toBe(server.getText(LIVE_TEXT).toString());
    }),
    { seed: 20_261_127, numRuns: 300 },
  );
  // The sequences hold both kinds: the property is not passed by refusing (or taking) all.
  expect(refusals).toBeGreaterThan(50);
  expect(accepted).toBeGreaterThan(refusals);
});

it('refuses an edit whose clock skips one the server never got, and the ones after it', () => {
  const server = new Y.Doc();
  server.getText(LIVE_TEXT).insert(0, 'graph TD\n');
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  const updates: Uint8Array[] = [];
  client.on('update', (update: Uint8Array) => updates.push(update));
  const text = client.getText(LIVE_TEXT);
  text.insert(text.length, 'x'.repeat(100)); // refused elsewhere (too large): never applied
  text.insert(9, 'A --> B\n'); // names the lost paste as its right neighbour
  text.insert(17, 'B --> C\n'); // continues the one before
  text.delete(0, 1); // only deletes: a known item, fine on its own
  const [, first, second, deletion] = updates;
  expect(checkUpdate(server, first!)).toEqual({ ok: false, reason: 'out-of-step' });
  expect(checkUpdate(server, second!)).toEqual({ ok: false, reason: 'out-of-step' });
  expect(checkUpdate(server, deletion!)).toMatchObject({ ok: true });
  // Deleting text the server never got is refused: it would wait in the pending delete set.
  const lost = new Y.Doc();
  Y.applyUpdate(lost, Y.encodeStateAsUpdate(client));
  const before = Y.encodeStateVector(lost);
  lost.getText(LIVE_TEXT).delete(lost.getText(LIVE_TEXT).length - 5, 5);
  expect(checkUpdate(server, Y.encodeStateAsUpdate(lost, before))).toEqual({
    ok: false,
    reason: 'out-of-step',
  });
});
