/**
 * Bundles the server's warm-page script (src/shared/mermaid-drawing/warm-page.ts, drawing with the same
 * module as the preview) into dist/render-page/render.js, one classic script the page loads after
 * mermaid. Part of `npm run build`; tests build it before they run (vitest globalSetup).
 */
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export const RENDER_PAGE_OUT_DIR = fileURLToPath(new URL('./dist/render-page', import.meta.url));

export default defineConfig({
  logLevel: 'warn',
  build: {
    outDir: RENDER_PAGE_OUT_DIR,
    emptyOutDir: true,
    minify: false,
    copyPublicDir: false,
    lib: {
      entry: fileURLToPath(new URL('./src/shared/mermaid-drawing/warm-page.ts', import.meta.url)),
      formats: ['iife'],
      name: 'lifelineRenderPage',
      fileName: () => 'render.js',
    },
  },
});
