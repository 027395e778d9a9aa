/** A chosen trace file read and parsed, the chosen trace and its drawing under the options. */
import { useMemo, useState } from 'react';
import {
  DEFAULT_TRACE_OPTIONS,
  drawTrace,
  parseTraceFile,
  TRACE_FILE_MAX_BYTES,
  traceChoices,
  TraceFileError,
  TraceLimitError,
  type ParsedFile,
  type TraceOptions,
} from '@shared/trace/index';
import { TRACE_COPY } from './copy';

/**
 * JSON as text. OTLP protobuf is not read here: its decoder (protobufjs) compiles its readers
 * with `new Function`, which the page's Content-Security-Policy forbids, so such a file is sent
 * to the API or the command line instead, and the dialog says so.
 */
async function readTraceFile(file: File): Promise<ParsedFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = /^\s*[[{]/.test(new TextDecoder().decode(bytes.subarray(0, 64)));
  if (
    /\.(?:bin)?pb$/i.test(file.name) ||
    /protobuf/i.test(file.type) ||
    (bytes[0] === 0x0a && !text)
  ) {
    throw new TraceFileError(TRACE_COPY.protobuf);
  }
  return parseTraceFile(new TextDecoder().decode(bytes));
}

type Loaded = { file: ParsedFile; name: string } | { error: string } | null;

export function useTraceFile() {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [reading, setReading] = useState(false);
  const [traceId, setTraceId] = useState<string | null>(null);
  const [options, setOptions] = useState<TraceOptions>(DEFAULT_TRACE_OPTIONS);

  const load = async (file: File) => {
    if (file.size > TRACE_FILE_MAX_BYTES) {
      setLoaded({ error: TRACE_COPY.tooBig(file.size, TRACE_FILE_MAX_BYTES) });
      return;
    }
    setReading(true);
    try {
      const parsed = await readTraceFile(file);
      setLoaded({ file: parsed, name: file.name });
      setTraceId(parsed.traces[0]?.traceId ?? null);
    } catch (error) {
      setLoaded({
        error:
          error instanceof TraceFileError || error instanceof TraceLimitError
            ? error.message
            : `Could not read ${file.name}.`,
      });
    } finally {
      setReading(false);
    }
  };

  const file = loaded && 'file' in loaded ? loaded.file : null;
  const choices = useMemo(() => (file ? traceChoices(file) : []), [file]);
  // A trace too wide to draw even one call deep is said so in place of its drawing.
  const drawing = useMemo(() => {
    const trace = file?.traces.find((t) => t.traceId === traceId);
    if (!trace) return { diagram: null, problem: null };
    try {
      return { diagram: drawTrace(trace, options), problem: null };
    } catch (error) {
      if (error instanceof TraceLimitError) return { diagram: null, problem: error.message };
      throw error;
    }
  }, [file, traceId, options]);
  const diagram = drawing.diagram;

  return {
    load,
    reading,
    error: loaded && 'error' in loaded ? loaded.error : drawing.problem,
    choices,
    traceId,
    setTraceId,
    options,
    setOptions,
    diagram,
    reset: () => {
      setLoaded(null);
      setTraceId(null);
    },
  };
}
