/** POST /api/v1/convert: diagram text → PNG or SVG, drawn by the server renderer. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { convertBody, errorBodySchema } from '../../shared/schemas.js';
import type { Renderer } from '../render/renderer.js';
import { sendImage } from '../render/send-image.js';
import { errorResponses, rateLimitPerToken, tokenUserOf, type PublicApiDeps } from './common.js';
import { renderCallerOf, renderRequestOf } from './operations.js';

export function convertApiRoutes(
  app: FastifyInstance,
  deps: PublicApiDeps & { renderer: Renderer },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tokenUser = tokenUserOf(deps);

  routes.post(
    '/api/v1/convert',
    {
      config: rateLimitPerToken(deps.perMinute),
      schema: {
        summary: 'Convert diagram text to an image',
        description:
          'Draws the diagram with the same renderer and settings as the Lifeline preview and answers the image itself (PNG of exactly width × height pixels, SVG, or a vector PDF), the diagram fitted inside and centred. Identical requests answer the same ETag; send it back in If-None-Match to get 304.',
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
      const user = await tokenUser(request, reply);
      const image = renderRequestOf(request.body);
      const caller = renderCallerOf(user);
      return sendImage(request, reply, deps.renderer, image, caller, 'private, no-cache');
    },
  );
}
