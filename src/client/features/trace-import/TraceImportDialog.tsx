/** 'Import a trace': a file chosen or dropped, a trace chosen, options, a live drawing, then a new diagram. */
import { ErrorNotice } from '@/components/ui/error-notice';
import { Activity } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { formatDuration, TRACE_GROUPS, TRACE_INTERNAL } from '@shared/trace/index';
import { readableError } from '@/api/http';
import { useCreateDiagram } from '@/api/diagrams';
import { Button } from '@/components/ui/button';
import { FileDropPicker } from '@/components/FileDropPicker';
import { DialogShell } from '@/components/ui/dialog-shell';
import { Preview } from '@/features/preview/Preview';
import { TRACE_COPY, TRACE_TESTIDS } from './copy';
import { useTraceFile } from './useTraceFile';

const field = 'grid gap-1 text-xs font-medium text-muted-foreground';
const control =
  'h-8 rounded-md border border-border bg-background px-2 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {label}
    </label>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className={field}>
      {label}
      {children}
    </label>
  );
}

export function TraceImportDialog({
  open,
  file,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  /** A file dropped on the editor, read as soon as the dialog opens. */
  file: File | null;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: number) => void;
}) {
  const trace = useTraceFile();
  const create = useCreateDiagram();
  const { load, reset } = trace;

  useEffect(() => {
    if (open && file) void load(file);
    // Only a newly handed file is read; load is stable enough for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, file]);

  const close = (next: boolean) => {
    if (next || create.isPending) return;
    reset();
    create.reset();
    onOpenChange(false);
  };
  const { options, setOptions, diagram } = trace;
  const set = (patch: Partial<typeof options>) => setOptions({ ...options, ...patch });
  const submit = () => {
    if (!diagram) return;
    create.mutate(
      { title: diagram.title.slice(0, 200), content: diagram.text },
      {
        onSuccess: (created) => {
          close(false);
          onCreated(created.id);
        },
      },
    );
  };
  const error = trace.error ?? (create.isError ? readableError(create.error) : null);

  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      size="xl"
      className="max-h-[92vh] overflow-y-auto sm:max-w-4xl"
      data-testid={TRACE_TESTIDS.dialog}
      icon={Activity}
      title={TRACE_COPY.title}
      description={TRACE_COPY.description}
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={create.isPending}>
            {TRACE_COPY.cancel}
          </Button>
          <Button
            onClick={submit}
            disabled={!diagram || create.isPending}
            data-testid={TRACE_TESTIDS.open}
          >
            {create.isPending ? TRACE_COPY.opening : TRACE_COPY.open}
          </Button>
        </>
      }
    >
      <FileDropPicker
        accept=".json,.jsonl,.ndjson,.txt,application/json"
        onFile={(chosen) => void trace.load(chosen)}
        busy={trace.reading}
        chooseLabel={TRACE_COPY.choose}
        status={trace.reading ? TRACE_COPY.reading : TRACE_COPY.dropHint}
        inputTestId={TRACE_TESTIDS.fileInput}
      />
      {error && <ErrorNotice testId={TRACE_TESTIDS.error}>{error}</ErrorNotice>}
      {diagram && (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            {trace.choices.length > 1 && (
              <Field label={TRACE_COPY.traceLabel}>
                <select
                  className={control}
                  value={trace.traceId ?? ''}
                  onChange={(e) => trace.setTraceId(e.currentTarget.value)}
                  data-testid={TRACE_TESTIDS.chooser}
                >
                  {trace.choices.map((c) => (
                    <option key={c.traceId} value={c.traceId}>
                      {TRACE_COPY.traceOption(
                        c.root,
                        c.spans,
                        formatDuration(c.duration),
                        c.traceId,
                      )}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <Field label={TRACE_COPY.group}>
              <select
                className={control}
                value={options.group}
                onChange={(e) =>
                  set({ group: e.currentTarget.value as (typeof TRACE_GROUPS)[number] })
                }
              >
                {TRACE_GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {TRACE_COPY.groups[g]}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={TRACE_COPY.internal}>
              <select
                className={control}
                value={options.internal}
                onChange={(e) =>
                  set({ internal: e.currentTarget.value as (typeof TRACE_INTERNAL)[number] })
                }
              >
                {TRACE_INTERNAL.map((i) => (
                  <option key={i} value={i}>
                    {TRACE_COPY.internals[i]}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={TRACE_COPY.depth}>
              <input
                type="number"
                min={0}
                max={50}
                className={control}
                value={options.depth}
                onChange={(e) =>
                  set({
                    depth: Math.min(
                      50,
                      Math.max(0, Math.trunc(Number(e.currentTarget.value) || 0)),
                    ),
                  })
                }
              />
            </Field>
            <div className="flex flex-wrap items-end gap-4 sm:col-span-2">
              <Check
                label={TRACE_COPY.durations}
                checked={options.durations}
                onChange={(v) => set({ durations: v })}
              />
              <Check
                label={TRACE_COPY.autonumber}
                checked={options.autonumber}
                onChange={(v) => set({ autonumber: v })}
              />
              <Check
                label={TRACE_COPY.collapse}
                checked={options.collapse}
                onChange={(v) => set({ collapse: v })}
              />
            </div>
          </div>
          {diagram.notes.length > 0 && (
            <ul
              className="list-disc pl-5 text-xs text-muted-foreground"
              data-testid={TRACE_TESTIDS.notes}
            >
              {diagram.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
          <div
            className="flex h-[40vh] min-h-56 flex-col overflow-hidden rounded-md border border-border"
            data-testid={TRACE_TESTIDS.preview}
          >
            <Preview text={diagram.text} publish={false} />
          </div>
        </>
      )}
    </DialogShell>
  );
}
