import { defineConfig } from 'vitest/config';

/**
 * The reliability suites (load, faults, shutdown): real server processes, so one file at a time
 * and long limits. `npm run test:reliability`; `npm run test:soak` runs them at full length.
 */
export default defineConfig({
  test: {
    include: ['reliability/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
