/** The signed-in user's mentions: comments that name them, each a link to its diagram. */
import { AtSign } from 'lucide-react';
import { useMentions } from '@/api/comments';
import { DialogShell } from '@/components/ui/dialog-shell';
import { relativeTime } from '@/features/history/relativeTime';
import { useNow } from '@/lib/useNow';
import { COMMENTS_COPY, COMMENTS_TESTIDS } from './copy';

export function MentionsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const mentions = useMentions(open);
  const now = useNow();
  const list = mentions.data ?? [];
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      icon={AtSign}
      title={COMMENTS_COPY.mentionsTitle}
      description={COMMENTS_COPY.mentionsDescription}
      data-testid={COMMENTS_TESTIDS.mentionsDialog}
      className="max-h-[88vh] max-w-lg grid-rows-[auto_minmax(0,1fr)] overflow-hidden"
    >
      <div className="grid min-h-0 gap-2 overflow-y-auto">
        {mentions.isPending && (
          <p className="text-sm text-muted-foreground">{COMMENTS_COPY.loading}</p>
        )}
        {mentions.isError && <p className="text-sm text-red-600">{COMMENTS_COPY.loadFailed}</p>}
        {mentions.isSuccess && list.length === 0 && (
          <p className="text-sm text-muted-foreground">{COMMENTS_COPY.mentionsEmpty}</p>
        )}
        <ul className="grid gap-2">
          {list.map((mention) => (
            <li key={mention.id} data-testid={COMMENTS_TESTIDS.mention}>
              <a
                href={`/?diagramId=${mention.diagramId}`}
                className="grid gap-1 rounded-lg border border-border p-3 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="text-xs text-muted-foreground">
                  <span className="font-semibold text-foreground">{mention.author.name}</span>{' '}
                  {COMMENTS_COPY.mentionIn(mention.diagramTitle)} ·{' '}
                  <time dateTime={mention.createdAt}>
                    {relativeTime(new Date(mention.createdAt), now)}
                  </time>
                </span>
                <span className="line-clamp-3 text-sm break-words">{mention.body}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </DialogShell>
  );
}
