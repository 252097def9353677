import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = process.env.VETTED_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
