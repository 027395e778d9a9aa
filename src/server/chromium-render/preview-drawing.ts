/**
 * A diagram drawn as the app's preview draws it: the preview's theme for the page's light or dark
 * mode, the drawing's own size, no background of its own. The template chooser and the shared
 * page's first drawing both answer it.
 */
import { previewThemeFor } from '../../shared/mermaid-config.js';
import { z } from '../../shared/zod.js';
import type { RenderRequest } from './renderer.js';

/** `?theme=` of a route that answers a preview drawing. */
export const previewTheme = z.enum(['light', 'dark'], {
  error: "theme must be 'light' or 'dark'",
});

export function previewDrawing(content: string, theme: 'light' | 'dark'): RenderRequest {
  return {
    content,
    format: 'svg',
    width: null,
    height: null,
    theme: previewThemeFor(theme),
    background: 'transparent',
  };
}
