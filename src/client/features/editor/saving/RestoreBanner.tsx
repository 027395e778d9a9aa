import { History } from 'lucide-react';
import { Banner, BannerAction } from '@/components/Banner';
import { SAVING_COPY, SAVING_TESTIDS } from '@/diagram/saving/copy';
import type { Backup } from '@/diagram/saving/unsavedBackup';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Offers back text that never reached the server (a reload, a crashed tab, a refused edit). */
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
    <Banner tone="warning" icon={History} testId={SAVING_TESTIDS.restoreBanner}>
      <span className="font-semibold">
        {backup.refused ? SAVING_COPY.refusedTitle : SAVING_COPY.restoreTitle}
      </span>
      {/* At least 12rem: on a phone the text takes a line of its own, not a column of words. */}
      <span className="min-w-[12rem] flex-1">
        {backup.refused
          ? SAVING_COPY.refusedBody[backup.refused]
          : SAVING_COPY.restoreBody(timeFormat.format(backup.at))}
      </span>
      <BannerAction onClick={onRestore} data-testid={SAVING_TESTIDS.restore}>
        {SAVING_COPY.restore}
      </BannerAction>
      <BannerAction variant="ghost" onClick={onDiscard} data-testid={SAVING_TESTIDS.discard}>
        {SAVING_COPY.discard}
      </BannerAction>
    </Banner>
  );
}
