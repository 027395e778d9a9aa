/**
 * A small world of users for authorisation tests: an owner with a private diagram (shared with a
 * collaborator editor and viewer), a public diagram and a folder; a stranger; another account
 * that signed in with the editor's address unverified by its issuer; API tokens for the
 * owner and the stranger; and an expired session of the owner. Everything the owner keeps
 * private carries `secret` in its text, so an answer that leaks it is easy to spot.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { apiTokensStore } from '../../src/server/api-tokens/store.js';
import { tokenKey } from '../../src/server/api-tokens/token-crypto.js';
import { SESSION_COOKIE } from '../../src/server/auth/session-cookie.js';
import { hashToken, sessionsStore } from '../../src/server/auth/sessions-store.js';
import { collaboratorsStore } from '../../src/server/collaborators/store.js';
import type { Db } from '../../src/server/db/client.js';
import {
  apiTokens,
  collaborators,
  comments,
  diagramVersions,
  diagrams,
  folders,
  sessions,
  users,
} from '../../src/server/db/schema.js';
import { diagramWriter } from '../../src/server/diagrams/writer.js';
import { foldersStore } from '../../src/server/folders/store.js';
import { usersStore } from '../../src/server/users/store.js';

export const ACTORS = [
  'anonymous',
  'owner',
  'editor',
  'viewer',
  'stranger',
  'unverified',
  'ownerToken',
  'strangerToken',
  'expired',
] as const;
export type ActorName = (typeof ACTORS)[number];

export interface World {
  secret: string;
  ownerId: number;
  diagramId: number;
  publicDiagramId: number;
  shareToken: string;
  folderId: number;
  editorCollaboratorId: number;
  /** The private diagram's first version. */
  versionId: number;
  /** A diagram of the owner's in the trash. */
  trashedDiagramId: number;
  /** The owner's comment on the private diagram's message (line 2). */
  commentId: number;
  /** Request headers that make a request come from the actor. */
  headers: Record<ActorName, Record<string, string>>;
  /** Every user the world made (removeWorld deletes them, and with them what they own). */
  userIds: number[];
}

export async function makeWorld(db: Db, appSecret: string): Promise<World> {
  const tag = randomBytes(6).toString('hex');
  const secret = `secret-${tag}`;
  const people = usersStore(db);
  const person = (role: string) =>
    people.upsert({
      identity: `local ${role}-${tag}@example.test`,
      name: `${role} ${tag}`,
      email: `${role}-${tag}@example.test`,
      emailVerified: true,
      avatarUrl: null,
    });
  const [owner, editor, viewer, stranger] = await Promise.all(
    ['owner', 'editor', 'viewer', 'stranger'].map(person),
  );
  if (!owner || !editor || !viewer || !stranger) throw new Error('users not created');
  const unverified = await people.upsert({
    identity: `https://issuer.example.test unverified-${tag}`,
    name: `unverified ${tag}`,
    email: editor.email,
    emailVerified: false,
    avatarUrl: null,
  });

  const store = diagramWriter(db);
  const folder = await foldersStore(db).create(owner.id, `Folder ${secret}`);
  const diagram = await store.create(owner, {
    title: `Title ${secret}`,
    content: `sequenceDiagram\n  A->>B: ${secret}`,
    folderId: folder.id,
  });
  const published = await store.create(owner, { title: 'Published', content: 'graph TD; A-->B' });
  const [version] = await db
    .select({ id: diagramVersions.id })
    .from(diagramVersions)
    .where(eq(diagramVersions.diagramId, diagram.id));
  if (!version) throw new Error('no version recorded');
  const trashed = await store.create(owner, { title: `Trashed ${secret}`, content: secret });
  await store.trash(owner, trashed.id);
  const shared = await store.update(owner, published.id, { isPublic: true });
  if (!shared?.shareToken) throw new Error('no share token');
  const team = collaboratorsStore(db);
  const editorRow = await team.upsert(owner, diagram.id, editor.email!, 'editor');
  await team.upsert(owner, diagram.id, viewer.email!, 'viewer');
  if (!editorRow) throw new Error('collaborator not added');

  const [comment] = await db
    .insert(comments)
    .values({
      diagramId: diagram.id,
      authorId: owner.id,
      body: `Comment ${secret}`,
      line: 2,
      lineText: `A->>B: ${secret}`,
    })
    .returning({ id: comments.id });
  if (!comment) throw new Error('comment not added');

  const sessionsOf = sessionsStore(db);
  const cookie = async (userId: number) => ({
    cookie: `${SESSION_COOKIE}=${(await sessionsOf.create(userId)).id}`,
  });
  const tokens = apiTokensStore(db, tokenKey(appSecret));
  const bearer = async (user: typeof owner) => ({
    authorization: `Bearer ${await tokens.get(user)}`,
  });
  const expiredId = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hashToken(expiredId),
    userId: owner.id,
    expiresAt: new Date(Date.now() - 60_000),
  });

  return {
    secret,
    ownerId: owner.id,
    diagramId: diagram.id,
    publicDiagramId: published.id,
    shareToken: shared.shareToken,
    folderId: folder.id,
    editorCollaboratorId: editorRow.id,
    versionId: version.id,
    trashedDiagramId: trashed.id,
    commentId: comment.id,
    userIds: [owner.id, editor.id, viewer.id, stranger.id, unverified.id],
    headers: {
      anonymous: {},
      owner: await cookie(owner.id),
      editor: await cookie(editor.id),
      viewer: await cookie(viewer.id),
      stranger: await cookie(stranger.id),
      unverified: await cookie(unverified.id),
      ownerToken: await bearer(owner),
      strangerToken: await bearer(stranger),
      expired: { cookie: `${SESSION_COOKIE}=${expiredId}` },
    },
  };
}

