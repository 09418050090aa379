import type { TenantConfig } from '@charla/shared';

export const defaultTitle = 'Charla — Asistentes de ventas con IA';
export const productFavicon = '/favicon.svg';
export const tenantFavicon = '/favicon-tenant.svg';

export function pageTitle(tenant: string | null): string {
  return tenant ? `CRM ${tenant}` : defaultTitle;
}

/** The product's icon; a partner's subdomain shows the favicon made from its logo (the server falls back to the tenant icon). */
export function faviconHref(tenant: string | null): string {
  if (!tenant) return productFavicon;
  return tenant === 'partners' ? tenantFavicon : `/api/partners/public/favicon/${encodeURIComponent(tenant)}`;
}

export function tenantConfigPath(tenant: string): string {
  return `/api/partners/public/config?subdomain=${encodeURIComponent(tenant)}`;
}

const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const functionalColor = /^(?:rgb|rgba|hsl|hsla|oklch|oklab)\(\s*[0-9.,%\s/+-]+(?:deg)?[0-9.,%\s/+-]*\)$/i;
const namedColor = /^[a-z]{3,24}$/i;

/** Accepts plain colour values only, so a config cannot inject other CSS. */
export function safeColor(value: string | null | undefined): string | null {
  const color = value?.trim();
  if (!color) return null;
  return hexColor.test(color) || functionalColor.test(color) || namedColor.test(color) ? color : null;
}

/** Relative luminance of a hex colour (WCAG), or null when it is not hex. */
export function luminance(color: string): number | null {
  if (!hexColor.test(color)) return null;
  let hex = color.slice(1);
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** CSS variables to set on the document for a tenant's colours; unusable values are skipped. */
export function themeVariables(config: TenantConfig): Record<string, string> {
  const variables: Record<string, string> = {};
  const pairs: Array<[string, string | null | undefined]> = [
    ['--bg-color', config.bgColor],
    ['--font-color', config.fontColor],
    ['--unfocused-color', config.unfocusedColor],
    ['--highlight-color', config.highlightColor],
  ];
  for (const [name, value] of pairs) {
    const color = safeColor(value);
    if (color) variables[name] = color;
  }
  const highlight = variables['--highlight-color'];
  const light = highlight ? luminance(highlight) : null;
  if (light !== null) variables['--on-highlight-color'] = light > 0.45 ? '#0a0a0a' : '#ffffff';
  const bg = variables['--bg-color'];
  const bgLight = bg ? luminance(bg) : null;
  if (bgLight !== null) variables['color-scheme'] = bgLight > 0.5 ? 'light' : 'dark';
  return variables;
}

/** Only http(s) and same-origin logos are shown. */
export function safeLogoUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
