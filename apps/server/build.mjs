// Bundles the server and the shared package into dist/main.js, and the embedded database's thread
// into dist/embedded-worker.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', 'embedded-worker': 'src/db/embedded-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@charla/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
