/**
 * /d/{token}: the app shell with Open Graph and Twitter card tags, so a shared link unfurls in
 * chat apps with the diagram's title, a description and (when the renderer is available) the
 * drawing. The client then shows the diagram itself.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { describeDiagram, diagramDescription } from '../../shared/describe-diagram.js';
import type { Db } from '../db/client.js';
import { diagramsStore } from '../diagrams/store.js';
import { syncSignedInHint } from '../auth/session-cookie.js';
import { withHeadTags, type HeadTags } from '../web/app-shell.js';
import { SHARE_TOKEN } from './token.js';

export interface SharePageOptions {
  shell: string;
  /** Where links point: PUBLIC_URL, else the address the server was started for. */
  siteOrigin: string;
  /** The look-up limit per client address, shared with the other public-link routes. */
  lookupLimit: onRequestHookHandler;
  /** Whether /d/{token}.png can be drawn (a renderer is available). */
  hasImages: () => boolean;
  /** For the signed-in hint cookie's Secure flag (auth/session-cookie.ts). */
  publicUrl: string | null;
}

export function sharePageRoutes(app: FastifyInstance, db: Db, options: SharePageOptions): void {
  const diagrams = diagramsStore(db);

  app.get<{ Params: { token: string } }>(
    '/d/:token',
    { onRequest: options.lookupLimit },
    async (request, reply) => {
      const { token } = request.params;
      const diagram = SHARE_TOKEN.test(token) ? await diagrams.findPublic(token) : null;
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      syncSignedInHint(request, reply, options.publicUrl);
      if (!diagram) {
        return reply.status(404).send(
          withHeadTags(options.shell, {
            title: 'Diagram not found · Lifeline',
            meta: [{ name: 'robots', content: 'noindex' }],
          }),
        );
      }
      // Never the request's Host: a forged one would put another site in the link preview.
      const url = `${options.siteOrigin}/d/${token}`;
      // The author's own words first: `accDescr` says what the drawing shows (issue 46).
      const summary = describeDiagram(diagram.content);
      const { accDescr } = diagramDescription(diagram.content);
      const said = accDescr ? `${accDescr.slice(0, 300)} (${summary})` : summary;
      const description = `${said}, shared with Lifeline.`;
      const image = options.hasImages() ? `${url}.png` : null;
      const tags: HeadTags = {
        title: `${diagram.title} · Lifeline`,
        meta: [
          { name: 'description', content: description },
          { property: 'og:type', content: 'website' },
          { property: 'og:site_name', content: 'Lifeline' },
          { property: 'og:title', content: diagram.title },
          { property: 'og:description', content: description },
          { property: 'og:url', content: url },
          ...(image
            ? [
                { property: 'og:image', content: image },
                { property: 'og:image:width', content: '1200' },
                { property: 'og:image:height', content: '630' },
                {
                  property: 'og:image:alt',
                  content: `${diagram.title}: ${said}`,
                },
              ]
            : []),
          { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
          { name: 'twitter:title', content: diagram.title },
          { name: 'twitter:description', content: description },
          ...(image ? [{ name: 'twitter:image', content: image }] : []),
          { name: 'robots', content: 'noindex' },
        ],
      };
      return reply.send(withHeadTags(options.shell, tags));
    },
  );
}
