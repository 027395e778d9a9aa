/**
 * Who may do what with a diagram, as SQL conditions every diagram query is built from: the owner
 * may do anything; a collaborator (matched by the e-mail they signed in with) may read, and an
 * editor may also change title and content. Anyone else finds no row.
 */
import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { DiagramAccess, User } from '../../shared/schemas.js';
import { collaborators, diagrams } from '../db/schema.js';

export type Actor = Pick<User, 'id' | 'email'>;

const collaboration = (actor: Actor, role?: 'editor') =>
  actor.email
    ? exists(
        sql`(select 1 from ${collaborators} where ${and(
          eq(collaborators.diagramId, diagrams.id),
          eq(collaborators.email, actor.email.toLowerCase()),
          role ? eq(collaborators.role, role) : undefined,
        )})`,
      )
    : sql`false`;

export const ownedBy = (actor: Actor): SQL => eq(diagrams.userId, actor.id);

export const editableBy = (actor: Actor): SQL =>
  sql`(${ownedBy(actor)} or ${collaboration(actor, 'editor')})`;

export const readableBy = (actor: Actor): SQL =>
  sql`(${ownedBy(actor)} or ${collaboration(actor)})`;

/** The caller's access as a column: 'owner', 'editor' or 'viewer'. */
export const accessOf = (actor: Actor) =>
  sql<DiagramAccess>`case when ${diagrams.userId} = ${actor.id} then 'owner' else coalesce((select ${collaborators.role} from ${collaborators} where ${and(
    eq(collaborators.diagramId, diagrams.id),
    eq(collaborators.email, actor.email?.toLowerCase() ?? ''),
  )}), 'viewer') end`;
