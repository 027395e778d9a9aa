/**
 * What a crash may leave of a diagram is whatever row state was last committed. Every state the
 * diagrams row passes through (recorded by a trigger on the real database) must be one a client
 * was answered (or the state before a save): a REST PUT commits its text and its updatedAt in
 * one step, a fold that finds the text unchanged writes nothing, and an app started again on the
 * same database answers exactly what was acknowledged.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as Y from 'yjs';
import { diagramDocName, LIVE_TEXT } from '../../shared/live.js';
import type { Diagram } from '../../shared/schemas.js';
import type { Database } from '../db/client.js';
import { diagramLiveState, diagramLiveUpdates } from '../db/schema.js';
import { injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { connectLive, until } from '../../../test/support/live-client.js';
import { describeEach } from '../../../test/support/needs.js';

interface RowState {
  content: string;
  updatedAt: string;
}

describeEach(testDatabases, 'committed diagram states on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;

  beforeAll(async () => {
    database = await open();
    await database.db.execute(sql`
      create table test_row_states (
        seq bigserial primary key, diagram_id integer, content text, updated_at timestamptz)`);
    await database.db.execute(sql`
      create function test_note_row_state() returns trigger language plpgsql as $$
      begin
        insert into test_row_states (diagram_id, content, updated_at)
          values (new.id, new.content, new.updated_at);
        return new;
      end $$`);
    await database.db.execute(sql`
      create trigger test_row_states after insert or update on diagrams
        for each row execute function test_note_row_state()`);
    app = await testApp(database);
    owner = await signInLocally(app, 'owner@example.test');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const states = async (id: number): Promise<RowState[]> => {
    const result = (await database.db.execute(
      sql`select content, updated_at from test_row_states where diagram_id = ${id} order by seq`,
    )) as unknown as { rows: { content: string; updated_at: string | Date }[] };
    return result.rows.map((row) => ({
      content: row.content,
      updatedAt: new Date(row.updated_at).toISOString(),
    }));
  };
  const answered = (diagram: Diagram): RowState => ({
    content: diagram.content,
    updatedAt: diagram.updatedAt,
  });
  const put = async (id: number, content: string, updatedAt: string): Promise<Diagram> => {
    const response = await injectWithCookie(
      app,
      { method: 'PUT', url: `/api/diagrams/${id}`, payload: { content, updatedAt } },
      owner,
    );
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const get = async (id: number): Promise<Diagram> =>
    (await injectWithCookie(app, { method: 'GET', url: `/api/diagrams/${id}` }, owner)).json();

  it('commits only acknowledged states through REST saves and a restart', async () => {
    const created = (
      await injectWithCookie(
        app,
        {
          method: 'POST',
          url: '/api/diagrams',
          payload: { title: 'Saved', content: 'sequenceDiagram\n' },
        },
        owner,
      )
    ).json() as Diagram;
    const acks: RowState[] = [answered(created)];
    let latest = created;
    for (let i = 0; i < 4; i++) {
      latest = await put(latest.id, `sequenceDiagram\n  A->>B: save ${i}\n`, latest.updatedAt);
      acks.push(answered(latest));
    }
    // Any fold still waiting, then a new app on the same database (what a restart opens).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(answered(await get(latest.id))).toEqual(answered(latest));
    await app.close();
    app = await testApp(database);
    expect(answered(await get(latest.id))).toEqual(answered(latest));
    expect(await states(latest.id)).toEqual(acks);

    // A killed process may leave logged updates the stored state already holds: loading
    // replays them and finds nothing to write.
    const [live] = await database.db
      .select({ state: diagramLiveState.state })
      .from(diagramLiveState)
      .where(eq(diagramLiveState.diagramId, latest.id));
    if (!live) throw new Error('no live state stored');
    await database.db
      .insert(diagramLiveUpdates)
      .values({ diagramId: latest.id, update: live.state, userId: null });
    await app.close();
    app = await testApp(database);
    expect(answered(await get(latest.id))).toEqual(answered(latest));
    expect(await states(latest.id)).toEqual(acks);
    const left = await database.db
      .select({ id: diagramLiveUpdates.id })
      .from(diagramLiveUpdates)
      .where(eq(diagramLiveUpdates.diagramId, latest.id));
    expect(left).toEqual([]);
  });

  it('keeps the updatedAt of a save when a live editor has the diagram open', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const created = (
      await injectWithCookie(
        app,
        {
          method: 'POST',
          url: '/api/diagrams',
          payload: { title: 'Open', content: 'sequenceDiagram\n' },
        },
        owner,
      )
    ).json() as Diagram;
    const client = connectLive(base, diagramDocName(created.id), { cookie: owner });
    try {
      await client.synced;
      const saved = await put(
        created.id,
        'sequenceDiagram\n  A->>B: from REST\n',
        created.updatedAt,
      );
      await until(() => client.text.toString() === saved.content, 'REST edit in the editor');
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(answered(await get(created.id))).toEqual(answered(saved));
      expect(await states(created.id)).toEqual([answered(created), answered(saved)]);
    } finally {
      client.destroy();
    }
  });

  it('stores logged edits the row lacks as soon as a live editor opens the diagram', async () => {
    // What a connection that closed before its edit was applied leaves: an acknowledged update
    // in the log, not in the row. Opening the document replays it; a read must see it at once.
    const created = (
      await injectWithCookie(
        app,
        {
          method: 'POST',
          url: '/api/diagrams',
          payload: { title: 'Logged', content: 'sequenceDiagram\n' },
        },
        owner,
      )
    ).json() as Diagram;
    await app.close();
    app = await testApp(database);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const first = connectLive(base, diagramDocName(created.id), { cookie: owner });
    await first.synced;
    first.destroy();
    await app.close();

    const [stored] = await database.db
      .select({ state: diagramLiveState.state })
      .from(diagramLiveState)
      .where(eq(diagramLiveState.diagramId, created.id));
    if (!stored) throw new Error('no live state stored');
    const doc = new Y.Doc();
    Y.applyUpdate(doc, stored.state);
    const before = Y.encodeStateVector(doc);
    doc.getText(LIVE_TEXT).insert(doc.getText(LIVE_TEXT).length, '  A->>B: logged only\n');
    await database.db
      .insert(diagramLiveUpdates)
      .values({ diagramId: created.id, update: Y.encodeStateAsUpdate(doc, before), userId: null });

    app = await testApp(database);
    const again = await app.listen({ port: 0, host: '127.0.0.1' });
    const editor = connectLive(again, diagramDocName(created.id), { cookie: owner });
    try {
      await editor.synced;
      expect(editor.text.toString()).toContain('logged only');
      expect((await get(created.id)).content).toBe(editor.text.toString());
    } finally {
      editor.destroy();
    }
  });
});
