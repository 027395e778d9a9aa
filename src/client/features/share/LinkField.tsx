import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SHARE_COPY, SHARE_TESTIDS } from './copy';
import { useCopyLink } from './useCopyLink';

/** The read-only public link and its copy button (spec §2), with the 2 s copied indicator. */
export function LinkField({ link }: { link: string }) {
  const { copied, copy } = useCopyLink();
  return (
    <div className="grid gap-1.5">
      <label htmlFor="share-link" className="text-xs font-medium text-muted-foreground">
        {SHARE_COPY.linkLabel}
      </label>
      <div className="flex gap-2">
        <input
          id="share-link"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="h-9 min-w-0 flex-1 rounded-md border border-border bg-background px-3 font-mono text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid={SHARE_TESTIDS.link}
        />
        <Button
          variant="outline"
          onClick={() => void copy(link)}
          data-testid={SHARE_TESTIDS.copyLink}
          data-copied={copied}
          className="sm:w-28"
        >
          {copied ? (
            <Check className="h-4 w-4 text-emerald-600" aria-hidden />
          ) : (
            <Copy className="h-4 w-4" aria-hidden />
          )}
          <span className="max-sm:sr-only">{copied ? SHARE_COPY.copied : SHARE_COPY.copyLink}</span>
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{SHARE_COPY.publicHint}</p>
    </div>
  );
}
