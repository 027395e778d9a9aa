import { Upload } from 'lucide-react';
import { TRANSFER_COPY, TRANSFER_TESTIDS } from './copy';

/** Shown over the sidebar while files hover it. */
export function DropOverlay() {
  return (
    <div
      className="pointer-events-none absolute inset-1.5 z-20 flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-primary bg-accent/90 text-sm font-medium text-primary"
      data-testid={TRANSFER_TESTIDS.dropOverlay}
    >
      <Upload className="h-6 w-6" aria-hidden />
      {TRANSFER_COPY.dropHint}
    </div>
  );
}
