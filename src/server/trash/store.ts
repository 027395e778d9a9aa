/**
 * 'Recently deleted': the caller's diagrams in the trash, deleting them for good, and purging what
 * has waited longer than TRASH_DAYS. Taking one out of the trash is the diagram writer's (untrash).
 */
import { and, desc, eq } from 'drizzle-orm';
import { TRASH_DAYS, type TrashedDiagram } from '../../shared/versions.js';
import type { Db } from '../db/client.js';
import { diagrams } from '../db/schema.js';
import { expiredInTrash as expired, trashedBy, type Actor } from '../diagrams/access.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function trashStore(db: Db) {
  const byId = (actor: Actor, id: number) => and(eq(diagrams.id, id), trashedBy(actor));

  return {
    /** Deletes for good every diagram (of anyone) in the trash for more than TRASH_DAYS. */
    async purgeExpired(actor?: Actor): Promise<number> {
      const rows = await db
        .delete(diagrams)
        .where(actor ? and(trashedBy(actor), expired) : expired)
        .returning({ id: diagrams.id });
      return rows.length;
    },

    /** Newest deletion first; expired ones are purged first so they never show. */
    async list(actor: Actor): Promise<TrashedDiagram[]> {
      await this.purgeExpired(actor);
      const rows = await db
        .select({
          id: diagrams.id,
          title: diagrams.title,
          folderId: diagrams.folderId,
          deletedAt: diagrams.deletedAt,
        })
        .from(diagrams)
        .where(trashedBy(actor))
        .orderBy(desc(diagrams.deletedAt), desc(diagrams.id));
      return rows.flatMap((row) =>
        row.deletedAt
          ? [
              {
                id: row.id,
                title: row.title,
                folderId: row.folderId,
                deletedAt: row.deletedAt.toISOString(),
                purgeAt: new Date(row.deletedAt.getTime() + TRASH_DAYS * DAY_MS).toISOString(),
              },
            ]
          : [],
      );
    },

    /** Deletes a trashed diagram for good, with its versions and collaborators (cascade). */
    async remove(actor: Actor, id: number): Promise<boolean> {
      const rows = await db.delete(diagrams).where(byId(actor, id)).returning({ id: diagrams.id });
      return rows.length > 0;
    },
  };
}

export type TrashStore = ReturnType<typeof trashStore>;
