/**
 * The editor's check of the open diagram against a trace file (POST /api/diagrams/{id}/check-trace):
 * the file is sent as it is with the editor's text, read and compared by the server (in its trace
 * worker, where OTLP protobuf can be decoded too), which answers the check and the diagram drawn
 * with it marked.
 */
import type { ResolvedTheme } from '@shared/mermaid-config';
import type { TraceCheck } from '@shared/trace/check';
import { http } from './http';

const path = (diagramId: number) => `/api/diagrams/${diagramId}/check-trace`;

/** What the file says it is; a name alone for files the browser gives no type (.jsonl, .pb). */
function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  return /\.(?:bin)?pb$/i.test(file.name) ? 'application/x-protobuf' : 'application/json';
}

/** The check with the diagram drawn with it marked (SVG), null when it could not be drawn. */
export type TraceCheckWithDrawing = TraceCheck & { svg: string | null };

export const traceCheckApi = {
  /**
   * The file checked against `text`, the diagram as the editor shows it now (the stored text lags
   * live edits until they fold), and drawn in `theme`: one request, the file sent once.
   */
  check: (diagramId: number, file: File, text: string, theme: ResolvedTheme) => {
    const form = new FormData();
    form.append('text', text);
    form.append('file', new Blob([file], { type: contentTypeOf(file) }), file.name);
    return http.json<TraceCheckWithDrawing>(`${path(diagramId)}?format=both&theme=${theme}`, {
      method: 'POST',
      body: form,
    });
  },
};
