import { Share2 } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        className="grid-cols-[minmax(0,1fr)]"
        data-testid={SHARE_TESTIDS.dialog}
        data-access="public"
      >
        <DialogHeader>
          <span className="mb-2 inline-flex h-10 w-10 items-center justify-center rounded-lg bg-accent text-primary">
            <Share2 className="h-5 w-5" aria-hidden />
          </span>
          <DialogTitle>{SHARE_TEXT.title}</DialogTitle>
          <DialogDescription>{SHARE_COPY.sharedLinkBody}</DialogDescription>
        </DialogHeader>
        <LinkField link={link} />
      </DialogContent>
    </Dialog>
  );
}
