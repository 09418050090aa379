import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/** Server paths the dev server forwards to the API (same origin in production). */
const proxiedPaths = ['/client/', '/api/', '/bot/', '/healthz', '/readyz'];

const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build over 1 KB,
 * so the server sends them as they are (the server's static files are served precompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'charla:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile() && compressible.test(f.name))
        .map((f) => path.join(f.parentPath, f.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
            promisify(gzip)(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
