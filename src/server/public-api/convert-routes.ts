/** POST /api/v1/convert: diagram text → PNG or SVG, drawn by the server renderer. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { convertBody, errorBodySchema } from '../../shared/schemas.js';
import { requireTokenUser } from '../api-tokens/bearer.js';
import { RendererBusyError } from '../render/page-pool.js';
import type { Renderer } from '../render/renderer.js';
import { errorResponses, rateLimitPerToken, type PublicApiDeps } from './diagram-routes.js';

/** An SVG opened directly may not run script or load anything. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

export function convertApiRoutes(
  app: FastifyInstance,
  deps: PublicApiDeps & { renderer: Renderer },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/v1/convert',
    {
      config: rateLimitPerToken(deps.perMinute),
      schema: {
        summary: 'Convert diagram text to an image',
        description:
          'Draws the diagram with the same renderer and settings as the Lifeline preview and answers the image itself (PNG of exactly width × height pixels, or SVG), the diagram fitted inside and centred. Identical requests answer the same ETag; send it back in If-None-Match to get 304.',
        tags: ['Images'],
        security: [{ bearerAuth: [] }],
        body: convertBody,
        response: {
          ...errorResponses,
          503: errorBodySchema.describe(
            'The renderer is busy (see Retry-After) or not available on this server.',
          ),
        },
      },
    },
    async (request, typedReply) => {
      // The typed reply only knows the JSON error bodies; images are sent untyped.
      const reply = typedReply as FastifyReply;
      await requireTokenUser(deps.tokens, request);
      const etag = deps.renderer.etagOf(request.body);
      reply.header('Cache-Control', 'private, no-cache');
      if (matches(request.headers['if-none-match'], etag)) {
        return reply.status(304).header('ETag', etag).send();
      }
      try {
        const image = await deps.renderer.render(request.body);
        if (request.body.format === 'svg') reply.header('Content-Security-Policy', SVG_CSP);
        return reply
          .header('ETag', image.etag)
          .header('X-Content-Type-Options', 'nosniff')
          .type(image.contentType)
          .send(image.body);
      } catch (error) {
        if (error instanceof RendererBusyError) {
          reply.header('Retry-After', String(error.retryAfterSeconds));
        }
        throw error;
      }
    },
  );
}
