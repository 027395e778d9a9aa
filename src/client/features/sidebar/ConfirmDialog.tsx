import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
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
    <DialogShell
      open={confirmation !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      size="md"
      data-testid={SIDEBAR_TESTIDS.confirmDialog}
      title={confirmation?.title}
      description={confirmation?.description}
      footer={
        <>
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
        </>
      }
    />
  );
}
