/**
 * Mounted once in the signed-in editor: 'Check against a trace' for the open diagram, opened from
 * the sidebar's import and export menu while a saved diagram is open.
 */
import { useEffect, useState } from 'react';
import { onTraceCheck } from './traceCheckStore';
import { TraceCheckDialog } from './TraceCheckDialog';

export function TraceCheck({
  diagramId,
  onGoToLine,
  getText,
}: {
  /** 0: the open diagram is not saved yet, so there is nothing to check. */
  diagramId: number;
  onGoToLine: (line: number) => void;
  /** The editor's text now, which the check compares. */
  getText: () => string;
}) {
  // The diagram it was opened for: another diagram opened meanwhile closes it.
  const [openFor, setOpenFor] = useState<number | null>(null);
  useEffect(
    () => (diagramId === 0 ? undefined : onTraceCheck(() => setOpenFor(diagramId))),
    [diagramId],
  );
  if (diagramId === 0) return null;
  return (
    <TraceCheckDialog
      key={diagramId}
      open={openFor === diagramId}
      diagramId={diagramId}
      onOpenChange={(next) => setOpenFor(next ? diagramId : null)}
      onGoToLine={onGoToLine}
      getText={getText}
    />
  );
}
