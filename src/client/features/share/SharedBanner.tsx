import { Globe } from 'lucide-react';
import { SHARE_COPY, SHARE_TESTIDS } from './copy';
import type { FollowState } from '@/diagram/live/useFollowShared';
import type { DraftStore } from '@/diagram/draftStore';
import { useTextVersion } from './TextVersion';

/**
 * The strip above a public diagram: what this page is, and whether it follows the owner's edits
 * (a quiet "Live" while it does, a notice once the owner stopped sharing; nothing otherwise),
 * and its text version, opened below the strip.
 */
export function SharedBanner({ follow, store }: { follow: FollowState; store: DraftStore }) {
  const textVersion = useTextVersion(store);
  return (
    <>
      <div className="flex items-center gap-2 border-b border-border bg-accent/40 px-4 py-1.5 text-xs text-muted-foreground">
        <Globe className="h-3.5 w-3.5 shrink-0 text-primary" aria-hidden />
        <span className="shrink-0 font-medium text-foreground">{SHARE_COPY.sharedBadge}</span>
        {follow === 'stopped' ? (
          <span
            className="truncate"
            role="status"
            title={SHARE_COPY.followStoppedDetail}
            data-testid={SHARE_TESTIDS.follow}
            data-state={follow}
          >
            <span className="rounded-full border border-border bg-background px-2 py-0.5 font-medium text-foreground">
              {SHARE_COPY.followStopped}
            </span>
            {/* On a phone the short label only; the detail stays in the title. */}
            <span className="ml-2 max-sm:hidden">{SHARE_COPY.followStoppedDetail}</span>
          </span>
        ) : (
          <span className="truncate max-sm:hidden">{SHARE_COPY.sharedReadOnly}</span>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-3">
          {follow === 'live' && (
            <span
              className="flex shrink-0 items-center gap-1.5 font-medium text-foreground"
              title={SHARE_COPY.followLiveHint}
              data-testid={SHARE_TESTIDS.follow}
              data-state={follow}
            >
              <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" aria-hidden />
              {SHARE_COPY.followLive}
              <span className="sr-only">{SHARE_COPY.followLiveHint}</span>
            </span>
          )}
          {textVersion.button}
        </div>
      </div>
      {textVersion.panel}
    </>
  );
}
