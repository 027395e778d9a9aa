/** 'Import diagrams': choose files, see what will be imported, import them all or nothing. */
import { ErrorNotice } from '@/components/ui/error-notice';
import { FileArchive, FileCode2, FileText, Upload, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { IMPORT_ACCEPT } from '@shared/transfer';
import { readableError } from '@/api/http';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { cn } from '@/lib/cn';
import { TRACE_COPY, TRACE_TESTIDS } from '@/features/trace-import/copy';
import { openTraceImport } from '@/features/trace-import/traceImportStore';
import { formatBytes, isAcceptedFile } from './acceptedFile';
import { TRANSFER_COPY, TRANSFER_TESTIDS } from './copy';
import { useImportFiles } from './useImportFiles';

function FileIcon({ name }: { name: string }) {
  const lower = name.toLowerCase();
  const Icon = lower.endsWith('.zip')
    ? FileArchive
    : lower.endsWith('.md') || lower.endsWith('.markdown')
      ? FileText
      : FileCode2;
  return <Icon className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />;
}

export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const importing = useImportFiles({ toastErrors: false });
  const unsupported = files.some((file) => !isAcceptedFile(file.name));

  const close = (next: boolean) => {
    if (next || importing.isPending) return;
    setFiles([]);
    importing.reset();
    onOpenChange(false);
  };
  const add = (list: FileList | null) => {
    // Copied now: the input's FileList empties when its value is reset below.
    const chosen = [...(list ?? [])];
    if (chosen.length === 0) return;
    importing.reset();
    setFiles((current) => [
      ...current.filter((file) => !chosen.some((c) => c.name === file.name)),
      ...chosen,
    ]);
  };
  const submit = () =>
    importing.mutate(files, {
      onSuccess: () => {
        setFiles([]);
        onOpenChange(false);
      },
    });

  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      size="md"
      data-testid={TRANSFER_TESTIDS.dialog}
      icon={Upload}
      title={TRANSFER_COPY.dialogTitle}
      description={TRANSFER_COPY.dialogDescription}
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={importing.isPending}>
            {TRANSFER_COPY.cancel}
          </Button>
          <Button
            onClick={submit}
            disabled={files.length === 0 || unsupported || importing.isPending}
            data-testid={TRANSFER_TESTIDS.submit}
          >
            {importing.isPending
              ? TRANSFER_COPY.importing
              : TRANSFER_COPY.importButton(files.length)}
          </Button>
        </>
      }
    >
      <input
        ref={input}
        type="file"
        multiple
        accept={IMPORT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid={TRANSFER_TESTIDS.fileInput}
        onChange={(event) => {
          add(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <div className="grid gap-2">
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => input.current?.click()}
          disabled={importing.isPending}
        >
          <Upload className="h-4 w-4" aria-hidden />
          {TRANSFER_COPY.choose}
        </Button>
        {files.length === 0 ? (
          <p className="rounded-md border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">
            {TRANSFER_COPY.noneChosen}
          </p>
        ) : (
          <ul
            className="max-h-56 divide-y divide-border overflow-y-auto rounded-md border border-border"
            data-testid={TRANSFER_TESTIDS.fileList}
          >
            {files.map((file) => {
              const bad = !isAcceptedFile(file.name);
              return (
                <li key={file.name} className="flex items-center gap-2 px-3 py-1.5 text-sm">
                  <FileIcon name={file.name} />
                  <span className={cn('min-w-0 flex-1 truncate', bad && 'text-destructive')}>
                    {file.name}
                    {bad && <span className="block text-xs">{TRANSFER_COPY.unsupported}</span>}
                  </span>
                  <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
                    {formatBytes(file.size)}
                  </span>
                  <button
                    type="button"
                    className="rounded-sm p-0.5 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    aria-label={TRANSFER_COPY.remove(file.name)}
                    disabled={importing.isPending}
                    onClick={() => setFiles(files.filter((f) => f !== file))}
                  >
                    <X className="h-3.5 w-3.5" aria-hidden />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <button
          type="button"
          className="justify-self-start text-sm text-primary underline-offset-4 hover:underline"
          data-testid={TRACE_TESTIDS.entry}
          onClick={() => {
            close(false);
            openTraceImport();
          }}
        >
          {TRACE_COPY.entry}
        </button>
        {importing.isError && (
          <ErrorNotice testId={TRANSFER_TESTIDS.error}>
            {readableError(importing.error)}
          </ErrorNotice>
        )}
      </div>
    </DialogShell>
  );
}
