import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'lifeline_session';

/** Secure whenever the request reached us over HTTPS (directly or through a trusted proxy). */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  expiresAt: Date,
): void {
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
  });
}
