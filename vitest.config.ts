import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src/client', import.meta.url)),
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // The server renderer's pages load the shared render module, bundled from source; every
    // suite's PGlite starts from one migrated database dumped once.
    globalSetup: ['test/build-render-page.ts', 'test/support/pglite-seed.ts'],
    // A request or live frame that holds an event loop past 500 ms fails the test it ran in.
    setupFiles: ['test/support/stall-watch-setup.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    // PGlite instances are memory-hungry; two workers match the machine's two cores.
    maxWorkers: 2,
  },
});
