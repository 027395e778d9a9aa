/**
 * Who may do what with a diagram: the one answer for every route, every live message and every
 * choice the app's screens make about what to offer. On the server the access comes from
 * server/diagrams/access.ts (the SQL that finds a caller's role), which builds its conditions for
 * acting from this same table; the app asks `can` with the access the server answered.
 */
import type { DiagramAccess } from '../schemas.js';

/** Everything a caller may ask to do with a diagram. */
export type Action =
  /** Open it: its title, text and drawing (REST reads, a live connection). */
  | 'read'
  /** List and view its versions. */
  | 'see-history'
  /** Change its title and text (PUT, live updates, an explicit live Save). */
  | 'edit'
  /** Make a version current again. */
  | 'restore'
  /** Turn its public link on or off. */
  | 'share'
  /** Move it into another folder. */
  | 'move'
  /** Move it to the trash. */
  | 'delete'
  /** List, add, change and remove its collaborators. */
  | 'manage-collaborators'
  /** Read its comments and add comments and replies (editing one's own is the author's alone). */
  | 'comment'
  /** Resolve and reopen its comment threads. */
  | 'resolve-comments';

/** Null (or undefined): the caller has no access to the diagram at all. */
export type Access = DiagramAccess | null | undefined;

const ALLOWED: Record<Action, readonly DiagramAccess[]> = {
  read: ['owner', 'editor', 'viewer'],
  'see-history': ['owner', 'editor', 'viewer'],
  edit: ['owner', 'editor'],
  restore: ['owner', 'editor'],
  share: ['owner'],
  move: ['owner'],
  delete: ['owner'],
  'manage-collaborators': ['owner'],
  comment: ['owner', 'editor', 'viewer'],
  'resolve-comments': ['owner', 'editor'],
};

export const ACTIONS = Object.keys(ALLOWED) as Action[];

/** Whether a caller with `access` may do `action`. */
export function can(access: Access, action: Action): boolean {
  return access != null && ALLOWED[action].includes(access);
}

/** Every action a caller with `access` may do, in the table's order (a diagram's `actions`). */
export function actionsOf(access: Access): Action[] {
  return ACTIONS.filter((action) => can(access, action));
}

/** The roles that may do `action` (for the SQL conditions of server/diagrams/access.ts). */
export function rolesThatMay(action: Action): readonly DiagramAccess[] {
  return ALLOWED[action];
}
