import { GitCompare, X } from 'lucide-react';
import { Banner, BannerAction } from '@/components/Banner';
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
      <BannerAction onClick={onShow} data-testid={HISTORY_TESTIDS.sinceVisit}>
        {HISTORY_COPY.sinceVisit}
      </BannerAction>
      <BannerAction variant="ghost" onClick={onDismiss} aria-label={HISTORY_COPY.sinceVisitDismiss}>
        <X className="h-4 w-4" aria-hidden />
      </BannerAction>
    </Banner>
  );
}
