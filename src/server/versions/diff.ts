/**
 * The diff of two versions of a diagram, for History (/api/diagrams/{id}/diff) and the public API
 * (/api/v1/diagrams/{id}/diff): both versions read with the caller's access, compared by the
 * shared diagram diff (in a worker thread: diff-thread.ts), and drawn with the changes marked by
 * the server renderer.
 */
import type { VersionDiffQuery, VersionDiffReply } from '../../shared/diagram-diff/schema.js';
import { exceedsTextLimit, previewThemeFor } from '../../shared/mermaid-config.js';
import { PREVIEW_TEXT } from '../../shared/messages.js';
import type { Version } from '../../shared/versions.js';
import type { Db } from '../db/client.js';
import type { Actor } from '../diagrams/access.js';
import { DIAGRAM_NOT_FOUND } from '../diagrams/replies.js';
import { AppError, notFound } from '../errors.js';
import type { FastifyReply } from 'fastify';
import { RendererBusyError } from '../chromium-render/page-pool.js';
import { compareInWorker, drawingInWorker } from './diff-thread.js';
import type {
  RenderCaller,
  RenderRequest,
  RenderResult,
  Renderer,
} from '../chromium-render/renderer.js';
import { SVG_CSP } from '../chromium-render/send-image.js';
import { versionsStore } from './store.js';

export const VERSION_NOT_FOUND = 'Version not found';

export interface VersionPair {
  from: Version;
  to: Version;
}

export function versionDiffs(db: Db, renderer: Renderer) {
  const versions = versionsStore(db);

  /** Both versions, or a 404 when the caller cannot see the diagram or it has no such version. */
  async function pair(actor: Actor, diagramId: number, query: VersionDiffQuery) {
    const from = await versions.get(actor, diagramId, query.from);
    if (from === 'no-diagram') throw notFound(DIAGRAM_NOT_FOUND);
    const to = await versions.get(actor, diagramId, query.to);
    if (from === 'no-version' || to === 'no-version') throw notFound(VERSION_NOT_FOUND);
    if (to === 'no-diagram') throw notFound(DIAGRAM_NOT_FOUND);
    // A stored text may be longer than a drawing's limit; comparing it would hold the server.
    if (exceedsTextLimit(from.content) || exceedsTextLimit(to.content)) {
      throw new AppError(413, PREVIEW_TEXT.maxTextExceeded);
    }
    return { from, to };
  }

  return {
    pair,

    async reply(diagramId: number, { from, to }: VersionPair): Promise<VersionDiffReply> {
      return {
        diagramId,
        from: from.id,
        to: to.id,
        diff: await compareInWorker(from.content, to.content),
      };
    },

    /**
     * The `to` version drawn with its changes marked and the removed elements of `from` put back
     * and ghosted. When that merged text cannot be drawn (or is over the size limit), the `to`
     * text alone is drawn with what it holds marked.
     */
    /** Answers the marked drawing as an SVG image that may not run script or load anything. */
    async send(
      reply: FastifyReply,
      versions: VersionPair,
      theme: VersionDiffQuery['theme'],
      caller: RenderCaller,
    ): Promise<FastifyReply> {
      try {
        const drawn = await this.draw(versions, theme, caller);
        return reply
          .header('Cache-Control', 'private, no-cache')
          .header('Content-Security-Policy', SVG_CSP)
          .header('X-Content-Type-Options', 'nosniff')
          .header('ETag', drawn.etag)
          .type(drawn.contentType)
          .send(drawn.body);
      } catch (error) {
        if (error instanceof RendererBusyError) {
          reply.header('Retry-After', String(error.retryAfterSeconds));
        }
        throw error;
      }
    },

    async draw(
      { from, to }: VersionPair,
      theme: VersionDiffQuery['theme'],
      caller: RenderCaller,
    ): Promise<RenderResult> {
      const request = (drawing: {
        text: string;
        marks: RenderRequest['marks'];
      }): RenderRequest => ({
        content: drawing.text,
        format: 'svg',
        width: null,
        height: null,
        theme: previewThemeFor(theme),
        background: 'transparent',
        marks: drawing.marks,
      });
      const merged = await drawingInWorker(from.content, to.content, true);
      try {
        return await renderer.render(request(merged), caller);
      } catch (error) {
        if (
          !(error instanceof AppError) ||
          error.statusCode !== 400 ||
          merged.text === to.content
        ) {
          throw error;
        }
        return renderer.render(
          request(await drawingInWorker(from.content, to.content, false)),
          caller,
        );
      }
    },
  };
}
