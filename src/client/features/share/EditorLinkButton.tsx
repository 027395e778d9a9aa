import { Check, Link2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { editorUrl, SHARE_COPY, SHARE_TESTIDS, SHARE_TEXT } from './copy';
import { useCopyLink } from './useCopyLink';

/**
 * The editor's own address of the diagram (`/?diagramId=`), for the people it is shared with:
 * the address bar drops it once the diagram is open, so nothing else gives them a link to it.
 */
export function EditorLinkButton({ diagramId }: { diagramId: number }) {
  const { copied, copy } = useCopyLink(SHARE_TEXT.editorLinkCopied);
  if (diagramId === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        variant="outline"
        size="sm"
        onClick={() => void copy(editorUrl(diagramId))}
        data-testid={SHARE_TESTIDS.copyEditorLink}
        data-copied={copied}
      >
        {copied ? (
          <Check className="h-4 w-4 text-emerald-600" aria-hidden />
        ) : (
          <Link2 className="h-4 w-4" aria-hidden />
        )}
        {copied ? SHARE_COPY.copied : SHARE_COPY.copyEditorLink}
      </Button>
      <p className="min-w-[12rem] flex-1 text-xs text-muted-foreground">
        {SHARE_COPY.editorLinkHint}
      </p>
    </div>
  );
}
