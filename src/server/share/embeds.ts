/**
 * /d/{token}.png and /d/{token}.svg (the `embed` formats of src/shared/output-formats.ts): a
 * public diagram drawn by the server renderer, for link previews and for embedding with a plain
 * image tag. Cached by an ETag derived from the content.
 *
 * `?theme=light|dark` asks for the drawing as the app's preview draws it instead: that theme, at
 * its natural size, on a transparent background. The shared page shows it while its own renderer
 * loads, so a visitor sees the diagram at once.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { API_DEFAULTS } from '../../shared/constants.js';
import { formatsOn, outputFormat, type FormatOn } from '../../shared/output-formats.js';
import { z } from '../../shared/zod.js';
import type { Diagram } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { DIAGRAM_NOT_FOUND } from '../diagrams/replies.js';
import { diagramsStore } from '../diagrams/store.js';
import { badRequest, notFound } from '../errors.js';
import { previewDrawing, previewTheme } from '../chromium-render/preview-drawing.js';
import type { RenderRequest, Renderer } from '../chromium-render/renderer.js';
import { sendImage } from '../chromium-render/send-image.js';
import { SHARE_TOKEN } from './token.js';

const query = z.object({ theme: previewTheme.optional() });

/** The link-preview image, or the preview's own drawing in `theme`. */
function imageOf(content: string, format: FormatOn<'embed'>, theme: 'light' | 'dark' | undefined) {
  if (theme) return { ...previewDrawing(content, theme), format };
  return {
    content,
    format,
    width: API_DEFAULTS.width,
    height: API_DEFAULTS.height,
    theme: 'neutral',
    background: 'white',
  } satisfies RenderRequest;
}

/**
 * Draws a just-published diagram's page images (light and dark) ahead of its first visitor, so
 * the share page shows a drawing at once even for them. Best effort, in the background: a busy
 * or absent renderer skips it, and the owner's fair share of the renderer is what it uses.
 */
export function warmSharePage(renderer: Renderer, diagram: Diagram): void {
  if (!renderer.available) return;
  for (const theme of ['light', 'dark'] as const) {
    const image = previewDrawing(diagram.content, theme);
    const caller = { key: `user:${diagram.userId}`, scope: 'public' };
    if (renderer.isCached(image, caller)) continue;
    renderer.render(image, caller).catch(() => undefined);
  }
}

export function shareEmbedRoutes(
  app: FastifyInstance,
  db: Db,
  options: { renderer: Renderer; lookupLimit: onRequestHookHandler },
): void {
  const diagrams = diagramsStore(db);
  for (const format of formatsOn('embed')) {
    app.get<{ Params: { token: string }; Querystring: unknown }>(
      `/d/:token.${outputFormat(format).extension}`,
      { onRequest: options.lookupLimit },
      async (request, reply) => {
        const parsed = query.safeParse(request.query);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid query');
        const { token } = request.params;
        const diagram = SHARE_TOKEN.test(token) ? await diagrams.findPublic(token) : null;
        if (!diagram) throw notFound(DIAGRAM_NOT_FOUND);
        return sendImage(
          request,
          reply,
          options.renderer,
          imageOf(diagram.content, format, parsed.data.theme),
          // Anonymous: pages are shared fairly per client address; public images share a cache.
          { key: `ip:${request.ip}`, scope: 'public' },
          // Short: making the diagram private must take effect soon for caches too.
          'public, max-age=60, must-revalidate',
        );
      },
    );
  }
}
