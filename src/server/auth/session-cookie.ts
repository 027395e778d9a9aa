import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_COOKIE } from '../../shared/constants.js';
import { SESSION_TTL_MS } from './sessions-store.js';

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
  setSignedInHint(request, reply, publicUrl, session.expiresAt);
}

function setSignedInHint(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | null,
  expires: Date,
): void {
  reply.setCookie(SIGNED_IN_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: isHttps(request, publicUrl),
    expires,
  });
}

function clearSignedInHint(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | null,
): void {
  reply.clearCookie(SIGNED_IN_COOKIE, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: isHttps(request, publicUrl),
  });
}

/**
 * Called by every page the app's script runs on: the signed-in hint follows the session cookie
 * the browser sent (a session made before the hint existed gets one; a stray hint is cleared).
 * Whether the session is still valid is /api/user's answer, asked only when the hint is there.
 */
export function syncSignedInHint(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | null,
): void {
  const hasSession = Boolean(request.cookies[SESSION_COOKIE]);
  const hasHint = Boolean(request.cookies[SIGNED_IN_COOKIE]);
  if (hasSession && !hasHint) {
    setSignedInHint(request, reply, publicUrl, new Date(Date.now() + SESSION_TTL_MS));
  } else if (!hasSession && hasHint) {
    clearSignedInHint(request, reply, publicUrl);
  }
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
  clearSignedInHint(request, reply, publicUrl);
}
