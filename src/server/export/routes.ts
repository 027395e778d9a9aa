/**
 * POST /api/export/file: the Export menu's files the server draws from the text in the editor (a PDF
 * of one page, a PDF of one page per step, an animated SVG), drawn by the server renderer as the
 * preview draws it in the page's theme. Anyone may export (spec §6), so it is limited per client
 * address; the text may be private, so the image is cached for that address alone.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXPORT_BACKGROUND, previewThemeFor } from '../../shared/mermaid-config.js';
import { exportFileBody } from '../../shared/schemas.js';
import type { Renderer } from '../chromium-render/renderer.js';
import { sendImage } from '../chromium-render/send-image.js';

export function exportRoutes(
  app: FastifyInstance,
  options: { renderer: Renderer; perMinute: number },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/export/file',
    {
      config: { rateLimit: { max: options.perMinute, timeWindow: 60_000 } },
      schema: { body: exportFileBody, hide: true },
    },
    async (request, typedReply) => {
      // The typed reply only knows JSON; images are sent untyped.
      const reply = typedReply as FastifyReply;
      const { content, format, theme, steps, paceMs, title } = request.body;
      const caller = `ip:${request.ip}`;
      return sendImage(
        request,
        reply,
        options.renderer,
        {
          content,
          format,
          width: null,
          height: null,
          theme: previewThemeFor(theme),
          background: EXPORT_BACKGROUND[theme],
          steps: steps ? { paceMs } : null,
          ...(title ? { title } : {}),
        },
        { key: caller, scope: caller },
        'private, no-cache',
      );
    },
  );
}
