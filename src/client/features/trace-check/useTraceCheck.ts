/**
 * A trace file chosen for the open diagram, checked by the server against the editor's text as it
 * was when the file was chosen, and the diagram drawn with the check marked in the current theme
 * (as an object URL, let go when no longer shown), both from one request. Each file chosen is one
 * run: an answer for an earlier file is never shown for a later one. Another theme asks again.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { TRACE_FILE_MAX_BYTES } from '@shared/trace/index';
import { readableError } from '@/api/http';
import { traceCheckApi } from '@/api/traceCheck';
import { formatBytes } from '@/features/transfer/acceptedFile';
import { useTheme } from '@/features/theme/useTheme';
import { TRACE_CHECK_COPY } from './copy';

interface Run {
  file: File;
  /** The editor's text when the file was chosen. */
  text: string;
  at: number;
}

let runs = 0;

export function useTraceCheck(diagramId: number, getText: () => string) {
  const [run, setRun] = useState<Run | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const { resolved } = useTheme();

  const check = useQuery({
    queryKey: ['trace-check', diagramId, run?.at ?? 0, resolved],
    queryFn: () => traceCheckApi.check(diagramId, run!.file, run!.text, resolved),
    enabled: run !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    // While the same file's drawing in another theme comes, its answer stays; never another file's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === run?.at ? previous : undefined,
  });

  // Each drawing's address is let go when another replaces it or the dialog closes.
  const svg = check.data?.svg ?? null;
  const url = useMemo(
    () => (svg ? URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })) : null),
    [svg],
  );
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);

  const load = (file: File) => {
    if (file.size > TRACE_FILE_MAX_BYTES) {
      setRun(null);
      setRefused(
        TRACE_CHECK_COPY.tooBig(formatBytes(file.size), formatBytes(TRACE_FILE_MAX_BYTES)),
      );
      return;
    }
    setRefused(null);
    runs += 1;
    setRun({ file, text: getText(), at: runs });
  };

  return {
    load,
    fileName: run?.file.name ?? null,
    checking: check.isFetching && !check.isPlaceholderData,
    error: refused ?? (check.isError ? readableError(check.error) : null),
    check: run && check.isSuccess ? check.data : null,
    drawingUrl: check.isSuccess ? url : null,
    drawingFailed: check.isSuccess && !check.isPlaceholderData && check.data.svg === null,
    reset: () => {
      setRun(null);
      setRefused(null);
    },
  };
}
