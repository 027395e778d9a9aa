/**
 * Vitest global setup: builds the warm render pages' script from the shared render module, so a
 * test of the server renderer always runs the current source (about a second), unless the test
 * command has just built the whole app (LIFELINE_BUILT=1).
 */
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

export default async function buildRenderPage(): Promise<void> {
  // The test command built it from this tree just before.
  if (process.env.LIFELINE_BUILT === '1') return;
  await build({
    configFile: fileURLToPath(new URL('../vite.render-page.config.ts', import.meta.url)),
  });
}
