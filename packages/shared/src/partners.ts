import { z } from 'zod';

/** Colours and logo of a partner's white-label subdomain (spec section 3); any of them may be missing. */
export const tenantConfig = z.object({
  logoUrl: z.string().nullish(),
  bgColor: z.string().nullish(),
  fontColor: z.string().nullish(),
  unfocusedColor: z.string().nullish(),
  highlightColor: z.string().nullish(),
});
export type TenantConfig = z.infer<typeof tenantConfig>;

/** GET /api/partners/public/config?subdomain=: the subdomain's look, read before sign-in. */
export const tenantConfigResponse = z.object({ ok: z.boolean(), data: tenantConfig.nullish() });
export type TenantConfigResponse = z.infer<typeof tenantConfigResponse>;
