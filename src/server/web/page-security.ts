/**
 * The security headers of every answer, set once by @fastify/helmet (the one source of the
 * Content-Security-Policy). The CSP allows scripts only from this origin (no inline script, no
 * third-party origins); styles may be inline (mermaid and Radix set them); images may be
 * data:/blob: (export) or https: (avatars from the sign-in provider); diagrams never draw in this
 * page but in the render frame, whose FRAME_CSP allows no network. Rendered SVG and the API
 * reference page answer their own stricter CSP instead (see send-image.ts, docs-page.ts).
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';

export const APP_PAGE_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** The policy as a header value (what helmet sends), for tests and documentation. */
export const APP_PAGE_CSP = Object.entries(APP_PAGE_CSP_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

export const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: APP_PAGE_CSP_DIRECTIVES },
  // Cross-origin isolation would stop the sandboxed preview frame (an opaque origin) loading
  // the client's scripts; they are CORS requests and carry their own CORP (see static.ts).
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * The render frame (frame.html, sandboxed with allow-scripts only) runs diagram text through
 * mermaid: it may load this site's scripts and styles, and show images and fonts only from
 * data:/blob: URLs, so a diagram (an `<img>` in a label, `url(…)` in themeCSS) can make no
 * viewer's browser contact another host. It submits nothing and is framed only by Lifeline.
 */
export const FRAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');
