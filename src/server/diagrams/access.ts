/**
 * Who may do what with a diagram, as SQL conditions every diagram query is built from: the owner
 * may do anything; a collaborator (matched by the e-mail they signed in with) may read, and an
 * editor may also change title and content. Anyone else finds no row. A diagram in the trash is
 * out of everyone's reach but its owner's trash calls (`trashedBy`).
 */
import { and, eq, exists, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DiagramAccess, User } from '../../shared/schemas.js';
import { collaborators, diagrams } from '../db/schema.js';

export type Actor = Pick<User, 'id' | 'email' | 'emailVerified'>;

/**
 * The address collaborators are matched by: only one the sign-in provider verified, since some
 * issuers let anyone type any address. Null: the actor collaborates on nothing.
 */
export const collaboratorEmail = (actor: Actor): string | null =>
  actor.emailVerified && actor.email ? actor.email.toLowerCase() : null;

const collaboration = (actor: Actor, role?: 'editor') => {
  const email = collaboratorEmail(actor);
  return email
    ? exists(
        sql`(select 1 from ${collaborators} where ${and(
          eq(collaborators.diagramId, diagrams.id),
          eq(collaborators.email, email),
          role ? eq(collaborators.role, role) : undefined,
        )})`,
      )
    : sql`false`;
};

/** Not in the trash: the condition of every diagram query outside the trash. */
export const notDeleted: SQL = isNull(diagrams.deletedAt);

const owner = (actor: Actor): SQL => eq(diagrams.userId, actor.id);

export const ownedBy = (actor: Actor): SQL => sql`(${owner(actor)} and ${notDeleted})`;

export const editableBy = (actor: Actor): SQL =>
  sql`((${owner(actor)} or ${collaboration(actor, 'editor')}) and ${notDeleted})`;

export const readableBy = (actor: Actor): SQL =>
  sql`((${owner(actor)} or ${collaboration(actor)}) and ${notDeleted})`;

/** The caller's own diagrams in the trash. */
export const trashedBy = (actor: Actor): SQL =>
  and(owner(actor), isNotNull(diagrams.deletedAt)) as SQL;

/** The caller's access as a column: 'owner', 'editor' or 'viewer'. */
export const accessOf = (actor: Actor) =>
  sql<DiagramAccess>`case when ${diagrams.userId} = ${actor.id} then 'owner' else coalesce((select ${collaborators.role} from ${collaborators} where ${and(
    eq(collaborators.diagramId, diagrams.id),
    eq(collaborators.email, collaboratorEmail(actor) ?? ''),
  )}), 'viewer') end`;
