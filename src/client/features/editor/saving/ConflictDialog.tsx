import type { Diagram } from '@shared/schemas';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { SAVING_COPY, SAVING_TESTIDS } from '@/diagram/saving/copy';
import type { ConflictChoice } from '@/diagram/saving/useDiagramHandle';

/** A 409 from the server: the user decides which text wins; neither is lost silently. */
export function ConflictDialog({
  server,
  onChoose,
}: {
  server: Diagram | null;
  onChoose: (choice: ConflictChoice) => void;
}) {
  return (
    <DialogShell
      open={server !== null}
      size="md"
      data-testid={SAVING_TESTIDS.conflictDialog}
      onEscapeKeyDown={(event) => event.preventDefault()}
      onInteractOutside={(event) => event.preventDefault()}
      title={SAVING_COPY.conflictTitle}
      description={SAVING_COPY.conflictBody}
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => onChoose('keep-both')}
            data-testid={SAVING_TESTIDS.keepBoth}
          >
            {SAVING_COPY.keepBoth}
          </Button>
          <Button
            variant="outline"
            onClick={() => onChoose('keep-server')}
            data-testid={SAVING_TESTIDS.keepServer}
          >
            {SAVING_COPY.keepServer}
          </Button>
          <Button onClick={() => onChoose('overwrite')} data-testid={SAVING_TESTIDS.overwrite}>
            {SAVING_COPY.overwrite}
          </Button>
        </>
      }
    >
      {/* The server's text wraps (a long unbroken line included) instead of widening the dialog. */}
      {server && (
        <pre className="max-h-40 min-w-0 overflow-y-auto whitespace-pre-wrap wrap-anywhere rounded-md border border-border bg-muted p-3 font-mono text-xs">
          {server.content}
        </pre>
      )}
    </DialogShell>
  );
}
