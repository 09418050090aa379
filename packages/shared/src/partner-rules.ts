/** Partners' rules with no runtime dependency (exported by `@charla/shared/constants` for the browser). */

/** Names a partner's subdomain may not take: the partner portal and the product's own hosts. */
export const reservedTenantSlugs = ['partners', 'www', 'app', 'api', 'admin', 'mail', 'static', 'assets'] as const;
/** A partner's subdomain: lower-case letters, digits and inner hyphens, 2 to 32 characters. */
export const tenantSlugPattern = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])$/;

/** The logo a partner uploads: these types, up to 1 MB; stored as PNG at most this high. */
export const partnerLogo = {
  maxBytes: 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const,
  maxHeight: 256,
  faviconSize: 64,
} as const;

/** The look of the dashboard before any branding is saved (the product's dark theme). */
export const defaultBranding = {
  bgColor: '#0b1026',
  fontColor: '#ffffff',
  unfocusedColor: '#a6aecb',
  highlightColor: '#7c5cff',
} as const;

export const clientPaymentStatuses = ['paid', 'pending', 'refunded'] as const;
export type ClientPaymentStatus = (typeof clientPaymentStatuses)[number];
