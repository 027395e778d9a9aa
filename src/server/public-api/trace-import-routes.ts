/**
 * POST /api/v1/import/trace: a trace file (OTLP JSON or protobuf, Tempo, Jaeger JSON or Zipkin v2 or v1) as the body →
 * a new diagram of it, or with dry=true only its text. Options come in the query string, so the
 * file is sent as it is (`curl --data-binary @trace.json`).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiDiagramSchema, errorBodySchema, idParams, TITLE_MAX } from '../../shared/schemas.js';
import {
  TRACE_DEPTH_MAX,
  TRACE_FILE_MAX_BYTES,
  TRACE_GROUPS,
  TRACE_INTERNAL,
  TRACE_SPANS_MAX,
} from '../../shared/trace/index.js';
import { z } from '../../shared/zod.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import { notFound } from '../errors.js';
import { FOLDER_NOT_FOUND } from '../folders/replies.js';
import { foldersStore } from '../folders/store.js';
import {
  replyTraceCheck,
  traceCheckQuery,
  traceCheckResponses,
  traceFileBody,
} from '../trace-import/check-reply.js';
import { drawTraceFile } from '../trace-import/draw-trace.js';
import { acceptTraceFiles, TRACE_TOO_LARGE } from '../trace-import/read-body.js';
import {
  errorResponses,
  limitedPerToken,
  writeRefused,
  type PublicApiDeps,
  tokenSecurity,
} from './common.js';
import type { Renderer } from '../chromium-render/renderer.js';
import { renderCallerOf, type ApiOperations } from './operations.js';
import { tokenUser } from './token-access.js';

const MB = TRACE_FILE_MAX_BYTES / (1024 * 1024);
const SPANS = TRACE_SPANS_MAX.toLocaleString('en');
export { TRACE_TOO_LARGE };

const flag = (description: string, fallback: 'true' | 'false') =>
  z.enum(['true', 'false']).default(fallback).describe(description);

const query = z.object({
  dry: flag('true: answer only the diagram text, create nothing.', 'false'),
  traceId: z
    .string()
    .max(128)
    .optional()
    .describe('Which trace to draw when the file holds several.'),
  group: z
    .enum(TRACE_GROUPS)
    .default('service')
    .describe('Participants: one per service, instance or host.'),
  internal: z
    .enum(TRACE_INTERNAL)
    .default('hidden')
    .describe('Spans within one service: hidden, activations, notes or self-messages.'),
  durations: flag('Write each reply’s duration.', 'true'),
  autonumber: flag('Number the messages.', 'false'),
  collapse: flag('Fold repeated identical calls into a loop with a count.', 'true'),
  depth: z.coerce
    .number()
    .int()
    .min(0)
    .max(TRACE_DEPTH_MAX)
    .default(0)
    .describe('Draw calls at most this many services deep; 0: all that fit the drawing.'),
  title: z
    .string()
    .trim()
    .min(1)
    .max(TITLE_MAX)
    .optional()
    .describe('Title; default: the root span and the start time.'),
  folderId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('A folder of yours; absent: the root.'),
});

const drawn = {
  title: z.string(),
  traceId: z.string(),
  format: z.enum(['otlp', 'jaeger', 'zipkin']),
  notes: z.array(z.string()).describe('What was folded, hidden, cut or repaired.'),
};
const dryAnswer = z.object({ content: z.string(), ...drawn });

export async function traceImportApiRoutes(
  app: FastifyInstance,
  deps: PublicApiDeps & { writer: DiagramWriter; renderer: Renderer },
  operations: ApiOperations,
): Promise<void> {
  await app.register(async (scope) => {
    acceptTraceFiles(scope);
    // The token is looked up (token-access.ts) after the per-token limit and before the body is read.
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const folders = foldersStore(deps.db);

    routes.post(
      '/api/v1/import/trace',
      {
        // Even dry=true, which creates nothing: an import is a change a read-only token may not ask for.
        ...limitedPerToken(deps, 'writes'),
        bodyLimit: TRACE_FILE_MAX_BYTES,
        schema: {
          summary: 'Import a trace as a sequence diagram',
          description: `The body is a trace file as exported: OpenTelemetry OTLP/JSON (one object or one per line, ids in hex or base64) or OTLP protobuf (\`Content-Type: application/x-protobuf\`, as OTLP/HTTP exporters send it), Grafana Tempo's trace answer (\`batches\`), Jaeger JSON (with or without \`data\`, one or many traces, or the v3 API's \`result\`) or Zipkin JSON (v2, or v1 with annotations); at most ${MB} MB and ${SPANS} spans. Services become participants, calls requests and replies, overlapping calls \`par\` blocks and repeated ones loops. Answers the created diagram, or with \`dry=true\` only its text.`,
          tags: ['Diagrams'],
          security: tokenSecurity,
          querystring: query,
          body: z
            .custom<Uint8Array[]>(
              (value) => Array.isArray(value),
              'The body must be the trace file.',
            )
            .meta({ type: 'string', format: 'binary' })
            .describe('The trace file.'),
          response: {
            200: dryAnswer.describe('dry=true: the diagram text, nothing created.'),
            201: apiDiagramSchema.extend(drawn).describe('The created diagram.'),
            ...errorResponses,
            403: writeRefused(),
            400: errorBodySchema.describe(
              'The file is not a trace, is cut short, or a field of it is wrong; the message says which.',
            ),
            404: errorBodySchema.describe('The folder does not exist or is not yours.'),
            413: errorBodySchema.describe(
              `The file is larger than ${MB} MB, holds more than ${SPANS} spans, or its diagram would be longer than a diagram can be.`,
            ),
            422: errorBodySchema.describe(
              'The trace is too complex to draw, or took too long to read and draw; the message says what to do.',
            ),
            503: errorBodySchema.describe('Too many trace imports are waiting; try again shortly.'),
          },
        },
      },
      async (request, reply) => {
        const user = tokenUser(request);
        const { dry, traceId, title, folderId, ...rest } = request.query;
        const drawn = await drawTraceFile(
          request.body,
          traceId,
          {
            ...rest,
            durations: rest.durations === 'true',
            autonumber: rest.autonumber === 'true',
            collapse: rest.collapse === 'true',
            labelMax: 48,
          },
          request.headers['content-type'],
        );
        const { content, ...answer } = { ...drawn, title: title ?? drawn.title };
        if (dry === 'true') return reply.status(200).send({ content, ...answer });
        if (folderId != null && !(await folders.owns(user.id, folderId))) {
          throw notFound(FOLDER_NOT_FOUND);
        }
        const created = await deps.writer.create(user, {
          title: answer.title,
          content,
          folderId: folderId ?? null,
        });
        const url = `${deps.siteOrigin}/?diagramId=${created.id}`;
        return reply.status(201).send({ ...created, url, ...answer });
      },
    );

    routes.post(
      '/api/v1/diagrams/:id/check-trace',
      {
        // It changes nothing: a read-only token may check.
        ...limitedPerToken(deps, 'reads'),
        bodyLimit: TRACE_FILE_MAX_BYTES,
        schema: {
          summary: 'Check a diagram against a trace',
          description: `Does the diagram still match the system? The body is a trace file, in any format the import reads (at most ${MB} MB and ${SPANS} spans; all its traces count). Calls compare as caller service → callee service: a participant stands for a service by its id or display name, ignoring case and punctuation, or by a comment in the diagram (\`%% service Pay = payment-service\`). Replies (a dashed message answering a solid one) and self-messages are not compared. \`onlyInTrace\` lists the calls the diagram lacks, \`onlyInDiagram\` the messages no trace shows, with their line; \`ok\` is true when both are empty. Labels compare when both sides have one, and a difference is listed in \`labels\`, not counted as drift.`,
          tags: ['Diagrams'],
          security: tokenSecurity,
          params: idParams,
          querystring: traceCheckQuery,
          body: traceFileBody,
          response: { ...errorResponses, ...traceCheckResponses },
        },
      },
      async (request, reply) => {
        const user = tokenUser(request);
        // The diagram first: a stranger's diagram answers 404 whatever the file holds.
        const diagram = await operations.readDiagram(user, request.params.id);
        // The typed reply knows JSON bodies only; the drawing is sent untyped.
        return replyTraceCheck(
          request,
          reply as FastifyReply,
          { renderer: deps.renderer, caller: renderCallerOf(user) },
          diagram.content,
          { chunks: request.body, contentType: request.headers['content-type'] },
          request.query,
        );
      },
    );
  });
}
