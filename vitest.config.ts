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
    // A guard against a hung test, never a measure of speed: a test of 101 saves took over 30 s
    // with the machine's load average at 15, and CI must not fail because the machine is busy.
    testTimeout: 120_000,
    hookTimeout: 60000,
    // PGlite instances are memory-hungry; two workers match the machine's two cores.
    maxWorkers: 2,
  },
});
