import { GitCompare, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { HISTORY_COPY, HISTORY_TESTIDS } from './copy';

/** Offers what others changed since the user last opened the diagram; never takes focus. */
export function ChangesSinceBanner({
  onShow,
  onDismiss,
}: {
  onShow: () => void;
  onDismiss: () => void;
}) {
  return (
    <div
      role="status"
      data-testid={HISTORY_TESTIDS.sinceVisitBanner}
      className="flex flex-wrap items-center gap-3 border-b border-border bg-accent px-4 py-2 text-sm text-foreground"
    >
      <GitCompare className="h-4 w-4 shrink-0 text-primary" aria-hidden />
      <span className="min-w-[12rem] flex-1">{HISTORY_COPY.sinceVisitBody}</span>
      <Button
        size="sm"
        onClick={onShow}
        data-testid={HISTORY_TESTIDS.sinceVisit}
        className="max-md:h-11"
      >
        {HISTORY_COPY.sinceVisit}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={onDismiss}
        aria-label={HISTORY_COPY.sinceVisitDismiss}
        className="max-md:min-h-11 max-md:min-w-11"
      >
        <X className="h-4 w-4" aria-hidden />
      </Button>
    </div>
  );
}
