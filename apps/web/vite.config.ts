import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/** Server paths the dev server forwards to the API (same origin in production). */
const proxiedPaths = ['/client/', '/api/', '/bot/', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: {
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? Date.now().toString(36)),
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxiedPaths.map((path) => [path, { target: apiTarget }])),
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one entry chunk (index-*.js); routes stay lazy.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
});
