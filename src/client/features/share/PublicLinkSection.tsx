import { Globe, Lock } from 'lucide-react';
import { Switch } from '@/components/ui/switch';
import { SHARE_TESTIDS, SHARE_TEXT, shareUrl } from './copy';
import { LinkField } from './LinkField';

interface PublicLinkSectionProps {
  isPublic: boolean;
  shareToken: string | null;
  busy: boolean;
  onPublicChange: (isPublic: boolean) => void;
}

/** Spec §2: the 'Make diagram public' switch, then the link and its copy button, or the hint. */
export function PublicLinkSection({
  isPublic,
  shareToken,
  busy,
  onPublicChange,
}: PublicLinkSectionProps) {
  const link = isPublic && shareToken ? shareUrl(shareToken) : null;
  const Icon = isPublic ? Globe : Lock;
  return (
    <section className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-border bg-muted/30 p-4">
      <div className="flex items-center gap-3">
        <span
          className={`inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md ${isPublic ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground'}`}
        >
          <Icon className="h-4 w-4" aria-hidden />
        </span>
        <label htmlFor="share-public" className="flex-1 text-sm font-medium">
          {SHARE_TEXT.makePublic}
        </label>
        <Switch
          id="share-public"
          checked={isPublic}
          disabled={busy}
          onCheckedChange={onPublicChange}
          data-testid={SHARE_TESTIDS.publicSwitch}
        />
      </div>
      {link ? (
        <LinkField link={link} />
      ) : (
        <p className="text-xs text-muted-foreground" data-testid={SHARE_TESTIDS.privateHint}>
          {SHARE_TEXT.privateHint}
        </p>
      )}
    </section>
  );
}
