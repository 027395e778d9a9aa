/**
 * Answers a rendered image: ETag (304 when the client already has it), the SVG no-script CSP,
 * nosniff, whether it came from the caller's own cache, and Retry-After when the renderer is
 * busy. Used by the public API and share embeds.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RendererBusyError } from './page-pool.js';
import type { RenderCaller, RenderRequest, Renderer } from './renderer.js';

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
