/**
 * An edit made while a save over HTTP is in flight, as the editor joins its live copy, ends up
 * exactly once: on the real server (live document and stored row) and in the editor. The editor's
 * own join logic (OpenDiagram, the saver, savesBeforeJoin) runs against a real listening app, a
 * real live connection and real HTTP saves; the server's update of the save reaches the live copy
 * before the join or after it (the connection stops reading meanwhile). Generated edit sequences
 * with a fixed seed: a failure prints the seed and the case.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { diagramDocName } from '@shared/live';
import type { Diagram, SavedDiagram, UpdateDiagramBody } from '@shared/schemas';
import { HttpError } from '@/api/http';
import { testDatabases } from '../../../../test/support/databases.js';
import { useLiveWorld } from '../../../../test/support/live-world.js';
import { until } from '../../../../test/support/live-client.js';
import { describeEach } from '../../../../test/support/needs.js';
import { draftView } from '../draftView';
import { OpenDiagram, ORIGIN } from '../openDiagram';
import { createSaver, type SaverApi } from '../saving/saver';
import { createServerStateStore, serverStateOf } from '../saving/serverState';
import { savesBeforeJoin } from './savesBeforeJoin';

/** One keystroke-sized or paste-sized change: at a place (a share of the length), cut, insert. */
interface Edit {
  at: number;
  cut: number;
  insert: string;
}

const chunk = fc.stringMatching(/^[A-Za-z0-9 >:!\n-]{0,10}$/);
const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  cut: fc.nat({ max: 6 }),
  insert: chunk,
});
const edits = fc.array(edit, { minLength: 1, maxLength: 5 });
const text = fc.array(chunk, { maxLength: 6 }).map((parts) => parts.join('\n'));

/** Where `change` cuts and inserts in a text of `length` characters. */
function place(change: Edit, length: number) {
  const at = Math.floor(change.at * length);
  return { at, cut: Math.min(change.cut, length - at) };
}

/** What the person means: `change` made to the text they see. */
function meant(text: string, change: Edit): string {
  const { at, cut } = place(change, text.length);
  return text.slice(0, at) + change.insert + text.slice(at + cut);
}

/** Types `change` into the editor. */
function type(diagram: OpenDiagram, change: Edit): void {
  const ytext = diagram.text;
  const { at, cut } = place(change, ytext.length);
  diagram.doc.transact(() => {
    if (cut > 0) ytext.delete(at, cut);
    if (change.insert) ytext.insert(at, change.insert);
  }, ORIGIN.local);
}

describeEach(testDatabases, 'an edit made while a save is in flight, on $name', ({ open }) => {
  const world = useLiveWorld(open);
  let cookie: string;

  beforeAll(async () => {
    cookie = await world.signIn('ada@example.test', 'Ada');
  });

  /** Called when the saver sends a save (its text is taken then). */
  let sent = () => undefined as void;
  /** The saver's HTTP calls, over the network to the listening app. */
  const api: SaverApi = {
    create: () => Promise.reject(new Error('the diagram exists')),
    async update(id: number, body: UpdateDiagramBody) {
      const request = fetch(`${world.base}/api/diagrams/${id}`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      sent();
      const response = await request;
      const answer: unknown = await response.json();
      if (!response.ok) throw new HttpError(`${response.status}`, response.status, answer);
      return answer as SavedDiagram;
    },
  };

  const stored = async (id: number) =>
    ((await world.inject({ method: 'GET', url: `/api/diagrams/${id}` }, cookie)).json() as Diagram)
      .content;

  /**
   * Opens a diagram holding `old`, syncs its live copy, types `before`, starts a save over HTTP,
   * types `during` while it is in flight and joins; the server's update of the save reaches the
   * live copy only after the join when `late`, and the save is answered before the join starts
   * when `answered`. Answers what the editor meant and what everyone holds.
   */
  async function race(
    old: string,
    before: Edit[],
    during: Edit[],
    late: boolean,
    answered: boolean,
  ) {
    const created = await world.createDiagram(cookie, { title: 'Flow', content: old });
    const diagram = new OpenDiagram({ title: created.title, content: created.content });
    const serverState = createServerStateStore(serverStateOf(created));
    const saver = createSaver(draftView(diagram), serverState, api);
    const client = world.live(diagramDocName(created.id), { cookie });
    await client.synced;
    if (late) client.pause();
    const typing = [...before, ...during, { at: 1, cut: 0, insert: '!' }];
    for (const change of before) type(diagram, change);
    const started = new Promise<void>((resolve) => (sent = resolve));
    const saving = saver.save(false, 'auto');
    await Promise.race([started, saving]); // nothing to save: no request
    if (answered) await saving;
    for (const change of during) type(diagram, change);
    await savesBeforeJoin(client.doc, client.provider, saver, serverState);
    // What connectLive does on joining.
    diagram.attach(client.doc, { serverHolds: serverState.get().baseline.content });
    // The typing goes on after the join, as it would.
    type(diagram, typing.at(-1)!);
    expect(['saved', 'unchanged']).toContain(await saving);
    client.resume();
    const reader = world.live(diagramDocName(created.id), { cookie });
    await reader.synced;
    await until(
      () =>
        !client.provider.hasUnsyncedChanges &&
        reader.text.toString() === client.text.toString() &&
        reader.text.toString() === diagram.read().content,
      'the editor, its live copy and a reader to agree',
    );
    const result = {
      meant: typing.reduce(meant, old),
      editor: diagram.read().content,
      live: reader.text.toString(),
      row: await stored(created.id),
    };
    diagram.destroy();
    client.destroy();
    reader.destroy();
    return result;
  }

  it('keeps a paste made during a save once when the save’s update arrives late', async () => {
    const old = 'sequenceDiagram\n  Alice->>Bob: Hi!\n';
    const result = await race(
      old,
      [{ at: 1, cut: 0, insert: '  Alice->>Carl: Hello\n' }],
      [{ at: 1, cut: 0, insert: '  Carl->>Bob: pasted\n' }],
      true,
      false,
    );
    const meant = `${old}  Alice->>Carl: Hello\n  Carl->>Bob: pasted\n!`;
    expect(result).toEqual({ meant, editor: meant, live: meant, row: meant });
  });

  it('makes every edit exactly once, whatever the order of save, join and update', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        edits,
        edits,
        fc.boolean(),
        fc.boolean(),
        async (old, before, during, late, answered) => {
          const result = await race(old, before, during, late, answered);
          const { meant: text } = result;
          expect(result).toEqual({ meant: text, editor: text, live: text, row: text });
        },
      ),
      { seed: 20_261_128, numRuns: 25, endOnFailure: true },
    );
  }, 180_000);
});
