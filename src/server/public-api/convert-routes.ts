/** POST /api/v1/convert: diagram text → PNG, SVG or PDF drawn by the server renderer, or text (a drawing or a description in words). */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { convertBody, errorBodySchema } from '../../shared/schemas.js';
import type { Renderer } from '../chromium-render/renderer.js';
import { sendImage } from '../chromium-render/send-image.js';
import { sendText } from '../text-render/send-text.js';
import { errorResponses, limitedPerToken, type PublicApiDeps, tokenSecurity } from './common.js';
import { convertRequestOf, renderCallerOf } from './operations.js';
import { tokenUser } from './token-access.js';

export function convertApiRoutes(
  app: FastifyInstance,
  deps: PublicApiDeps & { renderer: Renderer },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/v1/convert',
    {
      // A POST only to carry the text: it draws and stores nothing.
      ...limitedPerToken(deps, 'reads'),
      schema: {
        summary: 'Convert diagram text to an image',
        description:
          'Draws the diagram with the same renderer and settings as the Lifeline preview and answers the image itself (PNG of exactly width × height pixels, SVG, or a vector PDF), the diagram fitted inside and centred. With `steps`, a sequence diagram plays one message at a time (animated SVG) or has one PDF page per message. Identical requests answer the same ETag; send it back in If-None-Match to get 304. With `format` `txt` or `ascii` it answers the diagram drawn as text for a terminal or a code comment (sequence diagrams, flowcharts and class diagrams; other kinds answer 400), and with `description` the diagram in words: its title, participants, and messages numbered in order with blocks as nested lists (any kind).',
        tags: ['Images'],
        security: tokenSecurity,
        body: convertBody,
        response: {
          ...errorResponses,
          413: errorBodySchema.describe('Text output only: the drawing would be too large.'),
          422: errorBodySchema.describe('Text output only: the drawing took too long.'),
          503: errorBodySchema.describe(
            'The renderer is busy (see Retry-After) or not available on this server.',
          ),
        },
      },
    },
    async (request, typedReply) => {
      // The typed reply only knows the JSON error bodies; images are sent untyped.
      const reply = typedReply as FastifyReply;
      const user = tokenUser(request);
      const drawing = convertRequestOf(request.body);
      if (drawing.kind === 'text') {
        return sendText(request, reply, drawing.content, drawing.format, 'private, no-cache');
      }
      const caller = renderCallerOf(user);
      return sendImage(request, reply, deps.renderer, drawing.image, caller, 'private, no-cache');
    },
  );
}
