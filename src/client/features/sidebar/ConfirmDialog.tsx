import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS, SIDEBAR_TEXT } from './copy';

export interface Confirmation {
  title: string;
  description: string;
  run: () => Promise<unknown>;
  /** The destructive button's label; 'Delete' when absent. */
  confirmLabel?: string;
}

/** Spec §8 confirmations: the action runs only on the destructive button. */
export function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={confirmation !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent size="md" data-testid={SIDEBAR_TESTIDS.confirmDialog}>
        <DialogHeader>
          <DialogTitle>{confirmation?.title}</DialogTitle>
          <DialogDescription>{confirmation?.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {SIDEBAR_TEXT.cancel}
          </Button>
          <Button
            variant="destructive"
            disabled={busy}
            data-testid={SIDEBAR_TESTIDS.confirm}
            onClick={() => {
              if (!confirmation) return;
              setBusy(true);
              void confirmation.run().finally(() => {
                setBusy(false);
                onClose();
              });
            }}
          >
            {confirmation?.confirmLabel ?? SIDEBAR_COPY.delete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
