import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from '@/components/ui/dialog';
import { EDITOR_COPY } from './copy';
import { EDITOR_TESTIDS } from './testIds';

export interface DiscardQuestion {
  /** Why the changes would be lost. */
  description: string;
  proceed: () => void;
}

/** Asks before a template or New replaces text that is not saved anywhere. */
export function DiscardChangesDialog({
  question,
  onClose,
}: {
  question: DiscardQuestion | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={question !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="md" data-testid={EDITOR_TESTIDS.discardDialog}>
        <DialogHeader>
          <DialogIcon>
            <TriangleAlert className="h-5 w-5" aria-hidden />
          </DialogIcon>
          <DialogTitle>{EDITOR_COPY.discardTitle}</DialogTitle>
          <DialogDescription>{question?.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} data-testid={EDITOR_TESTIDS.discardKeep}>
            {EDITOR_COPY.discardKeep}
          </Button>
          <Button
            variant="destructive"
            data-testid={EDITOR_TESTIDS.discardContinue}
            onClick={() => {
              question?.proceed();
              onClose();
            }}
          >
            {EDITOR_COPY.discardContinue}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
