import { History } from 'lucide-react';
import { HEADER_LABEL } from '@/components/headerLabel';
import { Button } from '@/components/ui/button';
import { HISTORY_COPY, HISTORY_TESTIDS } from './copy';

/** Header button that opens the version history of the open, saved diagram. */
export function HistoryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onClick}
      data-testid={HISTORY_TESTIDS.button}
      title={HISTORY_COPY.button}
    >
      <History className="h-4 w-4" aria-hidden />
      <span className={HEADER_LABEL}>{HISTORY_COPY.button}</span>
    </Button>
  );
}