/**
 * Deletes the world's users and, by the schema's cascades, their diagrams, folders, sessions,
 * tokens and the rest: a suite that makes a world per case keeps its database (and the
 * snapshots it compares) the size of one world.
 */
export async function removeWorld(db: Db, world: World): Promise<void> {
  await db.delete(users).where(inArray(users.id, world.userIds));
}

/**
 * The owner's rows in every table, as text: what no other user may change. Expired sessions are
 * left out: whoever holds a dead session's cookie may clear it (sign-in and logout do).
 */
export async function ownerSlice(db: Db, world: World): Promise<string> {
  const own = await db
    .select({ id: diagrams.id })
    .from(diagrams)
    .where(eq(diagrams.userId, world.ownerId));
  const ids = own.map((row) => row.id);
  const parts = await Promise.all([
    db.select().from(users).where(eq(users.id, world.ownerId)),
    db.select().from(diagrams).where(eq(diagrams.userId, world.ownerId)).orderBy(diagrams.id),
    db.select().from(folders).where(eq(folders.userId, world.ownerId)).orderBy(folders.id),
    ids.length
      ? db
          .select()
          .from(collaborators)
          .where(inArray(collaborators.diagramId, ids))
          .orderBy(collaborators.id)
      : Promise.resolve([]),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, world.ownerId), gt(sessions.expiresAt, new Date())))
      .orderBy(sessions.idHash),
    db.select().from(apiTokens).where(eq(apiTokens.userId, world.ownerId)),
    ids.length
      ? db
          .select()
          .from(diagramVersions)
          .where(inArray(diagramVersions.diagramId, ids))
          .orderBy(diagramVersions.id)
      : Promise.resolve([]),
    ids.length
      ? db.select().from(comments).where(inArray(comments.diagramId, ids)).orderBy(comments.id)
      : Promise.resolve([]),
    // Diagrams that moved to someone else would vanish from the lists above; count them too.
    db
      .select({ n: sql<number>`count(*)` })
      .from(diagrams)
      .where(or(eq(diagrams.id, world.diagramId), eq(diagrams.id, world.publicDiagramId))),
  ]);
  return JSON.stringify(parts);
}

export function as(world: World, actor: ActorName, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, ...world.headers[actor] } };
}
