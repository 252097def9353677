import { existsSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * Production bundle: `dist/server.js` (and `dist/seed-cli.js`, `dist/migrate-cli.js`,
 * `dist/storage-migrate.js`) as ESM for Node 24. Workspace packages (`@vetted/*`, shipped as
 * TypeScript sources) are bundled in, and so is drizzle-orm; the other npm dependencies stay
 * external and load from node_modules.
 * Migrations are read from `../drizzle` at runtime (src/db/client.ts `migrationsFolder()`).
 *
 * drizzle-orm is bundled because Node's ESM loader is slow and memory-hungry on its hundreds of
 * small modules re-exported through `export *` chains: measured on Node 24.21, importing
 * `drizzle-orm` + `drizzle-orm/pg-core` took ~830 ms and left the V8 heap at ~240 MB reserved
 * (~150 MB used at the peak), against ~130 ms and ~17 MB through CommonJS. Bundled, the server
 * starts ~0.8 s sooner and settles ~130 MB lower ("start-up").
 *
 * The seed's drawing libraries (DiceBear, lucide, pdf-lib) are dev dependencies bundled into the
 * seed's own chunk, which the server loads only when it seeds (`seedDatabase` imports them
 * dynamically): the deployed folder (`pnpm deploy --prod`) does not install them, and a server
 * started with `SEED_ON_START=false` never loads them.
 */
export default defineConfig({
  entry: {
    server: 'src/server.ts',
    ...(existsSync('src/db/seed-cli.ts') ? { 'seed-cli': 'src/db/seed-cli.ts' } : {}),
    // `node dist/migrate-cli.js`: `db:migrate` where only the built files ship.
    'migrate-cli': 'src/db/migrate-cli.ts',
    // `node dist/storage-migrate.js`: `storage:migrate` where only the built files ship.
    'storage-migrate': 'src/storage-migrate.ts',
  },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  splitting: true,
  sourcemap: true,
  clean: true,
  dts: false,
  noExternal: [/^@vetted\//, /^drizzle-orm(\/|$)/, /^@dicebear\//, /^lucide$/, /^pdf-lib$/],
});
