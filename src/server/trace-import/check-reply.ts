/**
 * The one answer to "check this diagram against a trace file", for both routes that ask it: the
 * token's `POST /api/v1/diagrams/{id}/check-trace` and the editor's session route
 * `POST /api/diagrams/{id}/check-trace`. The route finds the diagram for its caller (404 for a
 * stranger's) and hands over its text and the body's chunks; this reads them in the trace worker
 * and answers the check as JSON, or with `format=svg` the diagram drawn with the check marked.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { previewThemeFor } from '../../shared/mermaid-config.js';
import { errorBodySchema } from '../../shared/schemas.js';
import { traceCheckSchema, type TraceCheck } from '../../shared/trace/check.js';
import { TRACE_FILE_MAX_BYTES, TRACE_SPANS_MAX } from '../../shared/trace/index.js';
import { z } from '../../shared/zod.js';
import type { RenderCaller, Renderer } from '../chromium-render/renderer.js';
import { sendImage } from '../chromium-render/send-image.js';
import { checkAndDraw } from './draw-trace.js';
import type { TraceChecked } from './trace-worker.js';

const MB = TRACE_FILE_MAX_BYTES / (1024 * 1024);
const SPANS = TRACE_SPANS_MAX.toLocaleString('en');

/** On the drawing of a check: `ok` or `drift`, what `ok` says in the JSON answer. */
export const TRACE_CHECK_HEADER = 'X-Trace-Check';

export const traceCheckQuery = z.object({
  format: z
    .enum(['json', 'svg'])
    .default('json')
    .describe(
      'json: the check; svg: the diagram drawn with the calls it lacks added (dashed, green) and the messages no trace shows in amber.',
    ),
  theme: z.enum(['light', 'dark']).default('light').describe('The drawing’s theme (svg).'),
});
export type TraceCheckQuery = z.infer<typeof traceCheckQuery>;

/** The body as the route's content-type parser keeps it: the chunks it arrived in. */
export const traceFileBody = z
  .custom<Uint8Array[]>((value) => Array.isArray(value), 'The body must be the trace file.')
  .meta({ type: 'string', format: 'binary' })
  .describe('The trace file.');

/** The answers both routes share; each adds its own 401 and 429. */
export const traceCheckResponses = {
  200: traceCheckSchema.describe(
    'format=json: the check. format=svg answers the drawing (image/svg+xml) instead, with the header `X-Trace-Check: ok` or `drift`.',
  ),
  400: errorBodySchema.describe(
    'The file is not a trace, is cut short, or a field of it is wrong; the message says which.',
  ),
  404: errorBodySchema.describe(
    'No such diagram of yours or shared with you (another user’s diagram answers the same).',
  ),
  413: errorBodySchema.describe(
    `The file is larger than ${MB} MB or holds more than ${SPANS} spans.`,
  ),
  422: errorBodySchema.describe('The trace took too long to read.'),
  503: errorBodySchema.describe('Too many trace files are waiting; try again shortly.'),
};

/** A trace file as it arrived: its chunks (handed to the worker) and the type it was sent as. */
export interface TraceFile {
  chunks: Uint8Array[];
  contentType: string | undefined;
}

type RenderDeps = { renderer: Renderer; caller: RenderCaller };

/** The drawing of a check, marked, as the renderer takes it. */
function checkImage(
  drawing: NonNullable<TraceChecked['drawing']>,
  theme: TraceCheckQuery['theme'],
) {
  return {
    content: drawing.text,
    format: 'svg' as const,
    width: null,
    height: null,
    theme: previewThemeFor(theme),
    background: 'transparent',
    marks: drawing.marks,
  };
}

export async function replyTraceCheck(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: RenderDeps,
  diagram: string,
  file: TraceFile,
  query: TraceCheckQuery,
): Promise<TraceCheck | FastifyReply> {
  const { format, theme } = query;
  const { check, drawing } = await checkAndDraw(diagram, [file], format === 'svg');
  if (!drawing) return check;
  reply.header(TRACE_CHECK_HEADER, check.ok ? 'ok' : 'drift');
  const image = checkImage(drawing, theme);
  return sendImage(request, reply, deps.renderer, image, deps.caller, 'private, no-cache');
}

/** The check with its marked drawing as SVG text in one answer; `svg` null when drawing failed. */
export const checkWithDrawingSchema = traceCheckSchema.extend({
  svg: z
    .string()
    .nullable()
    .describe('The diagram drawn with the check marked (SVG), or null when it could not be drawn.'),
});
export type CheckWithDrawing = z.infer<typeof checkWithDrawingSchema>;

/**
 * The check and its drawing from one reading of the file (the editor's dialog shows both). The
 * check stands when the renderer fails or is busy: the drawing is then null, for the dialog to
 * say so.
 */
export async function checkWithDrawing(
  deps: RenderDeps,
  diagram: string,
  file: TraceFile,
  theme: TraceCheckQuery['theme'],
): Promise<CheckWithDrawing> {
  const { check, drawing } = await checkAndDraw(diagram, [file], true);
  if (!drawing) return { ...check, svg: null };
  try {
    const drawn = await deps.renderer.render(checkImage(drawing, theme), deps.caller);
    return { ...check, svg: drawn.body.toString('utf8') };
  } catch {
    return { ...check, svg: null };
  }
}
