/**
 * The one writer of a diagram's row (title, text, sharing, folder, trash, `updatedAt`) and of its
 * versions (record-version.ts, row-writes.ts). REST edits, restores, live folds and imports all write here;
 * a lint rule keeps every other file from writing the row. A REST change of title or text is
 * also one edit of the open live document, through the port live/ registers (live-port.ts).
 *
 * The app builds ONE writer (app.ts) and hands it to every route and module that writes a diagram:
 * only that instance is joined to the live documents and holds the configured size limit, so a
 * second one would write text behind an open document's back. A lint rule (eslint.config.js)
 * keeps every other server file from importing or calling `diagramWriter`.
 */
import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Diagram, DiagramSummary, OpenedDiagram } from '../../shared/schemas.js';
import type { SaveKind } from '../../shared/versions.js';
import type { Db } from '../db/client.js';
import { moveCommentAnchors } from '../comments/store.js';
import { AppError } from '../errors.js';
import { diagrams, diagramVersions } from '../db/schema.js';
import { foldersStore } from '../folders/store.js';
import { can, type Action } from '../../shared/policy/can.js';
import { mayDo, type Actor } from './access.js';
import type { LiveDocuments, LiveEdit } from './live-port.js';
import { recordVersion } from './record-version.js';
import {
  NEXT_UPDATED_AT,
  createDiagram,
  insertImported,
  type ImportedDiagram,
  newShareToken,
  foldLive,
  trashDiagram,
  untrashDiagram,
} from './row-writes.js';
import { diagramsStore, toDiagramDto, type NewDiagram } from './store.js';

export interface DiagramPatch {
  title?: string;
  content?: string;
  isPublic?: boolean;
  folderId?: number | null;
}

/**
 * The fields only some roles may change, and the action each change is (shared/policy/can.ts). An
 * editor may still send them with their current values (a client saving the whole diagram).
 */
const GUARDED_FIELDS = { isPublic: 'share', folderId: 'move' } as const satisfies Record<
  string,
  Action
>;

export type UpdateResult =
  /** `liveUpdate`: the edit the write made of the live document (see LiveEdit.update). */
  | { status: 'updated'; diagram: Diagram; liveUpdate?: Uint8Array }
  | { status: 'missing' }
  /** The caller may read the diagram but not do `action`. */
  | { status: 'forbidden'; action: Action }
  /** The patch moves the diagram into a folder that is not the caller's. */
  | { status: 'no-folder' }
  /** The stored row changed after `expectedUpdatedAt`; it is returned untouched. */
  | { status: 'conflict'; diagram: Diagram }
  /** The live document would grow past its limit (`maxBytes` of encoded state). */
  | { status: 'too-large'; maxBytes: number };

/** Why a write was refused for the size of the live document (answered with 413). */
export const liveTooLargeMessage = (maxBytes: number) =>
  `The diagram would be larger than a live document may be (${maxBytes.toLocaleString('en')} bytes with its edit history). Shorten the text and save again.`;

/** Why an import was refused: one of its diagrams would not fit a live document (413). */
export const importTooLargeMessage = (title: string, maxBytes: number) =>
  `"${title}" would be larger than a live document may be (${maxBytes.toLocaleString('en')} bytes with its edit history). Shorten it and import again.`;

/** Largest encoded state of a live document (text, title and history) by default. */
export const DEFAULT_LIVE_STATE_MAX_BYTES = 8 * 1024 * 1024;

export interface WriterLimits {
  /**
   * Largest encoded state of a live document (LIVE_DOCUMENT_MAX_BYTES). Every writer is held to
   * it, the live route (live/server.ts) as REST writes, restores and new diagrams, so no text is
   * stored that could not be edited live.
   */
  liveStateMaxBytes: number;
}

/**
 * The encoded state a text and title take at least as a new live document (their UTF-8 bytes),
 * for a write without an open document (a new diagram, a writer without live editing).
 */
const seedBytes = (content: string, title: string) =>
  Buffer.byteLength(content, 'utf8') + Buffer.byteLength(title, 'utf8');

const touchesText = (patch: DiagramPatch) =>
  patch.title !== undefined || patch.content !== undefined;

/** The first action of `patch` the caller's access does not allow (null: all allowed). */
function refusedAction(current: OpenedDiagram, patch: DiagramPatch): Action | null {
  if (!can(current.access, 'edit')) return 'edit';
  for (const [field, action] of Object.entries(GUARDED_FIELDS)) {
    const value = patch[field as keyof typeof GUARDED_FIELDS];
    const changes = value !== undefined && value !== current[field as keyof typeof GUARDED_FIELDS];
    if (changes && !can(current.access, action)) return action;
  }
  return null;
}

