import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Node by default; the document.cookie jar test opts into happy-dom per file.
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
