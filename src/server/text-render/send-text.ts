/**
 * Answers a text drawing as `text/plain; charset=utf-8`, with an ETag of the diagram text and
 * format (304 when the client already has it).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderText, type TextFormat } from './render-text.js';

export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
/** Part of every ETag: raise it when the drawings change, so cached answers are drawn anew. */
const DRAWING_REVISION = '1';

export async function sendText(
  request: FastifyRequest,
  reply: FastifyReply,
  source: string,
  format: TextFormat,
  cacheControl: string,
): Promise<FastifyReply> {
  const digest = createHash('sha256')
    .update(DRAWING_REVISION)
    .update(format)
    .update('\0')
    .update(source);
  const etag = `"text-${digest.digest('base64url').slice(0, 32)}"`;
  reply.header('Cache-Control', cacheControl).header('ETag', etag);
  const known = request.headers['if-none-match'];
  if (known?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  const text = await renderText(source, format);
  return reply
    .header('X-Content-Type-Options', 'nosniff')
    .type(TEXT_CONTENT_TYPE)
    .send(`${text}\n`);
}
