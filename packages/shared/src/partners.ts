import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from './auth.ts';
import { bot } from './bots.ts';
import { billingCurrencies, planLevels } from './plans.ts';
import { clientPaymentStatuses, reservedTenantSlugs, tenantSlugPattern } from './partner-rules.ts';

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

export const tenantSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(tenantSlugPattern)
  .refine((s) => !(reservedTenantSlugs as readonly string[]).includes(s), { error: 'reserved' });


/** A colour as the branding editor's pickers give it: #rgb or #rrggbb. */
export const brandColor = z.string().trim().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: 'hex' }).transform((s) => s.toLowerCase());


/** PUT /api/partners/config: the four colours; null puts one back to its default. The logo has its own upload. */
export const updateBrandingBody = z.strictObject({
  bgColor: brandColor.nullable(),
  fontColor: brandColor.nullable(),
  unfocusedColor: brandColor.nullable(),
  highlightColor: brandColor.nullable(),
  /** true removes the uploaded logo (reset to defaults). */
  removeLogo: z.boolean().optional(),
});
export type UpdateBrandingBody = z.infer<typeof updateBrandingBody>;

export const publicConfigQuery = z.strictObject({ subdomain: z.string().trim().toLowerCase().max(63) });

/** The partner's own portal: their subdomain and branding, and what the portal needs to build links. */
export const partnerProfile = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  /** The client's sign-in address, e.g. http://acme.localhost:3000. */
  clientUrl: z.string(),
  config: tenantConfig,
});
export type PartnerProfile = z.infer<typeof partnerProfile>;
export const partnerProfileResponse = z.object({ partner: partnerProfile });

export const partnerClientParams = z.strictObject({ clientId: z.uuid() });
export const partnerIdParams = z.strictObject({ partnerId: z.uuid() });

/** A client's bot as the partner sees it: the bot as GET /bot/{email} answers it, its client, and `isClientsBot`. */
export const partnerBot = bot.extend({
  clientId: z.uuid(),
  clientName: z.string(),
  isClientsBot: z.literal(true),
});
export type PartnerBot = z.infer<typeof partnerBot>;
export const partnerBotsResponse = z.object({ bots: z.array(partnerBot) });

/** One client of a partner, with their bots and what the partner owes Charla for them a month. */
export const partnerClient = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  plan: z.enum(planLevels),
  active: z.boolean(),
  createdAt: z.string(),
  bots: z.array(z.object({ id: z.uuid(), bot_name: z.string() })),
  /** Wholesale cost a month in minor units: active bots × the plan's wholesale price. */
  monthlyCost: z.number().int(),
  currency: z.enum(billingCurrencies),
});
export type PartnerClient = z.infer<typeof partnerClient>;
export const partnerClientsResponse = z.object({ items: z.array(partnerClient) });
export const partnerClientResponse = z.object({ client: partnerClient });

/** POST /api/partners/clients: a new client on the partner's subdomain; without a password the client gets an e-mail to choose one. */
export const createPartnerClientBody = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  plan: z.enum(planLevels).default('Free'),
  password: passwordSchema.optional(),
});
export type CreatePartnerClientBody = z.input<typeof createPartnerClientBody>;

export const updatePartnerClientBody = z
  .strictObject({ plan: z.enum(planLevels).optional(), active: z.boolean().optional() })
  .refine((b) => b.plan !== undefined || b.active !== undefined, { error: 'empty' });
export type UpdatePartnerClientBody = z.infer<typeof updatePartnerClientBody>;


/** What a client paid the partner, as the partner recorded it. `amount` is in the currency's minor units. */
export const clientPayment = z.object({
  id: z.uuid(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  clientId: z.uuid(),
  client: z.string(),
  amount: z.number().int(),
  currency: z.enum(billingCurrencies),
  status: z.enum(clientPaymentStatuses),
  createdAt: z.string(),
});
export type ClientPayment = z.infer<typeof clientPayment>;
export const clientPaymentsResponse = z.object({ items: z.array(clientPayment) });

export const recordClientPaymentBody = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month' }),
  amount: z.number().int().min(0).max(1_000_000_000),
  currency: z.enum(billingCurrencies),
  status: z.enum(clientPaymentStatuses).default('paid'),
});
export type RecordClientPaymentBody = z.input<typeof recordClientPaymentBody>;
export const clientPaymentResponse = z.object({ payment: clientPayment });

/** POST /api/partners/clients/{clientId}/bots answers the created bot under newBot (spec section 3). */
export const partnerNewBotResponse = z.object({ newBot: bot });

/** POST /api/partners: an account whose plan includes partners claims its subdomain. */
export const registerPartnerBody = z.strictObject({ slug: tenantSlug, name: nameSchema });
export type RegisterPartnerBody = z.infer<typeof registerPartnerBody>;
export const partnerSlugParams = z.strictObject({ slug: z.string().trim().toLowerCase().max(63) });
export type PartnerBotsResponse = z.infer<typeof partnerBotsResponse>;
