import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { partnersPortal } from '@charla/shared';
import { sendError } from '../../plugins/error-handler.ts';
import { escapeHtml } from '../mail/mail.module.ts';

const apiPrefixes = ['/api/', '/client/', '/bot/', '/webhooks/', '/socket.io/'];
/** How long a subdomain's existence is remembered by one process. */
const knownForMs = 10_000;
const knownMax = 1000;

/** The page an unknown subdomain answers: in Spanish, with a link to the main product. */
export function unknownTenantPage(tenant: string, mainUrl: string): string {
  const name = escapeHtml(tenant);
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sitio no encontrado</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#0b1120;color:#f8fafc}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}p{color:#94a3b8;line-height:1.5}a{color:#22c55e}</style></head>
<body><main><h1>Este sitio no existe</h1>
<p>No encontramos ningún espacio llamado «${name}». Revisa la dirección que te dieron o pide a quien te la envió que la confirme.</p>
<p><a href="${escapeHtml(mainUrl)}">Ir a la página principal</a></p></main></body></html>`;
}

/**
 * Every request's tenant as the host names it (`request.tenant`, read by the auth plugin):
 * an unknown subdomain answers a clear page (or TENANT_NOT_FOUND to API calls) instead of the
 * product; pages set the `tenant` cookie the web app reads, and clear it on the main product.
 */
export const tenantPlugin = fp<{ baseDomain: string; exists: (slug: string) => Promise<boolean> }>(async (app: FastifyInstance, { baseDomain, exists }) => {
  const known = new Map<string, { exists: boolean; at: number }>();
  const isKnown = async (slug: string): Promise<boolean> => {
    const hit = known.get(slug);
    if (hit && Date.now() - hit.at < knownForMs) return hit.exists;
    const found = await exists(slug);
    if (known.size >= knownMax) known.delete(known.keys().next().value!);
    known.set(slug, { exists: found, at: Date.now() });
    return found;
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const tenant = request.tenant;
    const url = request.url.split('?')[0] ?? '/';
    const isApi = apiPrefixes.some((p) => url.startsWith(p));
    if (tenant && tenant !== partnersPortal && !(await isKnown(tenant))) {
      if (isApi) return sendError(request, reply, 'TENANT_NOT_FOUND');
      const port = request.host.match(/:\d+$/)?.[0] ?? '';
      return reply.status(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(unknownTenantPage(tenant, `${request.protocol}://${baseDomain}${port}/`));
    }
    if (isApi || !['GET', 'HEAD'].includes(request.method)) return;
    const want = tenant ?? '';
    const has = request.cookies.tenant ?? '';
    if (want && has !== want) reply.setCookie('tenant', want, { path: '/', sameSite: 'lax', httpOnly: false });
    else if (!want && has) reply.clearCookie('tenant', { path: '/' });
  });
});
