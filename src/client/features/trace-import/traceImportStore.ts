/**
 * Opens 'Import a trace' from anywhere (the Import dialog's entry, a file dropped on the editor)
 * without those owners knowing the dialog: one listener, the mounted TraceImport.
 */
type Listener = (file: File | null) => void;
let listener: Listener | null = null;

export function onTraceImport(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = null;
  };
}

export function openTraceImport(file: File | null = null): void {
  listener?.(file);
}

const TRACE_FILE = /\.(json|jsonl|ndjson|pb|binpb)$/i;

/** A dropped file the trace import takes (the diagram import takes .mmd, .md and .zip). */
export const isTraceFile = (file: File): boolean => TRACE_FILE.test(file.name);
