/** Wording and test ids of 'Import a trace'. */
import { formatBytes } from '@/features/transfer/acceptedFile';

export const TRACE_COPY = {
  title: 'Import a trace',
  description:
    'OpenTelemetry OTLP/JSON, Tempo, Jaeger JSON or Zipkin JSON (v2 or v1). Services become participants and calls messages; the drawing follows the options.',
  entry: 'Import a trace (OpenTelemetry, Jaeger, Zipkin)…',
  choose: 'Choose a trace file',
  dropHint: 'or drop it here',
  reading: 'Reading the trace…',
  protobuf:
    'This is an OTLP protobuf file, which the editor does not read. Import it with the API (POST /api/v1/import/trace), or export the trace as OTLP JSON.',
  tooBig: (bytes: number, max: number) =>
    `This file is ${formatBytes(bytes)}; a trace file can be at most ${formatBytes(max)}. Export one trace, or fewer spans.`,
  traceLabel: 'Trace',
  traceOption: (root: string, spans: number, duration: string, id: string) =>
    `${root} — ${spans.toLocaleString('en')} spans, ${duration} (${id.slice(0, 8)})`,
  group: 'Participants',
  groups: { service: 'One per service', instance: 'One per instance', host: 'One per host' },
  internal: 'Calls within a service',
  internals: {
    hidden: 'Hidden',
    activations: 'Activations',
    notes: 'Notes',
    self: 'Self-messages',
  },
  durations: 'Durations',
  autonumber: 'Number messages',
  collapse: 'Fold repeated calls',
  depth: 'Depth (0: all that fit)',
  open: 'Open as new diagram',
  opening: 'Opening…',
  cancel: 'Cancel',
} as const;

export const TRACE_TESTIDS = {
  dialog: 'trace-import-dialog',
  fileInput: 'trace-import-file',
  error: 'trace-import-error',
  chooser: 'trace-import-chooser',
  notes: 'trace-import-notes',
  preview: 'trace-import-preview',
  open: 'trace-import-open',
  entry: 'trace-import-entry',
} as const;
