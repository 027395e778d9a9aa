/** The version history of the open diagram: versions, the drawing of one, its differences, Restore. */
import { Loader2, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { can } from '@shared/policy/can';
import { useVersion, useVersions } from '@/api/versions';
import { readableError } from '@/api/http';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { toast } from '@/components/ui/toast-store';
import { useDraftField, type DraftStore } from '@/diagram/draftStore';
import { isUnsaved, useServerState } from '@/diagram/saving/serverState';
import { Preview } from '@/features/preview/Preview';
import { cn } from '@/lib/cn';
import { HISTORY_COPY, HISTORY_TESTIDS } from './copy';
import { relativeTime } from './relativeTime';
import { RestoreConfirm } from './RestoreConfirm';
import { useNow } from '@/lib/useNow';
import { useRestore, type RestoreHandle } from './useRestore';
import type { VersionRange } from './useChangesSinceVisit';
import { VersionCompare } from './VersionCompare';
import { VersionDiff } from './VersionDiff';
import { VersionList } from './VersionList';
import { VersionName } from './VersionName';

type View = 'drawing' | 'changes' | 'compare';

const VIEWS: Record<View, { label: string; testId: string }> = {
  drawing: { label: HISTORY_COPY.drawing, testId: HISTORY_TESTIDS.showDrawing },
  changes: { label: HISTORY_COPY.changes, testId: HISTORY_TESTIDS.showChanges },
  compare: { label: HISTORY_COPY.whatChanged, testId: HISTORY_TESTIDS.showCompare },
};

interface HistoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  handle: RestoreHandle;
  draft: DraftStore;
  /** Opens on 'What changed' between these two versions. */
  compare?: VersionRange | null;
}

export function HistoryDialog({ open, onOpenChange, handle, draft, compare }: HistoryDialogProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      data-testid={HISTORY_TESTIDS.dialog}
      className="h-[min(88vh,780px)] max-w-6xl grid-rows-[auto_minmax(0,1fr)] gap-0 overflow-hidden p-0"
      headerClassName="border-b border-border px-6 pt-5 pb-4"
      title={HISTORY_COPY.title}
      description={HISTORY_COPY.description}
    >
      {open && (
        <HistoryBody
          handle={handle}
          draft={draft}
          compare={compare ?? null}
          onClose={() => onOpenChange(false)}
        />
      )}
    </DialogShell>
  );
}

interface HistoryBodyProps {
  handle: RestoreHandle;
  draft: DraftStore;
  compare: VersionRange | null;
  onClose: () => void;
}

function HistoryBody({ handle, draft, compare, onClose }: HistoryBodyProps) {
  const diagramId = useServerState(handle.serverState, (state) => state.id);
  const canRestore = useServerState(handle.serverState, (state) => can(state.access, 'restore'));
  const unsaved = useServerState(handle.serverState, (state) =>
    isUnsaved(draft.get(), state.baseline),
  );
  const current = useDraftField(draft, 'content');
  const versions = useVersions(diagramId, true);
  const [chosenId, setChosenId] = useState<number | null>(compare?.to ?? null);
  const [view, setView] = useState<View>(compare ? 'compare' : 'drawing');
  const [confirming, setConfirming] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const now = useNow();
  const list = versions.data ?? [];
  const selected = list.find((v) => v.id === chosenId) ?? list[0] ?? null;
  const version = useVersion(diagramId, selected?.id ?? null);
  const { restore, pending } = useRestore(handle, draft);
  const isCurrent = version.data?.content === current;
  const when = selected ? relativeTime(new Date(selected.createdAt), now) : '';
  const { refused } = handle;
  const loadError = versions.error ?? version.error;
  // Access taken away since the diagram opened: the editor says so, and there is no history left
  // to show.
  useEffect(() => {
    if (loadError && refused(loadError)) onClose();
  }, [loadError, refused, onClose]);

  const runRestore = async () => {
    if (!selected) return;
    try {
      await restore(selected);
      setChosenId(null);
      toast({ title: HISTORY_COPY.restored(when) });
    } catch (error) {
      if (refused(error)) return onClose();
      toast({
        title: HISTORY_COPY.restoreFailed,
        description: readableError(error),
        variant: 'destructive',
      });
    } finally {
      setConfirming(false);
    }
  };

  if (versions.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
        {HISTORY_COPY.loading}
      </div>
    );
  }
  if (versions.error) {
    return <p className="p-6 text-sm text-muted-foreground">{HISTORY_COPY.loadFailed}</p>;
  }
  if (list.length === 0) {
    return <p className="p-6 text-sm text-muted-foreground">{HISTORY_COPY.empty}</p>;
  }

  return (
    <div className="flex min-h-0 max-md:flex-col">
      <div
        ref={listRef}
        className="shrink-0 overflow-y-auto border-border md:w-64 md:border-r max-md:max-h-48 max-md:border-b"
      >
        <VersionList
          versions={list}
          selectedId={selected?.id ?? null}
          onSelect={setChosenId}
          now={now}
        />
      </div>
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-border px-4 py-2">
          <div
            role="group"
            aria-label={HISTORY_COPY.viewLabel}
            className="inline-flex rounded-md border border-border bg-muted/50 p-0.5"
          >
            {(Object.keys(VIEWS) as View[]).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setView(option)}
                data-testid={VIEWS[option].testId}
                className={cn(
                  'cursor-pointer whitespace-nowrap rounded px-3 py-1 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  view === option
                    ? 'bg-card text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {VIEWS[option].label}
              </button>
            ))}
          </div>
          <VersionName content={version.data?.content ?? null} title={selected?.title ?? null} />
          {isCurrent ? (
            // Restoring the text the editor already has would change nothing.
            <span className="text-xs text-muted-foreground" data-testid={HISTORY_TESTIDS.isCurrent}>
              {HISTORY_COPY.isCurrent}
            </span>
          ) : canRestore ? (
            <Button
              size="sm"
              onClick={() => setConfirming(true)}
              disabled={!version.data || pending}
              data-testid={HISTORY_TESTIDS.restore}
            >
              <RotateCcw className="h-4 w-4" aria-hidden />
              {HISTORY_COPY.restore}
            </Button>
          ) : (
            <span className="text-xs text-muted-foreground">{HISTORY_COPY.viewerNote}</span>
          )}
        </div>
        <div className="flex min-h-0 flex-1 flex-col" data-testid={HISTORY_TESTIDS.preview}>
          {!version.data ? (
            <div className="flex flex-1 items-center justify-center">
              <Loader2 className="h-5 w-5 animate-spin text-muted-foreground" aria-hidden />
            </div>
          ) : view === 'drawing' ? (
            <Preview text={version.data.content} publish={false} name={selected?.title} />
          ) : view === 'compare' && selected ? (
            <VersionCompare
              diagramId={diagramId}
              versions={list}
              version={selected}
              initialBase={compare?.to === selected.id ? compare.from : null}
              now={now}
            />
          ) : (
            <VersionDiff from={current} to={version.data.content} />
          )}
        </div>
      </div>
      <RestoreConfirm
        open={confirming}
        when={when}
        unsaved={unsaved}
        busy={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void runRestore()}
        onClosed={() =>
          listRef.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus()
        }
      />
    </div>
  );
}
