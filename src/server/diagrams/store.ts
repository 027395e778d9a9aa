/**
 * Diagram queries. Every function takes the acting user and builds its condition from
 * access.ts, so another user's id behaves exactly like a missing one.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, getTableColumns, lte, sql, type SQL } from 'drizzle-orm';
import type { Diagram, DiagramSummary, OpenedDiagram } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { diagrams, diagramVersions } from '../db/schema.js';
import { recordVersion } from '../versions/store.js';
import { accessOf, editableBy, notDeleted, ownedBy, readableBy, type Actor } from './access.js';

type DiagramRow = typeof diagrams.$inferSelect;

export function toDiagramDto(row: DiagramRow): Diagram {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    content: row.content,
    isPublic: row.isPublic,
    shareToken: row.shareToken,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    folderId: row.folderId,
    position: row.position,
  };
}

export function toSummary(row: Omit<DiagramRow, 'content'>): DiagramSummary {
  const { content: _content, ...summary } = toDiagramDto({ ...row, content: '' });
  return summary;
}

export interface NewDiagram {
  title: string;
  content: string;
  folderId?: number | null;
}

export interface DiagramPatch {
  title?: string;
  content?: string;
  isPublic?: boolean;
  folderId?: number | null;
}

/**
 * Only the owner may change these; editors change title and content. An editor may still send
 * them with their current values (a client saving the whole diagram): only a change is the owner's.
 */
const OWNER_ONLY = ['isPublic', 'folderId'] as const;

/** SQL: every owner-only field the patch names already holds the patch's value. */
function ownerOnlyUnchanged(patch: DiagramPatch): SQL {
  const same = [
    patch.isPublic === undefined ? undefined : eq(diagrams.isPublic, patch.isPublic),
    patch.folderId === undefined
      ? undefined
      : sql`${diagrams.folderId} is not distinct from ${patch.folderId}`,
  ];
  return and(...same) ?? sql`true`;
}

/** Whether the patch changes an owner-only field of `current`. */
function changesOwnerOnly(patch: DiagramPatch, current: Diagram): boolean {
  return OWNER_ONLY.some((key) => patch[key] !== undefined && patch[key] !== current[key]);
}

export type UpdateResult =
  | { status: 'updated'; diagram: Diagram }
  | { status: 'missing' }
  /** The caller may read the diagram but not make this change. */
  | { status: 'forbidden'; access: 'editor' | 'viewer' }
  /** The stored row changed after `expectedUpdatedAt`; it is returned untouched. */
  | { status: 'conflict'; diagram: Diagram };

/** How a change of title or content came about, for its version. */
export type SaveKind = 'manual' | 'auto' | 'restore';

/** A change of a diagram guarded by its `updatedAt` (null: unguarded). */
export type Writer = (
  actor: Actor,
  id: number,
  patch: DiagramPatch,
  expectedUpdatedAt: Date | null,
  kind?: SaveKind,
) => Promise<UpdateResult>;

/** 192 random bits, URL-safe: unguessable share links. */
export const newShareToken = () => randomBytes(24).toString('base64url');

const { content: _content, ...summaryColumns } = getTableColumns(diagrams);
const newestFirst = [desc(diagrams.updatedAt), desc(diagrams.id)];

