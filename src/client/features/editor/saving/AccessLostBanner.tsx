import { ShieldOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SAVING_COPY, SAVING_TESTIDS } from '@/diagram/saving/copy';
import type { AccessLossNotice } from '@/diagram/saving/useAccessLoss';

/**
 * Above the editor once the owner removed this collaborator or made them a viewer: their text is
 * kept on this device and can become a diagram of their own.
 */
export function AccessLostBanner({
  notice,
  onSaveCopy,
  onDiscard,
}: {
  notice: AccessLossNotice;
  onSaveCopy: () => void;
  /** Only for text kept from earlier (the open diagram's text stays in the editor). */
  onDiscard?: () => void;
}) {
  const removed = notice.reason === 'removed';
  const body =
    notice.title !== null
      ? SAVING_COPY.accessRemovedFrom(notice.title)
      : removed
        ? SAVING_COPY.accessRemoved
        : SAVING_COPY.viewOnly;
  return (
    <div
      role="alert"
      data-testid={SAVING_TESTIDS.accessLostBanner}
      data-reason={notice.reason}
      className="flex flex-wrap items-center gap-3 border-b border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <ShieldOff className="h-4 w-4 shrink-0" aria-hidden />
      <span className="font-semibold">
        {removed ? SAVING_COPY.accessRemovedTitle : SAVING_COPY.viewOnlyTitle}
      </span>
      <span className="min-w-0 flex-1">{body}</span>
      <Button size="sm" onClick={onSaveCopy} data-testid={SAVING_TESTIDS.accessLostCopy}>
        {SAVING_COPY.saveAsCopy}
      </Button>
      {onDiscard && (
        <Button
          size="sm"
          variant="ghost"
          onClick={onDiscard}
          data-testid={SAVING_TESTIDS.accessLostDiscard}
        >
          {SAVING_COPY.discard}
        </Button>
      )}
    </div>
  );
}
