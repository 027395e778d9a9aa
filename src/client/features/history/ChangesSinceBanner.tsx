import { GitCompare, X } from 'lucide-react';
import { Banner, BANNER_ACTION } from '@/components/Banner';
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
    <Banner tone="notice" icon={GitCompare} testId={HISTORY_TESTIDS.sinceVisitBanner}>
      <span className="min-w-[12rem] flex-1">{HISTORY_COPY.sinceVisitBody}</span>
      <Button
        size="sm"
        onClick={onShow}
        data-testid={HISTORY_TESTIDS.sinceVisit}
        className={BANNER_ACTION}
      >
        {HISTORY_COPY.sinceVisit}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={onDismiss}
        aria-label={HISTORY_COPY.sinceVisitDismiss}
        className={BANNER_ACTION}
      >
        <X className="h-4 w-4" aria-hidden />
      </Button>
    </Banner>
  );
}
