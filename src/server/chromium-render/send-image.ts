/**
 * Answers a rendered image: ETag (304 when the client already has it), the SVG no-script CSP,
 * nosniff, whether it came from the caller's own cache, whether it was drawn only with comment
 * lines removed, and Retry-After when the renderer is busy. Used by the public API and share
 * embeds.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RendererBusyError } from './page-pool.js';
import type { RenderCaller, RenderRequest, Renderer } from './renderer.js';

/**
 * Set on an image drawn only after its `%%` comment lines were removed (mermaid failed on the text
 * as written; the preview shows the same drawing).
 */
export const RENDER_FALLBACK_HEADER = 'X-Render-Fallback';
export const RENDER_FALLBACK_COMMENTS_REMOVED = 'comments-removed';

/** The headers of an image answer, as the OpenAPI document describes them. */
export const RENDERED_IMAGE_HEADERS = {
  ETag: {
    description: 'Changes with the text, the options and the mermaid release.',
    schema: { type: 'string' },
  },
  'X-Render-Cache': {
    description: "`hit` when the image came from the caller's own cache, else `miss`.",
    schema: { type: 'string', enum: ['hit', 'miss'] },
  },
  [RENDER_FALLBACK_HEADER]: {
    description:
      'Present, as `comments-removed`, when mermaid failed on the text as written and the image is drawn with its `%%` comment lines removed (the Lifeline preview shows the same drawing).',
    schema: { type: 'string', enum: [RENDER_FALLBACK_COMMENTS_REMOVED] },
  },
};

/** An SVG opened directly may not run script or load anything. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

export async function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  renderer: Renderer,
  image: RenderRequest,
  caller: RenderCaller,
  cacheControl: string,
): Promise<FastifyReply> {
  const etag = renderer.etagOf(image);
  reply.header('Cache-Control', cacheControl);
  if (matches(request.headers['if-none-match'], etag)) {
    return reply.status(304).header('ETag', etag).send();
  }
  try {
    // Only ever about the caller's own cache scope, so it tells nothing about other users.
    const cache = renderer.isCached(image, caller) ? 'hit' : 'miss';
    const drawn = await renderer.render(image, caller);
    if (image.format === 'svg') reply.header('Content-Security-Policy', SVG_CSP);
    if (drawn.fallback) reply.header(RENDER_FALLBACK_HEADER, RENDER_FALLBACK_COMMENTS_REMOVED);
    return (
      reply
        .header('ETag', drawn.etag)
        .header('X-Render-Cache', cache)
        .header('X-Content-Type-Options', 'nosniff')
        // Images are meant to be embedded anywhere (a README, a wiki).
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .type(drawn.contentType)
        .send(drawn.body)
    );
  } catch (error) {
    if (error instanceof RendererBusyError) {
      reply.header('Retry-After', String(error.retryAfterSeconds));
    }
    throw error;
  }
}
