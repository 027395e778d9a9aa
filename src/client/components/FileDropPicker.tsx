/**
 * A file chosen with a button or dropped from the desktop: the button, a line saying what is
 * happening (the hint, the file's name, reading…), and the hidden file input behind the button.
 */
import { Upload } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useFileDrop } from '@/lib/useFileDrop';

export function FileDropPicker({
  accept,
  onFile,
  busy,
  chooseLabel,
  status,
  inputTestId,
  zoneTestId,
}: {
  accept: string;
  onFile: (file: File) => void;
  /** While a file is read or sent: the button waits. */
  busy: boolean;
  chooseLabel: string;
  /** The line beside the button. */
  status: ReactNode;
  inputTestId?: string;
  zoneTestId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const drop = useFileDrop((files) => files[0] && onFile(files[0]));
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid={inputTestId}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (chosen) onFile(chosen);
        }}
      />
      <div
        {...drop.handlers}
        data-testid={zoneTestId}
        className={cn(
          'flex flex-wrap items-center gap-3 rounded-md border border-dashed border-border px-3 py-3 text-sm text-muted-foreground',
          drop.active && 'border-primary bg-primary/5',
        )}
      >
        <Button variant="outline" onClick={() => input.current?.click()} disabled={busy}>
          <Upload className="h-4 w-4" aria-hidden />
          {chooseLabel}
        </Button>
        <span className="min-w-0 break-words">{status}</span>
      </div>
    </>
  );
}
