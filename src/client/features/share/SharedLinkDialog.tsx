import { Share2 } from 'lucide-react';
import { DialogShell } from '@/components/ui/dialog-shell';
import { SHARE_COPY, SHARE_TESTIDS, SHARE_TEXT, shareUrl } from './copy';
import { LinkField } from './LinkField';

interface SharedLinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  token: string;
}

/** Share on someone's public diagram: the link to pass on (only the owner can change it). */
export function SharedLinkDialog({ open, onOpenChange, token }: SharedLinkDialogProps) {
  const link = shareUrl(token);
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      data-testid={SHARE_TESTIDS.dialog}
      data-access="public"
      icon={Share2}
      title={SHARE_TEXT.title}
      description={SHARE_COPY.sharedLinkBody}
    >
      <LinkField link={link} />
    </DialogShell>
  );
}
