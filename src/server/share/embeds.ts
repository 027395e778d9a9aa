/**
 * /d/{token}.png and /d/{token}.svg: a public diagram drawn by the server renderer, for link
 * previews and for embedding with a plain image tag. Cached by an ETag derived from the content.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { API_DEFAULTS } from '../../shared/constants.js';
import type { Db } from '../db/client.js';
import { DIAGRAM_NOT_FOUND } from '../diagrams/replies.js';
import { diagramsStore } from '../diagrams/store.js';
import { notFound } from '../errors.js';
import type { Renderer } from '../render/renderer.js';
import { sendImage } from '../render/send-image.js';
import { SHARE_TOKEN } from './routes.js';

export function shareEmbedRoutes(
  app: FastifyInstance,
  db: Db,
  options: { renderer: Renderer; lookupLimit: onRequestHookHandler },
): void {
  const diagrams = diagramsStore(db);
  for (const format of ['png', 'svg'] as const) {
    app.get<{ Params: { token: string } }>(
      `/d/:token.${format}`,
      { onRequest: options.lookupLimit },
      async (request, reply) => {
        const { token } = request.params;
        const diagram = SHARE_TOKEN.test(token) ? await diagrams.findPublic(token) : null;
        if (!diagram) throw notFound(DIAGRAM_NOT_FOUND);
        return sendImage(
          request,
          reply,
          options.renderer,
          {
            content: diagram.content,
            format,
            width: API_DEFAULTS.width,
            height: API_DEFAULTS.height,
            theme: 'neutral',
            background: 'white',
          },
          // Anonymous: pages are shared fairly per client address; public images share a cache.
          { key: `ip:${request.ip}`, scope: 'public' },
          // Short: making the diagram private must take effect soon for caches too.
          'public, max-age=60, must-revalidate',
        );
      },
    );
  }
}
