import { RENDERED_IMAGE_HEADERS } from '../render/send-image.js';

/** The answers of every open render route, for the OpenAPI document (images are not JSON). */
export const OPEN_RENDER_ANSWERS = {
  200: {
    description: 'The image (or the text drawing), with a strong ETag.',
    headers: RENDERED_IMAGE_HEADERS,
    content: {
      'image/svg+xml': { schema: { type: 'string', format: 'binary' } },
      'image/png': { schema: { type: 'string', format: 'binary' } },
      'image/jpeg': { schema: { type: 'string', format: 'binary' } },
      'image/webp': { schema: { type: 'string', format: 'binary' } },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'text/plain': {
        schema: { type: 'string', description: 'Kroki `txt` or `ascii`: the text drawing.' },
      },
    },
  },
  304: { description: 'Not modified: If-None-Match named this image’s ETag.' },
  400: { description: 'Bad encoding, option or diagram text: a plain-text message.' },
  413: { description: 'Text output: the diagram is too large to draw as text.' },
  422: { description: 'Text output: the drawing took too long.' },
  404: { description: 'The open render endpoints are turned off on this server.' },
  429: { description: 'Too many calls from this address; see Retry-After.' },
  503: { description: 'The renderer is busy; see Retry-After.' },
};
