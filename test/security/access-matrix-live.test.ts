/**
 * The access matrix of the live route (`/api/live`, a WebSocket rather than a registered route,
 * so access-matrix.test.ts cannot list it): every kind of caller × every kind of document name,
 * over the real listening app with real WebSocket clients. For each pair: is the document
 * refused, opened read-only (an update is answered `read-only` and reaches no one) or opened
 * for writing (the update is acknowledged and lands in the diagram)? No outsider may change the
 * owner's rows or read the private text.
 */
import { beforeAll, expect, it } from 'vitest';
import { diagramDocName, shareDocName } from '../../src/shared/live.js';
import type { Diagram } from '../../src/shared/schemas.js';
import { testDatabases } from '../support/databases.js';
import { useLiveWorld } from '../support/live-world.js';
import { connectLive, until, type LiveClient } from '../support/live-client.js';
import { describeEach } from '../support/needs.js';
import { makeWorld, ownerSlice, type World } from '../support/world.js';

const LIVE_ACTORS = ['anonymous', 'stranger', 'removed', 'viewer', 'editor', 'owner'] as const;
type LiveActor = (typeof LIVE_ACTORS)[number];
type Outcome = 'refused' | 'read' | 'write';

const everyone = (outcome: Outcome) =>
  Object.fromEntries(LIVE_ACTORS.map((actor) => [actor, outcome])) as Record<LiveActor, Outcome>;

/** Document kinds: how to name one in the world, which diagram it is, and who may do what. */
const KINDS: Record<
  string,
  { name: (w: MatrixWorld) => string; diagramId: (w: MatrixWorld) => number | null }
> = {
  'diagram:<id>': { name: (w) => diagramDocName(w.diagramId), diagramId: (w) => w.diagramId },
  'share:<token> shared': {
    name: (w) => shareDocName(w.shareToken),
    diagramId: (w) => w.publicDiagramId,
  },
  'share:<token> no longer shared': {
    name: (w) => shareDocName(w.revokedToken),
    diagramId: (w) => w.revokedDiagramId,
  },
  'diagram:<id> in the trash': {
    name: (w) => diagramDocName(w.trashedDiagramId),
    diagramId: () => null,
  },
  'diagram:<id> missing': { name: () => diagramDocName(2_000_000_000), diagramId: () => null },
  'malformed name': { name: () => 'diagram:../1', diagramId: () => null },
};

const EXPECTED: Record<keyof typeof KINDS, Record<LiveActor, Outcome>> = {
  'diagram:<id>': {
    anonymous: 'refused',
    stranger: 'refused',
    removed: 'refused',
    viewer: 'read',
    editor: 'write',
    owner: 'write',
  },
  'share:<token> shared': everyone('read'),
  'share:<token> no longer shared': everyone('refused'),
  'diagram:<id> in the trash': everyone('refused'),
  'diagram:<id> missing': everyone('refused'),
  'malformed name': everyone('refused'),
};

/** Outsiders first, the owner last. */
const OUTSIDERS: LiveActor[] = ['anonymous', 'stranger', 'removed'];

interface MatrixWorld extends World {
  revokedToken: string;
  revokedDiagramId: number;
  cookies: Record<LiveActor, string | undefined>;
}

describeEach(testDatabases, 'live access matrix on $name', ({ open }) => {
  const appSecret = 'live-access-matrix-secret-0123456789abcdefgh';
  const server = useLiveWorld(open, { appSecret });
  let world: MatrixWorld;

  const owner = () => world.cookies.owner;
  const contentOf = async (id: number) =>
    (
      (
        await server.inject({ method: 'GET', url: `/api/diagrams/${id}` }, owner())
      ).json() as Diagram
    ).content;

  beforeAll(async () => {
    const made = await makeWorld(server.database.db, appSecret);
    const ownerCookie = made.headers.owner.cookie!;
    // A collaborator who was removed again, with a live session of their own.
    const removedEmail = `removed-${made.secret}@example.test`;
    const removed = await server.signIn(removedEmail);
    const added = await server.addCollaborator(ownerCookie, made.diagramId, removedEmail, 'editor');
    const gone = await server.inject(
      { method: 'DELETE', url: `/api/diagrams/${made.diagramId}/collaborators/${added}` },
      ownerCookie,
    );
    expect(gone.statusCode).toBe(204);
    // A diagram that was shared by link and is no longer.
    const revokedDiagramId = (
      await server.createDiagram(ownerCookie, { title: 'Once', content: made.secret })
    ).id;
    const share = (isPublic: boolean) =>
      server.inject(
        { method: 'PUT', url: `/api/diagrams/${revokedDiagramId}`, payload: { isPublic } },
        ownerCookie,
      );
    const revokedToken = ((await share(true)).json() as Diagram).shareToken!;
    expect((await share(false)).statusCode).toBe(200);
    world = {
      ...made,
      revokedToken,
      revokedDiagramId,
      cookies: {
        anonymous: undefined,
        stranger: made.headers.stranger.cookie,
        removed,
        viewer: made.headers.viewer.cookie,
        editor: made.headers.editor.cookie,
        owner: ownerCookie,
      },
    };
  });

  /** Opens `name` as `actor` and tries to write `marker`: what the server allowed. */
  async function attempt(actor: LiveActor, name: string, marker: string): Promise<Outcome> {
    const cookie = world.cookies[actor];
    const client: LiveClient = connectLive(server.base, name, cookie ? { cookie } : {});
    try {
      try {
        await client.synced;
      } catch {
        expect(client.denied, `${actor} on ${name}`).toBe('not-found');
        expect(client.text.toString()).toBe('');
        return 'refused';
      }
      client.text.insert(0, marker);
      const refused = () =>
        client.messages.some((m) => m.type === 'refused' && m.reason === 'read-only');
      await until(
        () => refused() || !client.provider.hasUnsyncedChanges,
        `${actor}'s update on ${name} acknowledged or refused`,
      );
      return refused() ? 'read' : 'write';
    } finally {
      client.destroy();
    }
  }

  it.each(Object.keys(KINDS))('%s opens and writes for exactly the right callers', async (kind) => {
    const { name, diagramId } = KINDS[kind]!;
    const answers: Partial<Record<LiveActor, Outcome>> = {};
    for (const actor of LIVE_ACTORS) {
      const marker = `%% ${actor} was here ${Math.random().toString(36).slice(2)}\n`;
      const ownersBefore = await ownerSlice(server.database.db, world);
      const outcome = await attempt(actor, name(world), marker);
      answers[actor] = outcome;
      const id = diagramId(world);
      if (id !== null) {
        const content = await contentOf(id);
        if (outcome === 'write') expect(content.startsWith(marker), `${actor} wrote`).toBe(true);
        else expect(content, `${actor}'s refused update landed`).not.toContain(marker);
      }
      if (OUTSIDERS.includes(actor) || outcome !== 'write') {
        expect(
          await ownerSlice(server.database.db, world),
          `${actor} changed the owner's rows`,
        ).toBe(ownersBefore);
      }
    }
    expect(answers).toEqual(EXPECTED[kind]);
  });
});
