import { Share2 } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogIcon,
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
          <DialogIcon>
            <Share2 className="h-5 w-5" aria-hidden />
          </DialogIcon>
          <DialogTitle>{SHARE_TEXT.title}</DialogTitle>
          <DialogDescription>{SHARE_COPY.sharedLinkBody}</DialogDescription>
        </DialogHeader>
        <LinkField link={link} />
      </DialogContent>
    </Dialog>
  );
}
