import { Check, CircleDot, CloudOff, Loader2 } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { HEADER_LABEL } from '@/components/headerLabel';
import type { DraftStore } from '@/diagram/draftStore';
import { SAVING_COPY, SAVING_TESTIDS } from '@/diagram/saving/copy';
import { isUnsaved, useServerState, type ServerStateStore } from '@/diagram/saving/serverState';

type Shown = 'offline' | 'saving' | 'unsaved' | 'saved' | 'none';

const SHOWN_ICON = {
  offline: CloudOff,
  saving: Loader2,
  unsaved: CircleDot,
  saved: Check,
} as const;

/** "Offline — changes are kept on this device", "Saving…", "Unsaved changes" or "All changes saved", beside the title. */
export function SaveStatus({
  draft,
  serverState,
}: {
  draft: DraftStore;
  serverState: ServerStateStore;
}) {
  const subscribe = (listener: () => void) => {
    const a = draft.subscribe(listener);
    const b = serverState.subscribe(listener);
    return () => {
      a();
      b();
    };
  };
  const read = (): Shown => {
    const state = serverState.get();
    if (state.live === 'offline') return 'offline';
    if (state.status === 'saving') return 'saving';
    if (isUnsaved(draft.get(), state.baseline)) return 'unsaved';
    return state.id === 0 ? 'none' : 'saved';
  };
  const shown = useSyncExternalStore(subscribe, read, read);
  const live = useServerState(serverState, (state) => state.live);
  if (shown === 'none') return null;
  const Icon = SHOWN_ICON[shown];
  const text = SAVING_COPY[shown];
  return (
    <span
      className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground max-md:sr-only"
      data-testid={SAVING_TESTIDS.status}
      data-state={shown}
      data-live={live}
      aria-live="polite"
      title={text}
    >
      <Icon className={`h-3.5 w-3.5 ${shown === 'saving' ? 'animate-spin' : ''}`} aria-hidden />
      {/* Narrow desktops show the icon alone (the words stay for screen readers and on hover). */}
      <span className={HEADER_LABEL}>{text}</span>
    </span>
  );
}
