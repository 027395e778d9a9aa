import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'lifeline_session';

/**
 * Secure whenever users reach us over HTTPS: the request came over HTTPS (directly, or through a
 * trusted proxy's X-Forwarded-Proto), or the configured public address is https.
 */
export function isHttps(request: FastifyRequest, publicUrl: string | null): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https:') ?? false);
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | null,
  session: { id: string; expiresAt: Date },
): void {
  reply.setCookie(SESSION_COOKIE, session.id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request, publicUrl),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | null,
): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request, publicUrl),
  });
}
