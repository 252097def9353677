import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const API = process.env.VETTED_API_URL ?? 'http://localhost:3000';

/*
 * package.json's `sideEffects` lists the only modules run for what they do rather than what they
 * export (the stylesheets, the two entries): a page importing one hook from a feature's index
 * then no longer loads and runs the rest of that feature (on `/search`, the account, quote and
 * order screens and every contract schema behind the endpoint table: ~100 ms of script on a
 * mid-range phone before the results could hydrate).
 *
 * The first load is one JS file (issue "bytes for /"): every module the entry imports statically
 * (rolldown's `$initial` tag: react-dom, the router, SWR, the API client, the public layout and
 * the home) goes into a single `app` chunk, instead of the ~25 small shared chunks automatic
 * splitting makes of modules the lazy pages also import. Each request costs its headers and its
 * own compression window; the lazy pages import what they share from this chunk, which is
 * already loaded. Everything else stays split per route (app/routes.tsx).
 */
const FIRST_LOAD_SPLITTING = {
  groups: [
    { name: 'app', tags: ['$initial' as const] },
    // The home's category icons load after its first paint (features/storefront/home-sections.tsx),
    // as one request: the icon map with the lucide icons it names (a group takes its modules'
    // dependencies too), not one chunk per icon some lazy page also uses.
    { name: 'category-icon', test: /[\\/]components[\\/]category-icon\.tsx$/ },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  // `.br` and `.gz` next to each text asset, compressed once at the highest levels: the API's
  // static plugin (apps/api/src/platform/spa.ts, `preCompressed`) sends them instead of
  // compressing every response again. Not for the server bundle (dist/server).
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [compression()])],
  // The prerender's server bundle (`vite build --ssr src/entry-server.tsx`, see
  // scripts/prerender.mjs) carries its dependencies: @vetted/ui's own (radix-ui, sonner, …) are
  // not resolvable from apps/web, and nothing has to be installed where it runs.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: API, changeOrigin: true, ws: true },
      '/media': { target: API, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/v1': { target: API, changeOrigin: true, ws: true },
      '/media': { target: API, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // public/ belongs to the client build only.
    copyPublicDir: !isSsrBuild,
    // Every es2022 browser but Safari < 17 supports `<link rel="modulepreload">`; there, chunks
    // still load, just without the early fetch, so the polyfill's bytes stay out of the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: FIRST_LOAD_SPLITTING } },
  },
}));
