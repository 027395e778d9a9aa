/**
 * /templates/{id}.svg?theme=light|dark: each built-in template drawn by the server renderer, so
 * the template chooser shows what a template makes. Eight images in all, each drawn once and then
 * answered from the public cache (and the browser's, by ETag).
 */
import type { FastifyInstance } from 'fastify';
import { TEMPLATES } from '../../shared/templates.js';
import { z } from '../../shared/zod.js';
import { badRequest, notFound } from '../errors.js';
import { previewDrawing, previewTheme } from '../chromium-render/preview-drawing.js';
import type { Renderer } from '../chromium-render/renderer.js';
import { sendImage } from '../chromium-render/send-image.js';

export const TEMPLATE_NOT_FOUND = 'Template not found';

const query = z.object({
  theme: previewTheme.default('light'),
});

export function templateRoutes(app: FastifyInstance, options: { renderer: Renderer }): void {
  app.get<{ Params: { id: string }; Querystring: unknown }>(
    '/templates/:id.svg',
    async (request, reply) => {
      const template = TEMPLATES.find((candidate) => candidate.id === request.params.id);
      if (!template) throw notFound(TEMPLATE_NOT_FOUND);
      const parsed = query.safeParse(request.query);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid query');
      return sendImage(
        request,
        reply,
        options.renderer,
        previewDrawing(template.content, parsed.data.theme),
        // Every visitor asks for the same eight images: one key, one shared cache.
        { key: 'templates', scope: 'public' },
        'public, max-age=3600',
      );
    },
  );
}
