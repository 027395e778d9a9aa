import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { folders } from '../db/schema.js';

export function foldersStore(db: Db) {
  return {
    /** True when the folder exists and belongs to the user. */
    async owns(userId: number, folderId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: folders.id })
        .from(folders)
        .where(and(eq(folders.id, folderId), eq(folders.userId, userId)));
      return row !== undefined;
    },
  };
}
