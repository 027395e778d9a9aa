/**
 * Updates that cost the server more than an edit may, against a real server process (on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL): thousands of concurrent items from as many client
 * ids, writes outside the document's shape, a document past its state cap, and a burst of edits
 * that together pass the content limit. Each is refused with a notice, the document stays as
 * it was, and the process goes on serving; real pastes still pass.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  diagramDocName,
  liveDigest,
  LIVE_META,
  type LiveServerMessage,
} from '../../src/shared/live.js';
import { CONTENT_MAX } from '../../src/shared/schemas.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { createDiagramAt, signInAt } from '../support/http-sign-in.js';
import { postgresSkip, scratchPostgresUrl, seededDataDir } from '../support/databases.js';
import { concurrentItems, junkRoot, metaEntry, updateFrame } from '../support/live-attacks.js';
import { connectLive, until, type LiveClient } from '../support/live-client.js';
import { describeEach } from '../support/needs.js';

/**
 * Just above a text at its limit (CONTENT_MAX ASCII characters); three-byte characters reach it
 * with a text well under that limit.
 */
const STATE_MAX = Math.round(CONTENT_MAX * 1.1);

const backends = [
  { name: 'pglite', skip: null },
  { name: 'postgres', skip: postgresSkip },
];

describeEach(backends, 'live updates on $name', ({ name }) => {
  let app: AppProcess;
  let cookie: string;
  let dataDir: string;
  let drop = async () => {};
  const clients: LiveClient[] = [];
  const open = async (id: number) => {
    const client = connectLive(app.url, diagramDocName(id), { cookie });
    clients.push(client);
    await client.synced;
    return client;
  };
  const diagram = async (content = 'graph TD\n') =>
    (await createDiagramAt(app.url, cookie, { title: 'Attacked', content })).id;
  const refusedFor = (client: LiveClient, reason: string) =>
    until(
      () =>
        client.messages.some((m: LiveServerMessage) => m.type === 'refused' && m.reason === reason),
      `refused: ${reason}`,
      30_000,
    );
  const row = async (id: number) =>
    (await (await fetch(`${app.url}/api/diagrams/${id}`, { headers: { cookie } })).json()) as {
      title: string;
      content: string;
    };
  const stored = async (id: number) => (await row(id)).content;
  const digestOf = (client: LiveClient) => {
    const title = client.doc.getMap(LIVE_META).get('title');
    return liveDigest(typeof title === 'string' ? title : '', client.text.toString());
  };
  const savedAfter = async (client: LiveClient, from: number) => {
    await until(() => client.messages.slice(from).some((m) => m.type === 'saved'), 'saved', 30_000);
    const saved = client.messages.slice(from).find((m) => m.type === 'saved');
    return saved?.type === 'saved' ? saved : null;
  };

  beforeAll(async () => {
    dataDir = seededDataDir('lifeline-live-updates-');
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      APP_SECRET: 'live-updates-secret-0123456789abcdef',
      LIVE_DOCUMENT_MAX_BYTES: String(STATE_MAX),
      // What each update may hold is tested here: the bytes budgets (live-addresses) would close
      // these sockets before their megabytes of refused updates were looked at.
      LIVE_USER_BYTES_PER_SECOND: String(64 * 1024 * 1024),
      LIVE_DOCUMENT_BYTES_PER_SECOND: String(64 * 1024 * 1024),
    };
    if (name === 'postgres') {
      const scratch = await scratchPostgresUrl(process.env.TEST_DATABASE_URL!);
      env.DATABASE_URL = scratch.url;
      drop = scratch.drop;
    }
    app = await startAppProcess({ env });
    cookie = await signInAt(app.url, 'ada@example.test', 'Ada');
  }, 120_000);

  afterAll(async () => {
    for (const client of clients.splice(0)) client.destroy();
    await app?.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'refuses 5,000 concurrent items from as many client ids, and keeps serving',
    { timeout: 60_000 },
    async () => {
      const id = await diagram();
      const attacker = await open(id);
      const watcher = await open(id);
      const name = diagramDocName(id);
      attacker.sendRaw(updateFrame(name, concurrentItems(5000, 1000)));
      attacker.sendRaw(updateFrame(name, concurrentItems(5000, 1_000_000)));
      await refusedFor(attacker, 'too-complex');
      expect((await fetch(`${app.url}/healthz`)).ok).toBe(true);
      // Everyone goes on editing the intact document.
      watcher.text.insert(watcher.text.length, 'A --> B\n');
      await until(() => watcher.messages.some((m) => m.type === 'saved'), 'saved', 30_000);
      expect(await stored(id)).toBe('graph TD\nA --> B\n');
    },
  );

  it(
    'refuses writes outside the text and the title, and keeps none of them',
    { timeout: 60_000 },
    async () => {
      const id = await diagram();
      const attacker = await open(id);
      const name = diagramDocName(id);
      attacker.sendRaw(updateFrame(name, junkRoot(1024 * 1024)));
      attacker.sendRaw(updateFrame(name, metaEntry('junk', 'j'.repeat(1024 * 1024))));
      attacker.sendRaw(updateFrame(name, metaEntry('title', 't'.repeat(1024 * 1024))));
      await until(
        () =>
          attacker.messages.filter((m) => m.type === 'refused' && m.reason === 'invalid').length ===
          3,
        'three refusals',
        30_000,
      );
      // Each for what it is: a refused update never passes for a viewer's edit.
      expect(
        attacker.messages.filter((m) => m.type === 'refused' && m.reason !== 'invalid'),
      ).toEqual([]);
      const fresh = await open(id);
      expect([...fresh.doc.share.keys()].sort()).toEqual(['content', LIVE_META].sort());
      expect([...fresh.doc.getMap(LIVE_META).keys()]).toEqual(['title']);
      expect(fresh.doc.getMap(LIVE_META).get('title')).toBe('Attacked');
    },
  );

  it(
    'takes a 50,000-character paste and caps the whole document state',
    { timeout: 60_000 },
    async () => {
      const id = await diagram();
      const editor = await open(id);
      const paste = 'p'.repeat(50_000);
      editor.text.insert(editor.text.length, paste);
      await until(() => editor.messages.some((m) => m.type === 'saved'), 'saved', 30_000);
      expect(await stored(id)).toBe(`graph TD\n${paste}`);
      // Past the state cap (below the text's own limit): refused, the row keeps the paste only.
      editor.text.insert(0, '€'.repeat(Math.ceil(STATE_MAX / 3)));
      await refusedFor(editor, 'too-large');
      expect(await stored(id)).toBe(`graph TD\n${paste}`);
    },
  );

  it('holds the content limit exactly under a burst of edits', { timeout: 120_000 }, async () => {
    const id = await diagram('');
    // Two sockets at once: six chunks arrive together, four fit.
    const editor = await open(id);
    const other = await open(id);
    const chunk = 'b'.repeat(CONTENT_MAX / 4 - 1000);
    for (let i = 0; i < 3; i++) {
      editor.text.insert(editor.text.length, chunk);
      other.text.insert(0, chunk);
    }
    await until(
      () =>
        [editor, other].some((c) => c.messages.some((m) => m.type === 'refused')) &&
        editor.messages.some((m) => m.type === 'saved'),
      'a refusal and a store',
      60_000,
    );
    const fresh = await open(id);
    expect(fresh.text.length).toBe(chunk.length * 4);
    expect(fresh.text.length).toBeLessThanOrEqual(CONTENT_MAX);
  });

  it(
    'refuses the edits that build on a refused paste, and says saved only of the text it holds',
    { timeout: 120_000 },
    async () => {
      const id = await diagram();
      const editor = await open(id);
      const other = await open(id);
      editor.text.insert(editor.text.length, 'x'.repeat(CONTENT_MAX));
      await refusedFor(editor, 'too-large');
      // Five lines typed above it, each its own update: each builds on the refused paste (the
      // first names it as its right neighbour; Yjs would park it and the rest build on it).
      let at = 'graph TD\n'.length;
      for (let edit = 1; edit <= 5; edit++) {
        editor.text.insert(at, `A --> B${edit}\n`);
        at += `A --> B${edit}\n`.length;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const refusals = () => editor.messages.filter((m) => m.type === 'refused');
      // None acknowledged and parked: every one of them is refused, as out of step.
      await until(() => refusals().length === 6, 'six refusals', 30_000);
      expect(refusals().map((m) => m.type === 'refused' && m.reason)).toEqual([
        'too-large',
        ...Array<string>(5).fill('out-of-step'),
      ]);
      expect(editor.provider.unsyncedChanges).toBe(6);
      // An explicit Save: its `saved` names the text the server holds, not the editor's copy.
      const from = editor.messages.length;
      editor.provider.sendStateless(JSON.stringify({ type: 'save' }));
      const saved = await savedAfter(editor, from);
      const held = await row(id);
      expect(held.content).toBe('graph TD\n');
      expect(other.text.toString()).toBe('graph TD\n');
      expect(saved?.digest).toBe(liveDigest(held.title, held.content));
      expect(saved?.digest).toBe(digestOf(other));
      expect(saved?.digest).not.toBe(digestOf(editor));
      // A fresh copy of the server's state (what the editor resyncs to) edits and saves again.
      const resynced = await open(id);
      resynced.text.insert(resynced.text.length, 'A --> B\n');
      const again = await savedAfter(resynced, 0);
      expect(await stored(id)).toBe('graph TD\nA --> B\n');
      expect(again?.digest).toBe(digestOf(resynced));
      await until(() => other.text.toString() === 'graph TD\nA --> B\n', 'the edit at the other');
    },
  );
});