/** SQL: the caller may make every change `patch` names (a field sent unchanged is no change). */
function mayApply(actor: Actor, patch: DiagramPatch): SQL {
  const conditions = [mayDo(actor, 'edit')];
  if (patch.isPublic !== undefined) {
    conditions.push(
      sql`(${eq(diagrams.isPublic, patch.isPublic)} or ${mayDo(actor, GUARDED_FIELDS.isPublic)})`,
    );
  }
  if (patch.folderId !== undefined) {
    conditions.push(
      sql`(${diagrams.folderId} is not distinct from ${patch.folderId} or ${mayDo(actor, GUARDED_FIELDS.folderId)})`,
    );
  }
  return and(...conditions) as SQL;
}

export function diagramWriter(db: Db, options: Partial<WriterLimits> = {}) {
  const limits: WriterLimits = { liveStateMaxBytes: DEFAULT_LIVE_STATE_MAX_BYTES, ...options };
  const tooLarge = { status: 'too-large', maxBytes: limits.liveStateMaxBytes } as const;
  /** Whether an edit takes the live document past its limit (one that shrinks it never does). */
  const overLimit = (stateBytes: { before: number; after: number }) =>
    stateBytes.after > limits.liveStateMaxBytes && stateBytes.after > stateBytes.before;
  const reads = diagramsStore(db);
  const folders = foldersStore(db);
  let live: LiveDocuments | null = null;

  // One text write per diagram at a time on this instance: the stale check and the live edit
  // it guards land together, so a racing PUT's 409 carries the winner's text.
  const writes = new Map<number, Promise<unknown>>();
  function oneAtATime<T>(id: number, write: () => Promise<T>): Promise<T> {
    const previous = writes.get(id) ?? Promise.resolve();
    const next = previous.then(write, write);
    const settled = next.catch(() => undefined);
    writes.set(id, settled);
    void settled.then(() => {
      if (writes.get(id) === settled) writes.delete(id);
    });
    return next;
  }

  /**
   * A move must be into one of the mover's folders; sending the folder the diagram is already in
   * is no move (an editor saving the whole diagram sends the owner's folder).
   */
  async function folderRefused(
    actor: Actor,
    current: OpenedDiagram | null,
    folderId: number | null | undefined,
  ): Promise<boolean> {
    if (folderId == null) return false;
    if (current && (current.folderId === folderId || !can(current.access, 'move'))) return false;
    return !(await folders.owns(actor.id, folderId));
  }

  /** Why a guarded write found no row: the diagram is gone, not the caller's to change, or newer. */
  async function diagnose(actor: Actor, id: number, patch: DiagramPatch): Promise<UpdateResult> {
    const current = await reads.open(actor, id);
    if (!current) return { status: 'missing' };
    const action = refusedAction(current, patch);
    if (action) return { status: 'forbidden', action };
    const { access: _access, ...diagram } = current;
    return { status: 'conflict', diagram };
  }

  /**
   * Writes the patch if the caller may, and only if the row was not changed after
   * `expectedUpdatedAt` (one statement, so two writers cannot both pass; null skips the check).
   * Making a diagram public gives it a share token the first time. A change of title or text
   * records a version, and logs `edit`, in the same transaction.
   */
  async function writeRow(
    actor: Actor,
    id: number,
    patch: DiagramPatch,
    expectedUpdatedAt: Date | null,
    kind: SaveKind,
    edit: LiveEdit | null,
  ): Promise<UpdateResult> {
    const guard = and(
      eq(diagrams.id, id),
      mayApply(actor, patch),
      expectedUpdatedAt ? lte(diagrams.updatedAt, expectedUpdatedAt) : undefined,
    );
    const written = await db.transaction(async (tx) => {
      // The text before this write, locked: comments' anchors move from it (comments/store.ts).
      const [before] =
        patch.content === undefined
          ? []
          : await tx
              .select({ content: diagrams.content })
              .from(diagrams)
              .where(eq(diagrams.id, id))
              .for('update');
      const [row] = await tx
        .update(diagrams)
        .set({
          ...patch,
          ...(patch.isPublic
            ? { shareToken: sql`coalesce(${diagrams.shareToken}, ${newShareToken()})` }
            : {}),
          updatedAt: NEXT_UPDATED_AT,
        })
        .where(guard)
        .returning();
      if (!row) return undefined;
      if (before) await moveCommentAnchors(tx, row.id, before.content, row.content);
      if (touchesText(patch)) {
        await recordVersion(tx, {
          diagramId: row.id,
          title: row.title,
          content: row.content,
          savedBy: actor.id,
          kind,
          authors: [actor.id],
        });
      }
      await edit?.log(tx);
      return row;
    });
    if (!written) return diagnose(actor, id, patch);
    await edit?.apply();
    // The row as this write committed it: its updatedAt is the one a crash keeps.
    const diagram = toDiagramDto(written);
    return edit
      ? { status: 'updated', diagram, liveUpdate: edit.update }
      : { status: 'updated', diagram };
  }

  /** A change of title or text by a caller whose access was read (`current`), live or not. */
  function writeText(
    actor: Actor,
    current: OpenedDiagram,
    patch: DiagramPatch,
    expectedUpdatedAt: Date | null,
    kind: SaveKind,
  ): Promise<UpdateResult> {
    if (!live) {
      const before = seedBytes(current.content, current.title);
      const after = seedBytes(patch.content ?? current.content, patch.title ?? current.title);
      if (overLimit({ before, after })) return Promise.resolve(tooLarge);
      return writeRow(actor, current.id, patch, expectedUpdatedAt, kind, null);
    }
    const by = { actor, access: current.access, kind };
    const change = { title: patch.title, content: patch.content };
    return live.editing(current.id, by, change, async (edit) => {
      // Decided before anything is written, as the live route decides for an update.
      if (edit && overLimit(edit.stateBytes)) return tooLarge;
      return writeRow(actor, current.id, patch, expectedUpdatedAt, kind, edit);
    });
  }

  return {
    /** Registers the live documents that REST writes edit (live/rest-edits.ts). */
    connectLive(documents: LiveDocuments): void {
      live = documents;
    },

    /** Makes the row hold every acknowledged live edit, before it is read. */
    async settle(id: number): Promise<void> {
      await live?.settle(id);
    },

    /** The limits every write is held to. */
    limits,

    /**
     * Creates the diagram and its first version in one transaction; 413 when its text would not
     * fit a live document.
     */
    async create(actor: Actor, input: NewDiagram): Promise<Diagram> {
      const after = seedBytes(input.content, input.title);
      if (overLimit({ before: 0, after })) {
        throw new AppError(413, liveTooLargeMessage(limits.liveStateMaxBytes));
      }
      return createDiagram(db, actor, input);
    },
    /**
     * Inserts a batch of imported diagrams in the import's transaction; 413 (which rolls the
     * whole import back) when one of them would not fit a live document.
     */
    insertImported(tx: Db, actor: Actor, batch: ImportedDiagram[]): Promise<DiagramSummary[]> {
      const large = batch.find((diagram) =>
        overLimit({ before: 0, after: seedBytes(diagram.content, diagram.title) }),
      );
      if (large) {
        throw new AppError(413, importTooLargeMessage(large.title, limits.liveStateMaxBytes));
      }
      return insertImported(tx, actor, batch);
    },
    foldLive,
    /** Moves the diagram to the trash (the owner only); trash/ handles the rest of its life. */
    trash: (actor: Actor, id: number): Promise<boolean> => trashDiagram(db, actor, id),
    untrash: (actor: Actor, id: number): Promise<Diagram | null> => untrashDiagram(db, actor, id),

    /**
     * PUT: changes the caller may make, guarded by `expectedUpdatedAt` (null: unguarded). A change
     * of title or text reads the row once (access, folder) and is one edit of the live document.
     */
    async edit(
      actor: Actor,
      id: number,
      patch: DiagramPatch,
      expectedUpdatedAt: Date | null,
      kind: SaveKind = 'manual',
    ): Promise<UpdateResult> {
      if (!touchesText(patch)) {
        if (patch.folderId != null) {
          const current = await reads.open(actor, id);
          if (await folderRefused(actor, current, patch.folderId)) return { status: 'no-folder' };
        }
        return writeRow(actor, id, patch, expectedUpdatedAt, kind, null);
      }
      return oneAtATime(id, async () => {
        const current = await reads.open(actor, id);
        if (await folderRefused(actor, current, patch.folderId)) return { status: 'no-folder' };
        if (!current) return { status: 'missing' };
        const action = refusedAction(current, patch);
        if (action) return { status: 'forbidden', action };
        if (expectedUpdatedAt && Date.parse(current.updatedAt) > expectedUpdatedAt.getTime()) {
          // Already newer than the caller's copy: a conflict whatever the live document holds.
          // Answered without opening the document, so a refused write leaves nothing behind;
          // settling first makes the answer carry every acknowledged live edit.
          await live?.settle(id);
          return diagnose(actor, id, patch);
        }
        return writeText(actor, current, patch, expectedUpdatedAt, kind);
      });
    },

    /** An unguarded edit (seeding, tools): the diagram, or null when it was not written. */
    async update(actor: Actor, id: number, patch: DiagramPatch): Promise<Diagram | null> {
      const result = await this.edit(actor, id, patch, null);
      return result.status === 'updated' ? result.diagram : null;
    },

    /**
     * Makes a version's title and text current, recording a 'restore' version. The caller's
     * access is checked first so a stranger learns nothing about versions.
     */
    async restore(
      actor: Actor,
      id: number,
      versionId: number,
    ): Promise<UpdateResult | { status: 'no-version' }> {
      return oneAtATime(id, async () => {
        const current = await reads.open(actor, id);
        if (!current) return { status: 'missing' };
        if (!can(current.access, 'restore')) return { status: 'forbidden', action: 'restore' };
        const [version] = await db
          .select({ title: diagramVersions.title, content: diagramVersions.content })
          .from(diagramVersions)
          .where(and(eq(diagramVersions.id, versionId), eq(diagramVersions.diagramId, id)));
        if (!version) return { status: 'no-version' };
        return writeText(actor, current, version, null, 'restore');
      });
    },
  };
}

export type DiagramWriter = ReturnType<typeof diagramWriter>;
