/**
 * A collaborator's access to the open diagram going away: what a refusal means (`lostAccess`, for
 * saves too), and marking the diagram read-only with one notice when a history or share call
 * finds it out. A refused save (saver.ts) and the live connection's word (useLiveDiagram.ts) set
 * the same state in their own flows.
 */
import { isCollaboratorRole, type DiagramAccess } from '@shared/schemas';
import { DIAGRAM_NOT_FOUND } from '@shared/messages';
import { HttpError } from '@/api/http';
import type { LostAccess, ServerState, ServerStateStore } from './serverState';
import { toastAccessLost } from './saveToasts';

/**
 * What a refusal means for a collaborator: 404 'Diagram not found' once removed (strangers learn
 * nothing), 403 once only a viewer. Only a collaborator's access can be taken away: the owner's
 * own 404 (deleted elsewhere) stays an error, and so does a 404 about a part of the diagram (a
 * version, a folder).
 */
export function lostAccess(error: unknown, access: DiagramAccess): LostAccess | null {
  if (!isCollaboratorRole(access) || !(error instanceof HttpError)) return null;
  if (error.status === 403) return 'viewer';
  if (error.status !== 404) return null;
  const said = (error.body as { error?: unknown } | null)?.error;
  return said === undefined || said === DIAGRAM_NOT_FOUND ? 'removed' : null;
}

/**
 * Marks the open diagram read-only for `lost` (its unsaved text stays in the draft and its
 * backup) and tells the user, unless they were told already. Answers whether it was news.
 */
export function markAccessLost(
  serverState: ServerStateStore,
  lost: LostAccess,
  also: Partial<ServerState> = {},
): boolean {
  const before = serverState.get().lostAccess;
  serverState.update({
    ...also,
    access: 'viewer',
    lostAccess: before === 'removed' ? before : lost,
  });
  if (before === lost || before === 'removed') return false;
  toastAccessLost(lost);
  return true;
}

/**
 * For a call about the open diagram that failed: when the failure means the user's access is
 * gone, the editor turns read-only and says so; answers whether that was the reason.
 */
export function noticeRefusal(serverState: ServerStateStore, error: unknown): boolean {
  const state = serverState.get();
  const lost = state.id !== 0 ? lostAccess(error, state.access) : null;
  if (!lost) return false;
  markAccessLost(serverState, lost);
  return true;
}
