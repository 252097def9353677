import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const API = process.env.VETTED_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // `.br` and `.gz` next to each text asset, compressed once at the highest levels: the API's
  // static plugin (apps/api/src/platform/spa.ts, `preCompressed`) sends them instead of
  // compressing every response again.
  plugins: [react(), tailwindcss(), compression()],
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
  },
});
