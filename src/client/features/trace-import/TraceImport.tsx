/**
 * Mounted once in the signed-in editor: 'Import a trace' opened by the Import dialog's entry or by
 * a trace file (.json, .jsonl, .ndjson) dropped anywhere on the editor. The drop is taken in the
 * capture phase, before the text editor would paste the file's text.
 */
import { useEffect, useState } from 'react';
import { TraceImportDialog } from './TraceImportDialog';
import { isTraceFile, onTraceImport } from './traceImportStore';

export function TraceImport({ onCreated }: { onCreated: (id: number) => void }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);

  useEffect(
    () =>
      onTraceImport((next) => {
        setFile(next);
        setOpen(true);
      }),
    [],
  );

  useEffect(() => {
    // A file dropped on an open dialog is that dialog's (the trace check takes trace files too).
    const onDialog = (event: DragEvent) =>
      event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;
    const traceIn = (event: DragEvent) => {
      const items = [...(event.dataTransfer?.items ?? [])];
      return items.some((item) => item.kind === 'file' && /json/i.test(item.type));
    };
    const over = (event: DragEvent) => {
      if (!open && !onDialog(event) && traceIn(event)) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      if (open || onDialog(event)) return;
      const dropped = [...(event.dataTransfer?.files ?? [])].find(isTraceFile);
      if (!dropped) return;
      event.preventDefault();
      event.stopPropagation();
      setFile(dropped);
      setOpen(true);
    };
    window.addEventListener('dragover', over, true);
    window.addEventListener('drop', drop, true);
    return () => {
      window.removeEventListener('dragover', over, true);
      window.removeEventListener('drop', drop, true);
    };
  }, [open]);

  return (
    <TraceImportDialog
      open={open}
      file={file}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFile(null);
      }}
      onCreated={onCreated}
    />
  );
}
