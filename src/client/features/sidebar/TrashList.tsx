/** 'Recently deleted': the user's deleted diagrams for 30 days, to restore or delete for good. */
import { ChevronRight, RotateCcw, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { TRASH_DAYS, type TrashedDiagram } from '@shared/versions';
import { useDeleteForever, useRestoreFromTrash, useTrash } from '@/api/trash';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useNow } from '@/lib/useNow';
import { cn } from '@/lib/cn';
import { ConfirmDialog, type Confirmation } from './ConfirmDialog';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS, SIDEBAR_TEXT } from './copy';

const DAY_MS = 24 * 60 * 60 * 1000;

export function TrashList() {
  const [open, setOpen] = useState(false);
  const trash = useTrash(open);
  const restore = useRestoreFromTrash();
  const remove = useDeleteForever();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const now = useNow(60_000);
  // `now` may be older than a fresh deletion (or the browser's clock behind the server's): capped.
  const daysLeft = (item: TrashedDiagram) =>
    Math.min(
      TRASH_DAYS,
      Math.max(1, Math.ceil((Date.parse(item.purgeAt) - now.getTime()) / DAY_MS)),
    );
  const items = trash.data ?? [];

  const onRestore = (item: TrashedDiagram) =>
    restore.mutate(item.id, {
      onSuccess: () => toast({ title: SIDEBAR_COPY.restored(item.title) }),
      onError: () => toast({ title: SIDEBAR_COPY.restoreFailed, variant: 'destructive' }),
    });
  const onDelete = (item: TrashedDiagram) =>
    setConfirmation({
      title: SIDEBAR_COPY.deleteForeverTitle,
      description: SIDEBAR_COPY.deleteForeverBody(item.title),
      confirmLabel: SIDEBAR_COPY.deleteForever,
      run: () =>
        remove.mutateAsync(item.id).then(
          () => toast({ title: SIDEBAR_COPY.deletedForever(item.title) }),
          () => toast({ title: SIDEBAR_TEXT.deleteFailed, variant: 'destructive' }),
        ),
    });

  return (
    <section className="shrink-0 border-t border-border" data-testid={SIDEBAR_TESTIDS.trash}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid={SIDEBAR_TESTIDS.trashToggle}
        className="flex h-9 w-full cursor-pointer items-center gap-1.5 px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <ChevronRight
          className={cn('h-3.5 w-3.5 transition-transform', open && 'rotate-90')}
          aria-hidden
        />
        <Trash2 className="h-3.5 w-3.5" aria-hidden />
        {SIDEBAR_COPY.recentlyDeleted}
        {trash.data && (
          <span className="ml-auto font-normal tabular-nums">{trash.data.length}</span>
        )}
      </button>
      {open && (
        <ul className="max-h-48 overflow-y-auto px-2 pb-2 max-md:max-h-28">
          {trash.error && (
            <li className="px-2 py-1 text-xs text-muted-foreground">{SIDEBAR_COPY.trashFailed}</li>
          )}
          {trash.data && items.length === 0 && (
            <li className="px-2 py-1 text-xs text-muted-foreground">{SIDEBAR_COPY.trashEmpty}</li>
          )}
          {items.map((item) => {
            const days = daysLeft(item);
            return (
              <li
                key={item.id}
                data-testid={SIDEBAR_TESTIDS.trashItem}
                className="group flex items-center gap-1 rounded-md py-1 pl-2 pr-1 hover:bg-muted"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm">{item.title}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {SIDEBAR_COPY.daysLeft(days)}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-7 shrink-0 px-2"
                  aria-label={SIDEBAR_COPY.restoreLabel(item.title)}
                  title={SIDEBAR_COPY.restore}
                  disabled={restore.isPending}
                  onClick={() => onRestore(item)}
                  data-testid={SIDEBAR_TESTIDS.trashRestore}
                >
                  <RotateCcw className="h-3.5 w-3.5" aria-hidden />
                  <span className="max-lg:sr-only">{SIDEBAR_COPY.restore}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-7 w-7 shrink-0 text-muted-foreground hover:text-destructive"
                  aria-label={SIDEBAR_COPY.deleteForeverLabel(item.title)}
                  title={SIDEBAR_COPY.deleteForever}
                  onClick={() => onDelete(item)}
                  data-testid={SIDEBAR_TESTIDS.trashDelete}
                >
                  <X className="h-3.5 w-3.5" aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
