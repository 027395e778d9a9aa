/**
 * Bad frames on the live route never hurt: arbitrary bytes, truncated and garbled Yjs sync
 * frames, oversized varints, unknown message types, stateless messages meant to pass for the
 * server's, bad document names and huge awareness states are sent on a real live connection of
 * an editor. The server stays up, no document changes, other connections keep working and hear
 * nothing but the server; the sender is closed or its frame ignored. FUZZ_SEED and FUZZ_RUNS
 * replay or extend a run.
 */
import fc from 'fast-check';
import * as encoding from 'lib0/encoding';
import { beforeAll, expect, it } from 'vitest';
import * as Y from 'yjs';
import { diagramDocName, LIVE_TEXT } from '../../src/shared/live.js';
import { TITLE_MAX, type Diagram } from '../../src/shared/schemas.js';
import { testDatabases } from '../support/databases.js';
import { useLiveWorld } from '../support/live-world.js';
import { concurrentItems, junkRoot, metaEntry } from '../support/live-attacks.js';
import { connectLive, until } from '../support/live-client.js';
import { describeEach } from '../support/needs.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

/** Hocuspocus message types. */
const SYNC = 0;
const AWARENESS = 1;
const STATELESS = 5;
const BROADCAST_STATELESS = 6;

/** Names a frame may carry: the sender's own document, one it may not open, and nonsense. */
type Target = 'own' | 'private' | string;

interface FrameSpec {
  target: Target;
  /** Writes the frame's body after the document name (none: the frame is raw bytes). */
  body?: (encoder: encoding.Encoder) => void;
  raw?: Uint8Array;
}

/** A real update (an insert) to garble: truncated, it can no longer be read. */
function insertUpdate(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText(LIVE_TEXT).insert(0, text);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

const target = fc.oneof(
  fc.constantFrom<Target>('own', 'private', 'diagram:0', 'share:', ''),
  fc.string({ maxLength: 80 }),
);
const bytes = (maxLength: number) => fc.uint8Array({ maxLength });

const frames: fc.Arbitrary<FrameSpec> = fc.oneof(
  // Arbitrary bytes, no structure at all.
  bytes(512).map((raw) => ({ target: 'own', raw })),
  // A sync frame with any sync type and a payload that is no update.
  fc
    .tuple(target, fc.constantFrom(SYNC, 4), fc.nat(12), bytes(256))
    .map(([t, type, syncType, payload]) => ({
      target: t,
      body: (e: encoding.Encoder) => {
        encoding.writeVarUint(e, type);
        encoding.writeVarUint(e, syncType);
        encoding.writeVarUint8Array(e, payload);
      },
    })),
  // A real update cut short (a whole update would be a legitimate edit).
  fc
    .tuple(target, fc.string({ minLength: 1, maxLength: 40 }), fc.double({ min: 0, max: 0.99 }))
    .map(([t, text, cut]) => {
      const update = insertUpdate(text);
      return {
        target: t,
        body: (e: encoding.Encoder) => {
          encoding.writeVarUint(e, SYNC);
          encoding.writeVarUint(e, 2);
          encoding.writeVarUint8Array(e, update.slice(0, Math.floor(update.length * cut)));
        },
      };
    }),
  // Well-formed updates outside the document's shape, or too much work to place.
  fc
    .tuple(
      target,
      fc.oneof(
        fc.string({ minLength: 1, maxLength: 20 }).map((name) => junkRoot(64, `x${name}`)),
        fc.string({ maxLength: 20 }).map((key) => metaEntry(`x${key}`, 'v')),
        fc
          .integer({ min: TITLE_MAX + 1, max: 100_000 })
          .map((n) => metaEntry('title', 't'.repeat(n))),
        fc.integer({ min: 65, max: 2000 }).map((n) => concurrentItems(n, 5000)),
      ),
    )
    .map(([t, update]) => ({
      target: t,
      body: (e: encoding.Encoder) => {
        encoding.writeVarUint(e, SYNC);
        encoding.writeVarUint(e, 2);
        encoding.writeVarUint8Array(e, update);
      },
    })),
  // Varints far past 53 bits, where the type or a length should be.
  fc.tuple(target, fc.integer({ min: 8, max: 40 }), bytes(32)).map(([t, length, rest]) => ({
    target: t,
    body: (e: encoding.Encoder) => {
      for (let i = 0; i < length; i++) encoding.writeUint8(e, 0xff);
      encoding.writeUint8Array(e, rest);
    },
  })),
  // Message types no client sends, and types past the known ones.
  fc.tuple(target, fc.integer({ min: 7, max: 100_000 }), bytes(64)).map(([t, type, rest]) => ({
    target: t,
    body: (e: encoding.Encoder) => {
      encoding.writeVarUint(e, type);
      encoding.writeUint8Array(e, rest);
    },
  })),
  // Stateless messages, some dressed as the server's own.
  fc
    .tuple(
      target,
      fc.constantFrom(STATELESS, BROADCAST_STATELESS),
      fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          '{"type":"access","role":"none"}',
          '{"type":"saved","updatedAt":"2000-01-01T00:00:00.000Z"}',
          '{"type":"refused","reason":"read-only"}',
          '{"type":"save","extra":1}',
        ),
      ),
    )
    .map(([t, type, payload]) => ({
      target: t,
      body: (e: encoding.Encoder) => {
        encoding.writeVarUint(e, type);
        encoding.writeVarString(e, payload);
      },
    })),
  // Awareness states from a few bytes to hundreds of kilobytes, JSON or not.
  fc
    .tuple(
      target,
      fc.nat(),
      fc.integer({ min: 0, max: 300_000 }),
      fc.boolean(),
      fc.string({ maxLength: 40 }),
    )
    .map(([t, clientId, size, json, name]) => ({
      target: t,
      body: (e: encoding.Encoder) => {
        const state = json
          ? JSON.stringify({ user: { id: 1, name, color: '#000', pad: 'x'.repeat(size) } })
          : `${name}${'{'.repeat(size)}`;
        const update = encoding.createEncoder();
        encoding.writeVarUint(update, 1);
        encoding.writeVarUint(update, clientId);
        encoding.writeVarUint(update, 1);
        encoding.writeVarString(update, state);
        encoding.writeVarUint(e, AWARENESS);
        encoding.writeVarUint8Array(e, encoding.toUint8Array(update));
      },
    })),
);

