/**
 * Headers for every HTML page of the app. The CSP allows scripts only from this origin (no
 * inline script, no third-party origins); styles may be inline (mermaid and Radix set them);
 * images may be data:/blob: (export) or https: (avatars from the sign-in provider).
 */
import type { FastifyReply } from 'fastify';

export const APP_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export function withPageSecurity(reply: FastifyReply): FastifyReply {
  return reply
    .header('Content-Security-Policy', APP_PAGE_CSP)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'strict-origin-when-cross-origin');
}
