import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { HISTORY_COPY, HISTORY_TESTIDS } from './copy';

/** Asks before a version replaces the editor's text. */
export function RestoreConfirm({
  when,
  unsaved,
  busy,
  open,
  onCancel,
  onConfirm,
  onClosed,
}: {
  when: string;
  unsaved: boolean;
  busy: boolean;
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Where the keyboard goes afterwards (the drawing's frame must not keep it: Escape must work). */
  onClosed: () => void;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      size="md"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        onClosed();
      }}
      icon={RotateCcw}
      title={HISTORY_COPY.confirmTitle}
      description={
        <>
          {HISTORY_COPY.confirmBody(when)}
          {unsaved && ` ${HISTORY_COPY.confirmUnsaved}`}
        </>
      }
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {HISTORY_COPY.cancel}
          </Button>
          <Button onClick={onConfirm} disabled={busy} data-testid={HISTORY_TESTIDS.confirmRestore}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            {busy ? HISTORY_COPY.restoring : HISTORY_COPY.restore}
          </Button>
        </>
      }
    />
  );
}
