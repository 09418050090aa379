import { useEffect, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { api } from '../lib/api.ts';
import { partnersPortalName, readTenant } from '../lib/tenant.ts';
import { TenantContext, type TenantContextValue } from '../lib/tenant-context.ts';
import { faviconHref, pageTitle, safeLogoUrl, tenantConfigPath, themeVariables } from './tenant-config.ts';
import type { TenantConfigResponse } from '@charla/shared';

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (href.endsWith('.svg')) link.type = 'image/svg+xml';
  else link.removeAttribute('type');
  link.href = href;
}

/**
 * Reads the tenant cookie once; on a tenant subdomain, loads its colours behind a
 * full-screen spinner and applies them (the default theme stays when that fails).
 */
export function TenantProvider({ children }: { children: ReactNode }) {
  const tenant = useMemo(() => readTenant(), []);

  const config = useQuery({
    queryKey: ['tenant-config', tenant],
    queryFn: ({ signal }) => api.get<TenantConfigResponse>(tenantConfigPath(tenant ?? ''), { signal, refreshOn401: false }),
    enabled: tenant !== null,
    retry: false,
    staleTime: Infinity,
  });

  const data = config.data?.ok ? (config.data.data ?? null) : null;

  useEffect(() => {
    document.title = pageTitle(tenant);
    setFavicon(faviconHref(tenant));
  }, [tenant]);

  useEffect(() => {
    if (!data) return;
    const root = document.documentElement;
    const variables = themeVariables(data);
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    const themeColor = variables['--bg-color'];
    if (themeColor) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor);
    return () => {
      for (const name of Object.keys(variables)) root.style.removeProperty(name);
    };
  }, [data]);

  const value = useMemo<TenantContextValue>(
    () => ({
      tenant,
      isTenant: tenant !== null,
      isPartnerPortal: tenant === partnersPortalName,
      logoUrl: safeLogoUrl(data?.logoUrl),
    }),
    [tenant, data],
  );

  if (tenant !== null && config.isPending) return <FullScreenSpinner />;
  return <TenantContext.Provider value={value}>{children}</TenantContext.Provider>;
}
