/** Folder queries, scoped to the acting user like every store. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Folder } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { folders } from '../db/schema.js';

type FolderRow = typeof folders.$inferSelect;

export function toFolderDto(row: FolderRow): Folder {
  return { id: row.id, name: row.name, position: row.position };
}

export function foldersStore(db: Db) {
  const owned = (userId: number, id: number) => and(eq(folders.id, id), eq(folders.userId, userId));

  return {
    /** True when the folder exists and belongs to the user. */
    async owns(userId: number, folderId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: folders.id })
        .from(folders)
        .where(owned(userId, folderId));
      return row !== undefined;
    },

    async list(userId: number): Promise<Folder[]> {
      const rows = await db
        .select()
        .from(folders)
        .where(eq(folders.userId, userId))
        .orderBy(asc(folders.position), asc(folders.id));
      return rows.map(toFolderDto);
    },

    /** New folders go after the last one. */
    async create(userId: number, name: string): Promise<Folder> {
      const [row] = await db
        .insert(folders)
        .values({
          userId,
          name,
          position: sql`(select coalesce(max(${folders.position}) + 1, 0) from ${folders} where ${folders.userId} = ${userId})`,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return toFolderDto(row);
    },

    async update(
      userId: number,
      id: number,
      patch: { name?: string; position?: number },
    ): Promise<Folder | null> {
      const [row] = await db
        .update(folders)
        .set({ ...patch, updatedAt: sql`clock_timestamp()` })
        .where(owned(userId, id))
        .returning();
      return row ? toFolderDto(row) : null;
    },

    /**
     * Deletes the folder; its diagrams (trashed ones too) move to the root by the foreign key
     * (on delete set null), in the same statement.
     */
    async remove(userId: number, id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: folders.id })
          .from(folders)
          .where(owned(userId, id))
          .for('update');
        if (!row) return false;
        await tx.delete(folders).where(owned(userId, id));
        return true;
      });
    },
  };
}