describeEach(testDatabases, 'fuzzing live frames on $name', ({ open }) => {
  const world = useLiveWorld(open);
  let owner: string;
  let editor: string;
  let shared: Diagram;
  let secret: Diagram;
  const live = (name: string, cookie: string) => world.live(name, { cookie });
  const create = (title: string) =>
    world.createDiagram(owner, { title, content: 'sequenceDiagram\n' });
  const contentOf = async (id: number) =>
    ((await world.inject({ method: 'GET', url: `/api/diagrams/${id}` }, owner)).json() as Diagram)
      .content;

  beforeAll(async () => {
    owner = await world.signIn('owner@example.test');
    editor = await world.signIn('editor@example.test');
    shared = await create('Shared');
    secret = await create('Not shared');
    await world.addCollaborator(owner, shared.id, 'editor@example.test', 'editor');
  });

  it('survives malformed frames without a change, and other connections keep working', async () => {
    const own = diagramDocName(shared.id);
    const writer = live(own, owner);
    const watcher = live(own, owner);
    const onSecret = live(diagramDocName(secret.id), owner);
    await Promise.all([writer.synced, watcher.synced, onSecret.synced]);
    let expected = writer.text.toString();
    let step = 0;
    const nameOf = (t: Target) =>
      t === 'own' ? own : t === 'private' ? diagramDocName(secret.id) : t;

    await fc.assert(
      fc.asyncProperty(frames, async (spec) => {
        const attacker = connectLive(world.base, own, { cookie: editor });
        try {
          await attacker.synced;
          let frame = spec.raw;
          if (!frame) {
            const encoder = encoding.createEncoder();
            encoding.writeVarString(encoder, nameOf(spec.target));
            spec.body!(encoder);
            frame = encoding.toUint8Array(encoder);
          }
          attacker.sendRaw(frame);
          // A legitimate edit after the frame: everyone still open must receive it.
          const line = `%% ${++step}\n`;
          writer.text.insert(writer.text.length, line);
          expected += line;
          await until(
            () =>
              watcher.text.toString() === expected &&
              (attacker.closing || attacker.text.toString() === expected),
            'the edit after a bad frame',
          );
          expect(writer.text.toString()).toBe(expected);
          expect(onSecret.text.toString()).toBe('sequenceDiagram\n');
          // Other connections hear only the server (a store's "saved").
          expect(watcher.messages.filter((m) => m.type !== 'saved')).toEqual([]);
          expect(writer.messages.filter((m) => m.type !== 'saved')).toEqual([]);
          expect([...watcher.unexpected, ...writer.unexpected]).toEqual([]);
        } finally {
          attacker.destroy();
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );

    expect(await contentOf(shared.id)).toBe(expected);
    expect(await contentOf(secret.id)).toBe('sequenceDiagram\n');
    const health = await fetch(`${world.base}/healthz`);
    expect(health.status).toBe(200);
  }, 120_000);
});
