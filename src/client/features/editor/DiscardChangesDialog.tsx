import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
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
    <DialogShell
      open={question !== null}
      onOpenChange={(open) => !open && onClose()}
      size="md"
      data-testid={EDITOR_TESTIDS.discardDialog}
      icon={TriangleAlert}
      title={EDITOR_COPY.discardTitle}
      description={question?.description}
      footer={
        <>
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
        </>
      }
    />
  );
}
