import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is CPU-heavy (WASM); two files at a time suits the 2-core machines.
    maxWorkers: 2,
    // Each file builds its own app on its own database (test/helpers.ts), and the app keeps no
    // state in modules, so a worker loads the module graph once instead of once per file.
    // Measured on PostgreSQL, 39 files, load ~20 on 2 cores: 615 s isolated, 448 s not
    // (module import time 368 s → 39 s). More workers was slower (4: 751 s).
    isolate: false,
  },
});
