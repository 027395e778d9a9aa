/** Wording and test ids of 'Check against a trace'. */
export const TRACE_CHECK_COPY = {
  entry: 'Check against a trace…',
  title: 'Check against a trace',
  description:
    'Does the diagram still match the system? Its messages are compared with the calls a trace recorded, service to service: OpenTelemetry (JSON or protobuf), Tempo, Jaeger or Zipkin.',
  choose: 'Choose a trace file',
  chooseAnother: 'Choose another trace file',
  dropHint: 'or drop it here',
  checking: 'Checking…',
  close: 'Close',
  matches: 'The diagram matches the trace.',
  drifted: 'The diagram has drifted from the trace.',
  matched: (n: number) =>
    n === 1
      ? '1 message stands for traced calls.'
      : `${n.toLocaleString('en')} messages stand for traced calls.`,
  onlyInTrace: 'Calls the traces made that the diagram lacks',
  onlyInDiagram: 'Messages no trace shows',
  labels: 'Labels that differ from the traces (not drift)',
  none: 'None.',
  call: (from: string, to: string, label: string) => `${from} → ${to}${label ? `: ${label}` : ''}`,
  times: (count: number) => `${count.toLocaleString('en')}×`,
  line: (line: number) => `line ${line}`,
  goToLine: (line: number) => `Go to line ${line}`,
  traced: (names: readonly string[]) => `traced: ${names.join(', ')}`,
  markAdded: 'Calls the diagram lacks (added, dashed)',
  markChanged: 'Messages no trace shows',
  drawingAlt: (summary: string) => `The diagram drawn with the check marked: ${summary}`,
  drawingFailed: 'The marked drawing could not be drawn; the summary beside it is the check.',
  summary: (lacking: number, unseen: number) =>
    `${lacking.toLocaleString('en')} ${lacking === 1 ? 'call' : 'calls'} the diagram lacks, ${unseen.toLocaleString('en')} ${unseen === 1 ? 'message' : 'messages'} no trace shows.`,
  tooBig: (size: string, max: string) =>
    `This file is ${size}; a trace file can be at most ${max}. Export one trace, or fewer spans.`,
} as const;

export const TRACE_CHECK_TESTIDS = {
  entry: 'trace-check-entry',
  dialog: 'trace-check-dialog',
  fileInput: 'trace-check-file',
  dropZone: 'trace-check-drop',
  error: 'trace-check-error',
  status: 'trace-check-status',
  onlyInTrace: 'trace-check-only-in-trace',
  onlyInDiagram: 'trace-check-only-in-diagram',
  labels: 'trace-check-labels',
  drawing: 'trace-check-drawing',
} as const;
