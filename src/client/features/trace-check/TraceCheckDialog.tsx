/**
 * 'Check against a trace': a trace file chosen or dropped, the open diagram checked against it by
 * the server, and the answer beside the diagram drawn with the check marked the way History marks
 * what changed (the calls it lacks added, dashed and green; the messages no trace shows amber).
 */
import { Activity, Loader2 } from 'lucide-react';
import { useRef } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Button } from '@/components/ui/button';
import { FileDropPicker } from '@/components/FileDropPicker';
import { DialogShell } from '@/components/ui/dialog-shell';
import { CompareDrawing } from '@/features/history/CompareDrawing';
import { MarkLegend } from '@/features/history/MarkLegend';
import { cn } from '@/lib/cn';
import { TRACE_CHECK_COPY as COPY, TRACE_CHECK_TESTIDS as IDS } from './copy';
import { TraceCheckSummary } from './TraceCheckSummary';
import { useTraceCheck } from './useTraceCheck';

const MARKS = [
  ['added', COPY.markAdded],
  ['changed', COPY.markChanged],
] as const;

export function TraceCheckDialog({
  open,
  diagramId,
  onOpenChange,
  onGoToLine,
  getText,
}: {
  open: boolean;
  diagramId: number;
  /** The editor's text now: what the check compares, ahead of what the server has stored. */
  getText: () => string;
  onOpenChange: (open: boolean) => void;
  /** Closes the dialog and puts the editor's cursor on a line of the diagram. */
  onGoToLine: (line: number) => void;
}) {
  const checking = useTraceCheck(diagramId, getText);
  // A line chosen is gone to once the dialog has closed and let go of the focus, which the
  // editor then takes; otherwise the focus returns to what opened the dialog.
  const toLine = useRef<number | null>(null);
  const { check } = checking;

  const close = () => {
    checking.reset();
    onOpenChange(false);
  };
  const summary = check ? COPY.summary(check.onlyInTrace.length, check.onlyInDiagram.length) : '';

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !next && close()}
      size="xl"
      className="max-h-[92vh] overflow-y-auto sm:max-w-5xl"
      data-testid={IDS.dialog}
      icon={Activity}
      title={COPY.title}
      description={COPY.description}
      onCloseAutoFocus={(event) => {
        const line = toLine.current;
        toLine.current = null;
        if (line === null) return;
        event.preventDefault();
        onGoToLine(line);
      }}
      footer={
        <Button variant="outline" onClick={close}>
          {COPY.close}
        </Button>
      }
    >
      <FileDropPicker
        accept=".json,.jsonl,.ndjson,.txt,.pb,.binpb,application/json,application/x-protobuf"
        onFile={checking.load}
        busy={checking.checking}
        chooseLabel={checking.fileName ? COPY.chooseAnother : COPY.choose}
        status={checking.checking ? COPY.checking : (checking.fileName ?? COPY.dropHint)}
        inputTestId={IDS.fileInput}
        zoneTestId={IDS.dropZone}
      />
      {checking.error && <ErrorNotice testId={IDS.error}>{checking.error}</ErrorNotice>}
      {check && (
        <>
          <p
            role="status"
            className={cn(
              'text-sm font-medium',
              check.ok ? 'text-foreground' : 'text-amber-700 dark:text-amber-300',
            )}
            data-testid={IDS.status}
          >
            {check.ok ? COPY.matches : `${COPY.drifted} ${summary}`}
          </p>
          <div className="grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <figure className="flex min-h-72 flex-col overflow-hidden rounded-md border border-border md:h-[55vh]">
              <MarkLegend marks={MARKS} className="px-3" />
              {checking.drawingFailed ? (
                <p className="p-3 text-sm text-muted-foreground">{COPY.drawingFailed}</p>
              ) : checking.drawingUrl ? (
                <CompareDrawing
                  key={checking.drawingUrl}
                  src={checking.drawingUrl}
                  alt={COPY.drawingAlt(check.ok ? COPY.matches : summary)}
                  onError={() => undefined}
                  testId={IDS.drawing}
                />
              ) : (
                <div className="flex flex-1 items-center justify-center">
                  <Loader2 className="h-5 w-5 animate-spin text-muted-foreground" aria-hidden />
                </div>
              )}
            </figure>
            {/* On a phone the words come first, the drawing below them. */}
            <div className="max-md:order-first">
              <TraceCheckSummary
                check={check}
                onGoToLine={(line) => {
                  toLine.current = line;
                  close();
                }}
              />
            </div>
          </div>
        </>
      )}
    </DialogShell>
  );
}
