import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { chunkMapPlugin } from './scripts/chunk-map-plugin.ts';
import { compileHintsPlugin } from './scripts/compile-hints-plugin.ts';

const apiTarget = process.env.LIFELINE_API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), chunkMapPlugin(), compileHintsPlugin()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src/client', import.meta.url)),
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 4000,
    // The benchmark build keeps the shipped (minified) code and adds source maps: bench:typing
    // maps the trace's stack samples back to modules to say where a key's time goes.
    sourcemap: mode === 'bench',
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        frame: fileURLToPath(new URL('./frame.html', import.meta.url)),
      },
      // The benchmark build keeps functions' names (still minified otherwise), so bench:typing
      // can name the React components that render on a key.
      output: { keepNames: mode === 'bench' },
    },
  },
  server: {
    port: 5173,
    // The render frame has an opaque origin ("null"), so its module scripts are CORS requests.
    cors: { origin: '*' },
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/healthz': apiTarget,
    },
  },
}));
