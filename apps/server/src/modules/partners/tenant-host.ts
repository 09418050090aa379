import { partnersPortal } from '@charla/shared';

/**
 * The tenant a request's host names: null on the main product (the base domain itself, or any
 * other host such as an IP address), 'partners' on the partner portal, or a partner's slug for
 * `<slug>.<baseDomain>`; `www.` is the main product too. A port is ignored.
 */
export function tenantOfHost(host: string | undefined, baseDomain: string): string | null {
  const name = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const base = baseDomain.trim().toLowerCase().replace(/^\.+|\.+$/g, '');
  if (!name || !base || name === base || !name.endsWith(`.${base}`)) return null;
  const sub = name.slice(0, -(base.length + 1));
  if (sub === 'www') return null;
  return sub === partnersPortal ? partnersPortal : sub;
}

/** The base address of a tenant, for links: `http://acme.localhost:3000` beside `http://localhost:3000`. */
export function tenantOrigin(appOrigin: string, baseDomain: string, tenant: string): string {
  try {
    const url = new URL(appOrigin);
    const host = url.hostname === baseDomain || url.hostname.endsWith(`.${baseDomain}`) ? baseDomain : url.hostname;
    url.hostname = `${tenant}.${host}`;
    return url.origin;
  } catch {
    return `http://${tenant}.${baseDomain}`;
  }
}
