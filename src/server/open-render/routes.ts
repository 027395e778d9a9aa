/**
 * Drop-in render endpoints for tools that already speak an image protocol:
 * - Kroki (mermaid only) under /kroki: GET /kroki/mermaid/{format}/{encoded}, POST of the text to
 *   /kroki/mermaid/{format} (or /kroki/mermaid with an Accept header), POST /kroki/ with JSON;
 *   `txt` and `ascii` answer the diagram drawn as text;
 * - mermaid.ink under /ink: /ink/svg/{code}, /ink/img/{code}, /ink/pdf/{code}.
 * No token, like the originals: limited per client address, answers in plain text when refused,
 * drawn by the same renderer as convert and the preview. GET answers are content-addressed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOf, mediaTypesOf, outputFormat } from '../../shared/output-formats.js';
import { AppError, badRequest } from '../errors.js';
import { asPlainText, installErrorHandler } from '../error-handler.js';
import type { RenderRequest, Renderer } from '../chromium-render/renderer.js';
import { sendImage } from '../chromium-render/send-image.js';
import { sendText } from '../text-render/send-text.js';
import { decodeInk, decodeKroki } from './codec.js';
import {
  inkRequest,
  isKrokiText,
  KROKI_FORMATS,
  krokiFormat,
  krokiRequest,
  krokiTheme,
  krokiType,
  type KrokiFormat,
  themeOfConfig,
  type Query,
} from './options.js';

export interface OpenRenderOptions {
  /** Off: every endpoint answers 404 saying how to turn them on. */
  enabled: boolean;
  /** Calls per client address per minute. */
  perMinute: number;
  renderer: Renderer;
}

/** An encoded diagram in a URL: longer than this must be sent with POST. */
export const MAX_ENCODED_CHARS = 12_000;
export const OPEN_RENDER_BODY_BYTES = 1024 * 1024;
export const OPEN_RENDER_OFF =
  'The open render endpoints are turned off on this server. Set OPEN_RENDER_API=true to turn them on.';

// A GET URL names its image exactly (content-addressed): caches may keep it for good.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const UNCACHED = 'private, no-cache';

const encodedParam = (what: string) =>
  z.string().describe(`${what} (at most ${MAX_ENCODED_CHARS.toLocaleString('en')} characters).`);

function checkLength(encoded: string): void {
  if (encoded.length > MAX_ENCODED_CHARS) {
    throw new AppError(
      414,
      `The encoded diagram is longer than ${MAX_ENCODED_CHARS.toLocaleString('en')} characters; send it with POST instead.`,
    );
  }
}

/** Kroki's options may come as query parameters or as Kroki-Diagram-Options-{name} headers. */
function krokiOptions(request: FastifyRequest): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request.query as Query)) {
    if (Array.isArray(value)) throw badRequest(`${name} may be given once.`);
    options[name] = value;
  }
  const prefix = 'kroki-diagram-options-';
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.startsWith(prefix) && typeof value === 'string')
      options[name.slice(prefix.length)] = value;
  }
  return options;
}

/** The Kroki format each media type of an Accept header names: the first with that type (`txt`). */
const ACCEPTED = new Map<string, KrokiFormat>(
  [...KROKI_FORMATS]
    .reverse()
    .map((format): [string, KrokiFormat] => [outputFormat(format).mediaType, format]),
);
const ACCEPTED_TYPES = mediaTypesOf(KROKI_FORMATS);
/** `svg`, `png`, `pdf`, `txt` or `ascii` (in Markdown). */
const KROKI_FORMAT_NAMES = listOf(KROKI_FORMATS, '`');

function formatFromAccept(accept: string | undefined): KrokiFormat {
  for (const part of (accept ?? '').split(',')) {
    const type = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const format = ACCEPTED.get(type);
    if (format) return format;
  }
  throw badRequest(
    `Name the output format in the path (/kroki/mermaid/svg) or in the Accept header: ${listOf(ACCEPTED_TYPES, '')}.`,
  );
}

function textBody(body: unknown): string {
  if (typeof body !== 'string' || body.trim() === '') {
    throw badRequest('Send the diagram text as the request body (Content-Type: text/plain).');
  }
  return body;
}

const krokiJsonBody = z.object({
  diagram_source: z.string({ error: 'diagram_source must be the diagram text' }),
  diagram_type: z.string({ error: 'diagram_type must be text, e.g. "mermaid"' }),
  output_format: z
    .string({ error: `output_format must be ${listOf(KROKI_FORMATS, '')}` })
    .default('svg'),
  diagram_options: z
    .record(z.string(), z.string({ error: 'diagram_options values must be text' }))
    .default({}),
});

