import { History } from 'lucide-react';
import { HeaderButton } from '@/components/HeaderButton';
import { HISTORY_COPY, HISTORY_TESTIDS } from './copy';

/** Header button that opens the version history of the open, saved diagram. */
export function HistoryButton({ onClick }: { onClick: () => void }) {
  return (
    <HeaderButton
      icon={History}
      label={HISTORY_COPY.button}
      onClick={onClick}
      data-testid={HISTORY_TESTIDS.button}
    />
  );
}
