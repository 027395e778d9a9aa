import { History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SAVING_COPY, SAVING_TESTIDS } from '@/diagram/saving/copy';
import type { Backup } from '@/diagram/saving/unsavedBackup';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Offers back text that never reached the server (a reload, a crashed tab). */
export function RestoreBanner({
  backup,
  onRestore,
  onDiscard,
}: {
  backup: Backup;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      role="alert"
      data-testid={SAVING_TESTIDS.restoreBanner}
      className="flex flex-wrap items-center gap-3 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <History className="h-4 w-4 shrink-0" aria-hidden />
      <span className="font-semibold">{SAVING_COPY.restoreTitle}</span>
      <span className="min-w-0 flex-1">
        {SAVING_COPY.restoreBody(timeFormat.format(backup.at))}
      </span>
      <Button size="sm" onClick={onRestore} data-testid={SAVING_TESTIDS.restore}>
        {SAVING_COPY.restore}
      </Button>
      <Button size="sm" variant="ghost" onClick={onDiscard} data-testid={SAVING_TESTIDS.discard}>
        {SAVING_COPY.discard}
      </Button>
    </div>
  );
}
