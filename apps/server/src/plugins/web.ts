import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './error-handler.ts';

const apiPrefixes = ['/api/', '/client/', '/bot/', '/webhooks/', '/socket.io/'];

/**
 * Serves the built web app: the brotli or gzip copy written at build time when the browser takes
 * it, hashed assets (`assets/`) cached for a year as immutable, everything else (index.html,
 * locales) revalidated on each use; index.html for every app route. Files are looked up when
 * asked for, not listed at start, so a build that rewrote `dist/` beside a running server is
 * served as it is now (index.html names the new assets).
 */
export const webPlugin = fp<{ dir: string | undefined }>(async (app: FastifyInstance, { dir }) => {
  const root = dir && existsSync(path.join(dir, 'index.html')) ? path.resolve(dir) : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn('web app not built: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = apiPrefixes.some((p) => url.startsWith(p)) || !['GET', 'HEAD'].includes(request.method);
    if (root && !isApi && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return sendError(request, reply, 'NOT_FOUND');
  });
});
