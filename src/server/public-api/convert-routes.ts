/** POST /api/v1/convert: diagram text → PNG or SVG, drawn by the server renderer. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { convertBody, errorBodySchema } from '../../shared/schemas.js';
import { requireTokenUser } from '../api-tokens/bearer.js';
import type { Renderer } from '../render/renderer.js';
import { sendImage } from '../render/send-image.js';
import { errorResponses, rateLimitPerToken, type PublicApiDeps } from './common.js';

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
          'Draws the diagram with the same renderer and settings as the Lifeline preview and answers the image itself (PNG of exactly width × height pixels, SVG, or a vector PDF), the diagram fitted inside and centred. With `steps`, a sequence diagram plays one message at a time (animated SVG) or has one PDF page per message. Identical requests answer the same ETag; send it back in If-None-Match to get 304.',
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
      const user = await requireTokenUser(deps.tokens, deps.failedAuths, request, reply);
      // Pages are shared fairly per user, and the user's renders are cached for them alone.
      const caller = { key: `user:${user.id}`, scope: `user:${user.id}` };
      const { paper, landscape, steps, paceMs, ...image } = request.body;
      const pdf = paper === 'fit' ? { paper } : { paper, landscape };
      return sendImage(
        request,
        reply,
        deps.renderer,
        { ...image, pdf, steps: steps ? { paceMs } : null },
        caller,
        'private, no-cache',
      );
    },
  );
}