export async function openRenderRoutes(
  app: FastifyInstance,
  options: OpenRenderOptions,
): Promise<void> {
  await app.register(async (scope) => {
    installErrorHandler(scope, asPlainText);
    // Kroki clients send the text with whatever type they like; read any body as text.
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.addHook('onRequest', async () => {
      if (!options.enabled) throw new AppError(404, OPEN_RENDER_OFF);
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const config = { rateLimit: { max: options.perMinute, timeWindow: 60_000 } };
    const send = (
      request: FastifyRequest,
      reply: FastifyReply,
      image: RenderRequest,
      cache: string,
    ) =>
      // The text is in the request itself (often a public URL): the cache is shared, the pages
      // are shared fairly per client address.
      sendImage(
        request,
        reply,
        options.renderer,
        image,
        { key: `ip:${request.ip}`, scope: 'public' },
        cache,
      );
    /** A Kroki answer: the image, or for `txt` and `ascii` the text drawing. */
    const sendKroki = (
      request: FastifyRequest,
      reply: FastifyReply,
      format: KrokiFormat,
      source: string,
      diagramOptions: Record<string, unknown>,
      cache: string,
    ) => {
      if (isKrokiText(format)) {
        krokiTheme(diagramOptions);
        return sendText(request, reply, source, format, cache);
      }
      return send(request, reply, krokiRequest(format, source, diagramOptions), cache);
    };
    /** The POST forms whose body is the diagram text. */
    const sendBody = (request: FastifyRequest, reply: FastifyReply, format: KrokiFormat) =>
      sendKroki(request, reply, format, textBody(request.body), krokiOptions(request), UNCACHED);

    routes.get(
      '/kroki/:type/:format/:encoded',
      {
        config,
        schema: {
          summary: 'Kroki: draw an encoded diagram',
          description:
            'Kroki’s GET form for mermaid. `encoded` is the diagram text compressed with deflate (zlib), then base64url, as Kroki clients write it. `format` is `svg`, `png` or `pdf`, or `txt` (Unicode box drawing) or `ascii` (plain ASCII) for the diagram drawn as text (sequence diagrams, flowcharts and class diagrams). The option `theme` (`default`, `neutral`, `dark`, `forest`) may be a query parameter or a `Kroki-Diagram-Options-Theme` header.',
          tags: ['Render server'],
          params: z.object({
            type: z.string().describe('The diagram type: `mermaid`.'),
            format: z.string().describe(`${KROKI_FORMAT_NAMES}.`),
            encoded: encodedParam('The diagram text, deflated and base64url-encoded'),
          }),
        },
      },
      async (request, reply) => {
        const { type, format, encoded } = request.params;
        krokiType(type);
        const output = krokiFormat(format);
        checkLength(encoded);
        const source = decodeKroki(encoded);
        return sendKroki(
          request,
          reply as FastifyReply,
          output,
          source,
          krokiOptions(request),
          IMMUTABLE,
        );
      },
    );

    routes.post(
      '/kroki/:type/:format',
      {
        config,
        bodyLimit: OPEN_RENDER_BODY_BYTES,
        schema: {
          summary: 'Kroki: draw the diagram text sent as the body',
          description:
            'Kroki’s POST form: the body is the diagram text itself (`Content-Type: text/plain`), at most 1 MB.',
          tags: ['Render server'],
          params: z.object({
            type: z.string().describe('The diagram type: `mermaid`.'),
            format: z.string().describe(`${KROKI_FORMAT_NAMES}.`),
          }),
        },
      },
      async (request, reply) => {
        krokiType(request.params.type);
        return sendBody(request, reply as FastifyReply, krokiFormat(request.params.format));
      },
    );

    routes.post(
      '/kroki/:type',
      {
        config,
        bodyLimit: OPEN_RENDER_BODY_BYTES,
        schema: {
          summary: 'Kroki: draw the body, format from the Accept header',
          description: `The diagram text as the body; the \`Accept\` header names the output: ${listOf(ACCEPTED_TYPES, '`')} (the text drawing).`,
          tags: ['Render server'],
          params: z.object({ type: z.string().describe('The diagram type: `mermaid`.') }),
        },
      },
      async (request, reply) => {
        krokiType(request.params.type);
        return sendBody(request, reply as FastifyReply, formatFromAccept(request.headers.accept));
      },
    );

    for (const path of ['/kroki', '/kroki/']) {
      routes.post(
        path,
        {
          config,
          bodyLimit: OPEN_RENDER_BODY_BYTES,
          schema: {
            hide: path === '/kroki',
            summary: 'Kroki: draw a diagram described in JSON',
            description:
              'Kroki’s JSON form: `{"diagram_source": "...", "diagram_type": "mermaid", "output_format": "svg", "diagram_options": {"theme": "dark"}}`.',
            tags: ['Render server'],
            body: krokiJsonBody,
          },
        },
        async (request, reply) => {
          const body = request.body;
          krokiType(body.diagram_type);
          const output = krokiFormat(body.output_format);
          return sendKroki(
            request,
            reply as FastifyReply,
            output,
            body.diagram_source,
            body.diagram_options,
            UNCACHED,
          );
        },
      );
    }

    const inkKinds = {
      svg: 'an SVG image',
      img: 'a JPEG (default), PNG or WebP image: `?type=png`',
      pdf: 'a PDF: on A4 by default; `?paper=a3`, `?landscape`, or `?fit` for a page the size of the diagram',
    } as const;
    for (const [kind, what] of Object.entries(inkKinds) as [keyof typeof inkKinds, string][]) {
      routes.get(
        `/ink/${kind}/:code`,
        {
          config,
          schema: {
            summary: `mermaid.ink: ${kind}`,
            description: `mermaid.ink’s /${kind} path: answers ${what}. \`code\` is base64 (or base64url) of the diagram text or of a JSON state \`{"code": "...", "mermaid": {"theme": "dark"}}\`, or \`pako:\` followed by the deflated JSON state, as the Mermaid Live Editor writes it. Options: \`bgColor\` (hex without #, or !name), \`theme\`, \`width\`, \`height\`, \`scale\` (1–3, with width or height).`,
            tags: ['Render server'],
            params: z.object({ code: encodedParam('The encoded diagram') }),
          },
        },
        async (request, reply) => {
          const { code } = request.params;
          checkLength(code);
          const state = decodeInk(code);
          const image = inkRequest(
            kind,
            request.query as Query,
            state.code,
            themeOfConfig(state.config),
          );
          return send(request, reply as FastifyReply, image, IMMUTABLE);
        },
      );
    }
  });
}
