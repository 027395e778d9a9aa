import { MessageSquare } from 'lucide-react';
import { HeaderButton } from '@/components/HeaderButton';
import { COMMENTS_COPY, COMMENTS_TESTIDS } from './copy';

/** Header button that opens the open diagram's Comments panel. */
export function CommentsButton({ onClick }: { onClick: () => void }) {
  return (
    <HeaderButton
      icon={MessageSquare}
      label={COMMENTS_COPY.button}
      onClick={onClick}
      data-testid={COMMENTS_TESTIDS.button}
      className="max-md:h-11 max-md:min-w-11"
    />
  );
}
