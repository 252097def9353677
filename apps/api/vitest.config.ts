import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is CPU-heavy (WASM); two files at a time suits the 2-core machines.
    maxWorkers: 2,
  },
});
