/** Answers a text drawing as `text/plain; charset=utf-8` with an ETag of the text and format. */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { renderText, type TextFormat } from './render-text.js';

export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

export async function sendText(
  reply: FastifyReply,
  source: string,
  format: TextFormat,
  cacheControl: string,
): Promise<FastifyReply> {
  const text = await renderText(source, format);
  const etag = `"${createHash('sha256').update(format).update('\0').update(source).digest('base64url').slice(0, 32)}"`;
  return reply
    .header('Cache-Control', cacheControl)
    .header('ETag', etag)
    .header('X-Content-Type-Options', 'nosniff')
    .type(TEXT_CONTENT_TYPE)
    .send(`${text}\n`);
}