export function diagramsStore(db: Db) {
  const byId = (id: number, condition: SQL) => and(eq(diagrams.id, id), condition);

  return {
    /** Creates the diagram and its first version in one transaction. */
    async create(actor: Actor, input: NewDiagram): Promise<Diagram> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(diagrams)
          .values({
            userId: actor.id,
            title: input.title,
            content: input.content,
            folderId: input.folderId,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await recordVersion(tx, {
          diagramId: row.id,
          title: row.title,
          content: row.content,
          savedBy: actor.id,
          kind: 'created',
          authors: [actor.id],
        });
        return toDiagramDto(row);
      });
    },

    async list(actor: Actor): Promise<Diagram[]> {
      const rows = await db
        .select()
        .from(diagrams)
        .where(ownedBy(actor))
        .orderBy(...newestFirst);
      return rows.map(toDiagramDto);
    },

    /** The list without each diagram's text: what the sidebar needs, at any number of diagrams. */
    async listSummaries(actor: Actor): Promise<DiagramSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(diagrams)
        .where(ownedBy(actor))
        .orderBy(...newestFirst);
      return rows.map(toSummary);
    },

    /** The caller's own diagram (owner only). */
    async get(actor: Actor, id: number): Promise<Diagram | null> {
      const [row] = await db
        .select()
        .from(diagrams)
        .where(byId(id, ownedBy(actor)));
      return row ? toDiagramDto(row) : null;
    },

    /** A diagram the caller owns or collaborates on, with their access. */
    async open(actor: Actor, id: number): Promise<OpenedDiagram | null> {
      const [row] = await db
        .select({ diagram: diagrams, access: accessOf(actor) })
        .from(diagrams)
        .where(byId(id, readableBy(actor)));
      return row ? { ...toDiagramDto(row.diagram), access: row.access } : null;
    },

    /** A public diagram by its share token; private or unknown tokens find nothing. */
    async findPublic(token: string): Promise<Diagram | null> {
      const [row] = await db
        .select()
        .from(diagrams)
        .where(and(eq(diagrams.shareToken, token), eq(diagrams.isPublic, true), notDeleted));
      return row ? toDiagramDto(row) : null;
    },

    async update(actor: Actor, id: number, patch: DiagramPatch): Promise<Diagram | null> {
      const result = await this.updateIfUnchanged(actor, id, patch, null);
      return result.status === 'updated' ? result.diagram : null;
    },

    /**
     * Applies the patch if the caller may, and only if the row was not changed after
     * `expectedUpdatedAt` (one statement, so two writers cannot both pass). Null skips the check.
     * Making a diagram public gives it a share token the first time. A change of title or content
     * records a version in the same transaction (see recordVersion for when it is skipped).
     * `within` runs in that transaction too, once the row is written (a live edit's log entry).
     */
    async updateIfUnchanged(
      actor: Actor,
      id: number,
      patch: DiagramPatch,
      expectedUpdatedAt: Date | null,
      kind: SaveKind = 'manual',
      within?: (tx: Db) => Promise<void>,
    ): Promise<UpdateResult> {
      const ownerOnly = OWNER_ONLY.some((key) => patch[key] !== undefined);
      const allowed = ownerOnly
        ? sql`(${ownedBy(actor)} or (${editableBy(actor)} and ${ownerOnlyUnchanged(patch)}))`
        : editableBy(actor);
      const guard = expectedUpdatedAt
        ? and(byId(id, allowed), lte(diagrams.updatedAt, expectedUpdatedAt))
        : byId(id, allowed);
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(diagrams)
          .set({
            ...patch,
            ...(patch.isPublic
              ? { shareToken: sql`coalesce(${diagrams.shareToken}, ${newShareToken()})` }
              : {}),
            // Strictly later than the last save, even for two saves in one millisecond.
            updatedAt: sql`greatest(clock_timestamp(), ${diagrams.updatedAt} + interval '1 millisecond')`,
          })
          .where(guard)
          .returning();
        if (row && (patch.title !== undefined || patch.content !== undefined)) {
          await recordVersion(tx, {
            diagramId: row.id,
            title: row.title,
            content: row.content,
            savedBy: actor.id,
            kind,
            authors: [actor.id],
          });
        }
        if (row && within) await within(tx);
        return row;
      });
      if (updated) return { status: 'updated', diagram: toDiagramDto(updated) };

      const current = await this.open(actor, id);
      if (!current) return { status: 'missing' };
      if (
        current.access === 'viewer' ||
        (current.access !== 'owner' && changesOwnerOnly(patch, current))
      ) {
        return { status: 'forbidden', access: current.access };
      }
      const { access: _access, ...diagram } = current;
      return { status: 'conflict', diagram };
    },

    /**
     * Makes a version's title and content current, recording a 'restore' version. The caller's
     * access is checked first so a stranger learns nothing about versions.
     */
    async restoreVersion(
      actor: Actor,
      id: number,
      versionId: number,
      /** Where the version's title and content are written (the live document, in the app). */
      write: Writer = (...args) => this.updateIfUnchanged(...args),
    ): Promise<UpdateResult | { status: 'no-version' }> {
      const current = await this.open(actor, id);
      if (!current) return { status: 'missing' };
      if (current.access === 'viewer') return { status: 'forbidden', access: 'viewer' };
      const [version] = await db
        .select({ title: diagramVersions.title, content: diagramVersions.content })
        .from(diagramVersions)
        .where(and(eq(diagramVersions.id, versionId), eq(diagramVersions.diagramId, id)));
      if (!version) return { status: 'no-version' };
      return write(actor, id, version, null, 'restore');
    },

    /** Moves the diagram to the trash (owner only); see trash/store.ts for the rest of its life. */
    async remove(actor: Actor, id: number): Promise<boolean> {
      const rows = await db
        .update(diagrams)
        .set({ deletedAt: sql`clock_timestamp()` })
        .where(byId(id, ownedBy(actor)))
        .returning({ id: diagrams.id });
      return rows.length > 0;
    },
  };
}
