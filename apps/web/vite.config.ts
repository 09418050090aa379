import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { landingLocalesGlobal, landingReadsGlobal, landingRenewalGlobal, landingRoutes, preloadLanding, signedInReads, type LandingBoot } from './src/lib/landing-preload.ts';
import { refreshTokenPath } from './src/lib/api-client.ts';
import { defaultLocale, isLocale, localeBundlePath, namespaces, supportedLocales } from './src/lib/locales.ts';
import { cookieNames, storageKeys } from './src/lib/storage-keys.ts';
import { portalHeaderName } from './src/lib/tenant.ts';

const buildId = process.env.BUILD_ID ?? Date.now().toString(36);

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

/** A language's namespaces (public/locales/<lng>/<ns>.json) as one JSON text. */
async function localeBundle(publicDir: string, lng: string): Promise<string> {
  const entries = await Promise.all(namespaces.map(async (ns) => [ns, JSON.parse(await readFile(path.join(publicDir, 'locales', lng, `${ns}.json`), 'utf8')) as unknown] as const));
  return JSON.stringify(Object.fromEntries(entries));
}

/**
 * Each language's words in one file, `/locales/<lng>.json` (see lib/locales.ts): written by the
 * build, answered by the dev server from the namespace files as they are now.
 */
function localeBundles(): Plugin {
  let publicDir = 'public';
  return {
    name: 'charla:locale-bundles',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const lng = /^\/locales\/([a-z]{2})\.json(?:\?|$)/.exec(req.url ?? '')?.[1];
        if (!isLocale(lng)) return next();
        localeBundle(publicDir, lng).then(
          (text) => {
            res.setHeader('content-type', 'application/json; charset=utf-8');
            res.end(text);
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      for (const lng of supportedLocales) this.emitFile({ type: 'asset', fileName: `locales/${lng}.json`, source: await localeBundle(publicDir, lng) });
    },
  };
}

/** The chunk a source file became, and every chunk and stylesheet it imports statically. */
function chunkFiles(bundle: Rollup.OutputBundle, root: string, source: string, skip: Set<string>): string[] {
  const id = path.resolve(root, source);
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const start = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
  if (!start) throw new Error(`landing preload: no chunk holds ${source}`);
  const files: string[] = [];
  const visit = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || skip.has(chunk.fileName)) return;
    skip.add(chunk.fileName);
    files.push(chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? []));
    for (const file of chunk.imports) visit(chunks.find((c) => c.fileName === file));
  };
  visit(start);
  return files;
}

/**
 * Adds to index.html a small inline script that, from the path and the stored session, starts
 * downloading the landing page's chunks (modulepreload) and locale files beside the entry, so
 * the first screen does not wait on a chain of requests (see src/lib/landing-preload.ts).
 */
function landingPreload(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'charla:landing-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return;
        const entry = new Set<string>();
        const markEntry = (fileName: string) => {
          if (entry.has(fileName)) return;
          entry.add(fileName);
          const found = bundle[fileName];
          if (found?.type === 'chunk') found.imports.forEach(markEntry);
        };
        markEntry(chunk.fileName);
        const boot: LandingBoot = {
          routes: landingRoutes.map((route) => ({
            path: route.path,
            signedIn: route.signedIn,
            search: route.search,
            notSearch: route.notSearch,
            reads: route.reads,
            files: [...new Set(route.modules.flatMap((source) => chunkFiles(bundle, root, source, new Set(entry))))].map((file) => base + file),
          })),
          userIdKey: storageKeys.userId,
          emailKey: storageKeys.email,
          localeKey: storageKeys.locale,
          locales: supportedLocales,
          defaultLocale,
          localesGlobal: landingLocalesGlobal,
          localePath: localeBundlePath('{lng}', buildId),
          reads: signedInReads,
          readsGlobal: landingReadsGlobal,
          portalHeader: portalHeaderName,
          tenantCookie: cookieNames.tenant,
          userCookie: cookieNames.user,
          sessionCookie: cookieNames.sessionExpires,
          refreshPath: refreshTokenPath,
          renewalGlobal: landingRenewalGlobal,
        };
        // Right after the title, before the stylesheet: an inline script after a stylesheet waits for it, and the page's files would start a round trip later.
        const script = `<script>(${preloadLanding.toString()})(${JSON.stringify(boot)});</script>`;
        if (!html.includes('</title>')) throw new Error('index.html has no <title>: the landing script goes right after it');
        return html.replace('</title>', () => `</title>\n    ${script}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), localeBundles(), precompress(), landingPreload()],
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
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
      // A feature's face (features/<area>/index.ts, or <area>/<part>/index.ts) only re-exports:
      // marked free of side effects, a page importing one name from it takes that module and
      // not the rest, so each module stays in the chunk of the pages that use it.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/](?:[^\\/]+[\\/])?index\.ts$/, sideEffects: false }] },
      output: {
        // What the first page needs comes in three chunks of 25-55 KB compressed: React, the
        // router, and the rest (index-*.js). Downloaded side by side, each on its own connection,
        // they ramp up together instead of one large file waiting out TCP slow start.
        // Routes stay lazy.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'] },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/, tags: ['$initial'] },
            { name: 'index', tags: ['$initial'] },
            { name: 'common', test: /[\\/](apps[\\/]web[\\/]src[\\/](components[\\/]ui|lib|features[\\/](?!auth[\\/]components[\\/]))|packages[\\/]shared[\\/]src[\\/])/, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
