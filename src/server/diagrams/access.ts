/**
 * A caller's access to a diagram, as SQL every diagram query is built from: their role (owner, or
 * a collaborator matched by the e-mail they signed in with) and, from shared/policy/can.ts's table of
 * what each role may do, the condition for doing something. Anyone else finds no row. A diagram
 * in the trash is out of everyone's reach but its owner's trash calls (`trashedBy`).
 */
import { and, eq, exists, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { CollaboratorRole, DiagramAccess, User } from '../../shared/schemas.js';
import { TRASH_DAYS } from '../../shared/versions.js';
import { collaborators, diagrams } from '../db/schema.js';
import { rolesThatMay, type Action } from '../../shared/policy/can.js';

export type Actor = Pick<User, 'id' | 'email' | 'emailVerified'>;

/**
 * The address collaborators are matched by: only one the sign-in provider verified, since some
 * issuers let anyone type any address. Null: the actor collaborates on nothing.
 */
export const collaboratorEmail = (actor: Actor): string | null =>
  actor.emailVerified && actor.email ? actor.email.toLowerCase() : null;

const COLLABORATOR_ROLES: readonly CollaboratorRole[] = ['editor', 'viewer'];

/** SQL: the actor collaborates on the diagram in one of `roles`. */
const collaboration = (actor: Actor, roles: readonly CollaboratorRole[]) => {
  const email = collaboratorEmail(actor);
  if (!email || roles.length === 0) return sql`false`;
  const role =
    roles.length === COLLABORATOR_ROLES.length
      ? undefined
      : roles.length === 1
        ? eq(collaborators.role, roles[0]!)
        : inArray(collaborators.role, [...roles]);
  return exists(
    sql`(select 1 from ${collaborators} where ${and(
      eq(collaborators.diagramId, diagrams.id),
      eq(collaborators.email, email),
      role,
    )})`,
  );
};

/** Not in the trash: the condition of every diagram query outside the trash. */
export const notDeleted: SQL = isNull(diagrams.deletedAt);

const owner = (actor: Actor): SQL => eq(diagrams.userId, actor.id);

export const ownedBy = (actor: Actor): SQL => sql`(${owner(actor)} and ${notDeleted})`;

/** SQL: the actor may do `action` with the diagram (shared/policy/can.ts), which is not in the trash. */
export const mayDo = (actor: Actor, action: Action): SQL => {
  const roles = rolesThatMay(action);
  const asOwner = roles.includes('owner') ? owner(actor) : sql`false`;
  const asCollaborator = collaboration(
    actor,
    roles.filter((role): role is CollaboratorRole => role !== 'owner'),
  );
  return sql`((${asOwner} or ${asCollaborator}) and ${notDeleted})`;
};

export const editableBy = (actor: Actor): SQL => mayDo(actor, 'edit');

export const readableBy = (actor: Actor): SQL => mayDo(actor, 'read');

/** The caller's own diagrams in the trash. */
export const trashedBy = (actor: Actor): SQL =>
  and(owner(actor), isNotNull(diagrams.deletedAt)) as SQL;

/** In the trash for longer than TRASH_DAYS: purged, never restored. */
export const expiredInTrash: SQL = lte(
  diagrams.deletedAt,
  sql`now() - ${`${TRASH_DAYS} days`}::interval`,
);

/** The caller's access as a column: 'owner', 'editor' or 'viewer'. */
export const accessOf = (actor: Actor) =>
  sql<DiagramAccess>`case when ${diagrams.userId} = ${actor.id} then 'owner' else coalesce((select ${collaborators.role} from ${collaborators} where ${and(
    eq(collaborators.diagramId, diagrams.id),
    eq(collaborators.email, collaboratorEmail(actor) ?? ''),
  )}), 'viewer') end`;
