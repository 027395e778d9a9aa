import { Eye, PencilLine } from 'lucide-react';
import { useServerState, type ServerStateStore } from '@/diagram/saving/serverState';
import { SHARE_COPY, SHARE_TESTIDS } from './copy';
import { useOwnerName } from './useOwnerName';

/** Beside the title when the open diagram is someone else's: "Shared by {owner} · can view". */
export function AccessBadge({ serverState }: { serverState: ServerStateStore }) {
  const id = useServerState(serverState, (state) => state.id);
  const access = useServerState(serverState, (state) => state.access);
  const removed = useServerState(serverState, (state) => state.lostAccess === 'removed');
  const owner = useOwnerName(id);
  if (access === 'owner' || removed) return null;
  const Icon = access === 'viewer' ? Eye : PencilLine;
  const text = SHARE_COPY.sharedBy(owner ?? SHARE_COPY.someone, access);
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-border bg-muted px-2 py-0.5 text-xs text-muted-foreground max-md:sr-only"
      data-testid={SHARE_TESTIDS.accessBadge}
      data-access={access}
      title={access === 'viewer' ? SHARE_COPY.readOnlyHint : undefined}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {text}
    </span>
  );
}
