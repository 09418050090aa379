import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isStorableText, storableDeep } from '@charla/shared';
import { InvalidFields } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'clean': the body is a customer's words (the playground's customer side), kept without the
     * characters PostgreSQL cannot store instead of being refused.
     */
    unstorableText?: 'clean';
  }
}

/** The path of the first string (or key) PostgreSQL cannot store in a parsed JSON value. */
export function unstorablePath(value: unknown, at: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : at;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorablePath(value[i], [...at, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) return [...at, key];
    const found = unstorablePath(inner, [...at, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Text PostgreSQL cannot store (a NUL, half of a UTF-16 pair) is refused once for every request,
 * before any route's validation: in a JSON body, the query string and the path's parameters, with
 * the field's message in the caller's language (400 VALIDATION_FAILED). Webhooks are not
 * concerned (they verify and read their raw bytes and clean customers' words themselves).
 */
export const storableInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/webhooks/')) return;
    for (const part of ['params', 'query', 'body'] as const) {
      const value: unknown = request[part];
      // A JSON body may be a bare string too; a raw body (a Buffer) is the route's to read.
      if (value === null || (typeof value !== 'object' && typeof value !== 'string') || Buffer.isBuffer(value)) continue;
      const path = unstorablePath(value);
      if (!path) continue;
      if (part === 'body' && request.routeOptions.config.unstorableText === 'clean') {
        request.body = storableDeep(value);
        continue;
      }
      throw new InvalidFields([{ code: 'custom', path, message: 'text', input: undefined }]);
    }
  });
});
