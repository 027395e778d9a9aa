/** Collaborators of a diagram. Only the diagram's owner reaches these rows. */
import { and, asc, eq, exists, getTableColumns, sql } from 'drizzle-orm';
import type { Collaborator, CollaboratorRole, SharedWithMe } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { collaborators, diagrams, users } from '../db/schema.js';
import { collaboratorEmail, notDeleted, ownedBy, type Actor } from '../diagrams/access.js';
import { toSummary } from '../diagrams/store.js';

type CollaboratorRow = typeof collaborators.$inferSelect;
const toDto = (row: CollaboratorRow): Collaborator => ({
  id: row.id,
  email: row.email,
  role: row.role,
});

export function collaboratorsStore(db: Db) {
  const ownsDiagram = (actor: Actor, diagramId: number) =>
    exists(
      sql`(select 1 from ${diagrams} where ${and(eq(diagrams.id, diagramId), ownedBy(actor))})`,
    );

  return {
    /** Null when the caller does not own the diagram. */
    async list(actor: Actor, diagramId: number): Promise<Collaborator[]> {
      const rows = await db
        .select()
        .from(collaborators)
        .where(and(eq(collaborators.diagramId, diagramId), ownsDiagram(actor, diagramId)))
        .orderBy(asc(collaborators.email));
      return rows.map(toDto);
    },

    /** Adds the e-mail, or changes its role when it is there already. */
    async upsert(
      actor: Actor,
      diagramId: number,
      email: string,
      role: CollaboratorRole,
    ): Promise<Collaborator | null> {
      const [owned] = await db
        .select({ id: diagrams.id })
        .from(diagrams)
        .where(and(eq(diagrams.id, diagramId), ownedBy(actor)));
      if (!owned) return null;
      const [row] = await db
        .insert(collaborators)
        .values({ diagramId, email, role })
        .onConflictDoUpdate({
          target: [collaborators.diagramId, collaborators.email],
          set: { role },
        })
        .returning();
      return row ? toDto(row) : null;
    },

    async remove(actor: Actor, diagramId: number, collaboratorId: number): Promise<boolean> {
      const rows = await db
        .delete(collaborators)
        .where(
          and(
            eq(collaborators.id, collaboratorId),
            eq(collaborators.diagramId, diagramId),
            ownsDiagram(actor, diagramId),
          ),
        )
        .returning({ id: collaborators.id });
      return rows.length > 0;
    },

    /** Diagrams others shared with the caller's e-mail, newest first. */
    async sharedWith(actor: Actor): Promise<SharedWithMe[]> {
      const email = collaboratorEmail(actor);
      if (!email) return [];
      const { content: _content, ...columns } = getTableColumns(diagrams);
      const rows = await db
        .select({ diagram: columns, role: collaborators.role, ownerName: users.name })
        .from(collaborators)
        .innerJoin(diagrams, eq(diagrams.id, collaborators.diagramId))
        .innerJoin(users, eq(users.id, diagrams.userId))
        .where(
          and(eq(collaborators.email, email), sql`${diagrams.userId} <> ${actor.id}`, notDeleted),
        )
        .orderBy(sql`${diagrams.updatedAt} desc`);
      return rows.map((row) => ({
        ...toSummary(row.diagram),
        role: row.role,
        ownerName: row.ownerName,
      }));
    },
  };
}
