/**
 * POST /api/diagrams/{id}/check-trace: the editor's "Check against a trace", on the session
 * cookie. The same check as the token's /api/v1 route (check-reply.ts); anyone who may open the
 * diagram may check it (a viewer too: it changes nothing), a stranger's diagram answers 404 and
 * a signed-out caller 401 before the file is read.
 *
 * The body is the trace file, checked against the stored text; or multipart/form-data with the
 * file (`file`) and the text the editor shows (`text`, bounded like a save), which is checked
 * instead and never stored: the stored text lags live edits until they fold. `format=both`
 * answers the check and its marked drawing together, so the dialog sends the file once.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTENT_MAX, errorBodySchema, idParams } from '../../shared/schemas.js';
import { TRACE_FILE_MAX_BYTES } from '../../shared/trace/index.js';
import { requireUser } from '../auth/current-user.js';
import type { Renderer } from '../chromium-render/renderer.js';
import type { Db } from '../db/client.js';
import { DIAGRAM_NOT_FOUND } from '../diagrams/replies.js';
import { diagramsStore } from '../diagrams/store.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import { z } from '../../shared/zod.js';
import { AppError, badRequest, notFound } from '../errors.js';
import {
  checkWithDrawing,
  checkWithDrawingSchema,
  replyTraceCheck,
  traceCheckQuery,
  traceCheckResponses,
  traceFileBody,
  type TraceFile,
} from './check-reply.js';
import { acceptTraceFiles, readChunks, TRACE_TOO_LARGE } from './read-body.js';

/** The most a text field may take in bytes: CONTENT_MAX characters of UTF-8. */
const TEXT_MAX_BYTES = CONTENT_MAX * 4;
/** A multipart body's parts around the file and the text. */
const MULTIPART_SLACK = 64 * 1024;

export const TEXT_TOO_LONG = `The diagram text is too long: at most ${CONTENT_MAX.toLocaleString('en')} characters.`;
const NO_FILE = 'Send the trace file as the form’s "file" field.';

const sessionCheckQuery = traceCheckQuery.extend({
  format: z
    .enum(['json', 'svg', 'both'])
    .default('json')
    .describe(
      'json: the check; svg: the marked drawing; both: the check with the drawing as `svg`.',
    ),
});

/** The multipart form's trace file (as its chunks) and text, each bounded. */
async function readForm(
  request: FastifyRequest,
): Promise<{ file: TraceFile; text: string | null }> {
  let file: TraceFile | null = null;
  let text: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw badRequest(NO_FILE);
        const chunks = await readChunks(part.file, TRACE_FILE_MAX_BYTES, TRACE_TOO_LARGE);
        if (part.file.truncated) throw new AppError(413, TRACE_TOO_LARGE);
        file = { chunks, contentType: part.mimetype };
      } else if (part.fieldname === 'text') {
        if (part.valueTruncated || typeof part.value !== 'string') throw badRequest(TEXT_TOO_LONG);
        text = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('The form did not arrive whole; send the trace file again.');
  }
  if (!file) throw badRequest(NO_FILE);
  if (text !== null && text.length > CONTENT_MAX) throw badRequest(TEXT_TOO_LONG);
  return { file, text };
}

export async function traceCheckRoutes(
  app: FastifyInstance,
  deps: { db: Db; writer: DiagramWriter; renderer: Renderer },
): Promise<void> {
  const diagrams = diagramsStore(deps.db);
  await app.register(async (scope) => {
    acceptTraceFiles(scope, TRACE_FILE_MAX_BYTES + TEXT_MAX_BYTES + MULTIPART_SLACK);
    await scope.register(multipart, {
      limits: {
        files: 1,
        fields: 1,
        parts: 2,
        fileSize: TRACE_FILE_MAX_BYTES,
        fieldSize: TEXT_MAX_BYTES,
      },
    });
    // Signed in before the body is read.
    scope.addHook('preParsing', async (request) => {
      await requireUser(deps.db, request);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/diagrams/:id/check-trace',
      {
        bodyLimit: TRACE_FILE_MAX_BYTES,
        schema: {
          params: idParams,
          querystring: sessionCheckQuery,
          // Absent for a multipart form, read in the handler once the diagram is known.
          body: traceFileBody.nullish(),
          response: {
            ...traceCheckResponses,
            200: checkWithDrawingSchema.or(traceCheckResponses[200]),
            401: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const user = await requireUser(deps.db, request);
        const { id } = request.params;
        // The text the editor's live edits have reached, like every read of a diagram.
        await deps.writer.settle(id);
        const diagram = await diagrams.open(user, id);
        if (!diagram) throw notFound(DIAGRAM_NOT_FOUND);
        const caller = { key: `user:${user.id}`, scope: `user:${user.id}` };
        const form = request.isMultipart() ? await readForm(request) : null;
        const file = form?.file ?? {
          chunks: request.body ?? [],
          contentType: request.headers['content-type'],
        };
        // The editor's text as it is now, compared only.
        const text = form?.text ?? diagram.content;
        const { format, theme } = request.query;
        if (format === 'both') {
          return checkWithDrawing({ renderer: deps.renderer, caller }, text, file, theme);
        }
        // The typed reply knows JSON bodies only; the drawing is sent untyped.
        return replyTraceCheck(
          request,
          reply as FastifyReply,
          { renderer: deps.renderer, caller },
          text,
          file,
          { format, theme },
        );
      },
    );
  });
}
