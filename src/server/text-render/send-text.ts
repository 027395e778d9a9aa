/**
 * Answers a text drawing as `text/plain; charset=utf-8`, with an ETag of the diagram text and
 * format (304 when the client already has it).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentTypeOf } from '../../shared/output-formats.js';
import { renderText, type TextFormat } from './render-text.js';

/** Part of every ETag: raise it when the drawings change, so cached answers are drawn anew. */
const DRAWING_REVISION = '1';

/** The ETag of a text drawing: the diagram text, the format and the drawings' revision. */
export function textEtag(source: string, format: TextFormat): string {
  const digest = createHash('sha256')
    .update(DRAWING_REVISION)
    .update(format)
    .update('\0')
    .update(source);
  return `"text-${digest.digest('base64url').slice(0, 32)}"`;
}

/** A text drawing as an answer's body: the drawing and a final line break. */
export async function textBody(source: string, format: TextFormat): Promise<Buffer> {
  return Buffer.from(`${await renderText(source, format)}\n`);
}

export async function sendText(
  request: FastifyRequest,
  reply: FastifyReply,
  source: string,
  format: TextFormat,
  cacheControl: string,
): Promise<FastifyReply> {
  const etag = textEtag(source, format);
  reply.header('Cache-Control', cacheControl).header('ETag', etag);
  const known = request.headers['if-none-match'];
  if (known?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  const body = await textBody(source, format);
  return reply.header('X-Content-Type-Options', 'nosniff').type(contentTypeOf(format)).send(body);
}
