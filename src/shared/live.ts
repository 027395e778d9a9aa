/**
 * The live co-editing protocol shared by server and client: document names and the JSON
 * messages carried over the stateless channel of the live connection (`/api/live`).
 */
import { z } from './zod.js';

/** Path of the live WebSocket on the app's own server. */
export const LIVE_PATH = '/api/live';
/** The Y.Text holding the diagram's text, and the Y.Map holding `title`. */
export const LIVE_TEXT = 'content';
export const LIVE_META = 'meta';

export const diagramDocName = (id: number) => `diagram:${id}`;
export const shareDocName = (token: string) => `share:${token}`;

export type LiveDocName = { kind: 'diagram'; id: number } | { kind: 'share'; token: string };

const DIAGRAM_NAME = /^diagram:([1-9][0-9]{0,9})$/;
const SHARE_NAME = /^share:([A-Za-z0-9_-]{1,64})$/;

/** Null for any name that is neither `diagram:<id>` nor `share:<token>`. */
export function parseLiveDocName(name: string): LiveDocName | null {
  const diagram = DIAGRAM_NAME.exec(name);
  if (diagram) {
    const id = Number(diagram[1]);
    return id <= 2_147_483_647 ? { kind: 'diagram', id } : null;
  }
  const share = SHARE_NAME.exec(name);
  return share ? { kind: 'share', token: share[1]! } : null;
}

export type LiveRole = 'owner' | 'editor' | 'viewer';

/**
 * Why the server did not take an edit: the text or document would pass its size limit, the
 * connection may only read, the update is more work to place than one edit may cause (e.g.
 * thousands of concurrent inserts), it writes outside the document's shape, or it builds on
 * edits the server does not hold (one refused before it): taken, it would be parked unseen.
 */
export const refusedReason = z.enum([
  'too-large',
  'read-only',
  'too-complex',
  'invalid',
  'out-of-step',
]);
export type RefusedReason = z.infer<typeof refusedReason>;

/**
 * A short fingerprint of a title and text (53-bit, cyrb53). `saved` carries the one of what the
 * server stored, so a client marks saved only text the server holds: not a copy of its own that
 * may hold edits the server refused or has not received yet.
 */
export function liveDigest(title: string, content: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const mix = (code: number) => {
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  };
  for (let i = 0; i < title.length; i++) mix(title.charCodeAt(i));
  mix(0x10000); // outside UTF-16: no title and text run into each other's digest
  for (let i = 0; i < content.length; i++) mix(content.charCodeAt(i));
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export const liveServerMessage = z.discriminatedUnion('type', [
  /** The row now holds the live document whose title and text have `digest` (liveDigest). */
  z.object({ type: z.literal('saved'), updatedAt: z.string(), digest: z.string().max(16) }),
  z.object({ type: z.literal('refused'), reason: refusedReason }),
  z.object({ type: z.literal('access'), role: z.enum(['viewer', 'editor', 'none']) }),
  /** The diagram's comments changed (added, edited, resolved, reopened or deleted): read them again. */
  z.object({ type: z.literal('comments') }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;

export const liveClientMessage = z.object({ type: z.literal('save') });
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** Largest awareness (presence) state of one client, in bytes of JSON. */
export const AWARENESS_STATE_MAX = 4096;

/** A Yjs id (client and clock) as JSON: whole numbers in Yjs's own ranges. */
const yjsId = z
  .object({
    client: z.number().int().min(0).max(0xffffffff),
    clock: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

/**
 * A place in the diagram's text as y-codemirror.next sends it: a Y.RelativePosition in the
 * `content` root type (JSON of the object: every field present). Every other client hands it to
 * Yjs as it is, so anything else (a missing `item`, another root type's name, which Yjs would
 * create) is refused: one malformed cursor would switch off everyone's remote cursors.
 */
const textPosition = z
  .object({
    type: z.null(),
    tname: z.literal(LIVE_TEXT),
    item: yjsId.nullable(),
    assoc: z.number().int().min(-1).max(1),
  })
  .strict();

/**
 * What a client may put in its awareness: who it is (the server overwrites `id`, `name` and
 * `role` from the session) and its cursor (y-codemirror.next's relative positions).
 */
export const awarenessState = z
  .object({
    user: z
      .object({
        id: z.union([z.number().int(), z.string().max(64)]),
        name: z.string().max(200),
        role: z.enum(['owner', 'editor', 'viewer']),
        color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
        colorLight: z.string().regex(/^#[0-9a-fA-F]{8}$/),
      })
      .strict()
      .optional(),
    cursor: z.object({ anchor: textPosition, head: textPosition }).strict().nullable().optional(),
  })
  .strict();
export type AwarenessState = z.infer<typeof awarenessState>;
