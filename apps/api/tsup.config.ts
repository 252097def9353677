import { existsSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * Production bundle: `dist/server.js` (and `dist/seed-cli.js`) as ESM for Node 24. Workspace
 * packages (`@vetted/*`, shipped as TypeScript sources) are bundled in; npm dependencies of this
 * package stay external and load from node_modules. Migrations are read from `../drizzle` at
 * runtime (src/db/client.ts `migrationsFolder()`).
 */
export default defineConfig({
  entry: {
    server: 'src/server.ts',
    ...(existsSync('src/db/seed-cli.ts') ? { 'seed-cli': 'src/db/seed-cli.ts' } : {}),
  },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  splitting: true,
  sourcemap: true,
  clean: true,
  dts: false,
  noExternal: [/^@vetted\//],
});
