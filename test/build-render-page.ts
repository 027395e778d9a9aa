/**
 * Vitest global setup: builds the warm render pages' script from the shared render module, so a
 * test of the server renderer always runs the current source (about a second).
 */
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

export default async function buildRenderPage(): Promise<void> {
  await build({
    configFile: fileURLToPath(new URL('../vite.render-page.config.ts', import.meta.url)),
  });
}
