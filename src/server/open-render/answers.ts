import {
  formatsOn,
  isOneOf,
  listOf,
  mediaTypesOf,
  OUTPUT_FORMATS,
  TEXT_FORMATS,
  type OutputFormatId,
} from '../../shared/output-formats.js';
import { RENDERED_IMAGE_HEADERS } from '../chromium-render/send-image.js';

const binary = { type: 'string', format: 'binary' } as const;

/**
 * An answer's `content` in the OpenAPI document: each media type of `formats`, an image as
 * binary, the text drawing as a string `text` describes.
 */
export function answerContent(
  formats: readonly OutputFormatId[],
  text: string,
): Record<string, { schema: Record<string, string> }> {
  const textTypes = new Set(mediaTypesOf(TEXT_FORMATS));
  return Object.fromEntries(
    mediaTypesOf(formats).map((type) => [
      type,
      { schema: textTypes.has(type) ? { type: 'string', description: text } : binary },
    ]),
  );
}

/** Everything Kroki or mermaid.ink answers, in the table's order. */
const OPEN_FORMATS = OUTPUT_FORMATS.map((format) => format.id).filter(
  (id) => isOneOf(formatsOn('kroki'), id) || isOneOf(formatsOn('ink'), id),
);
const KROKI_TEXT = formatsOn('kroki').filter((id) => isOneOf(TEXT_FORMATS, id));

/** The answers of every open render route, for the OpenAPI document (images are not JSON). */
export const OPEN_RENDER_ANSWERS = {
  200: {
    description: 'The image (or the text drawing), with a strong ETag.',
    headers: RENDERED_IMAGE_HEADERS,
    content: answerContent(OPEN_FORMATS, `Kroki ${listOf(KROKI_TEXT, '`')}: the text drawing.`),
  },
  304: { description: 'Not modified: If-None-Match named this image’s ETag.' },
  400: { description: 'Bad encoding, option or diagram text: a plain-text message.' },
  413: { description: 'Text output: the diagram is too large to draw as text.' },
  422: { description: 'Text output: the drawing took too long.' },
  404: { description: 'The open render endpoints are turned off on this server.' },
  429: { description: 'Too many calls from this address; see Retry-After.' },
  503: { description: 'The renderer is busy; see Retry-After.' },
};
