import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAccountPatchRequest,
  adminAccountPatchResponse,
  apiErrorSchema,
  billingCancelRequest,
  billingCheckoutRequest,
  billingGeoResponse,
  billingInvoicesResponse,
  billingPlansQuery,
  billingPlansResponse,
  billingSubscriptionResponse,
  billingUrlResponse,
} from '@charla/shared';
import type { Config } from '../../config.ts';
import { geoOfIp } from './geo.ts';
import type { PlansService } from './plans.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema };
const tags = ['billing'];
/** Any text: a malformed id answers 404, as an unknown one does. */
const accountParams = z.object({ userId: z.string().max(200) });

interface PlansRouteOptions {
  service: PlansService;
  config: Pick<Config, 'APP_URL'>;
}

/** The app's address for the pages Stripe sends the customer back to: APP_URL, else the request's own. */
const appUrlOf = (config: PlansRouteOptions['config'], req: FastifyRequest) => (config.APP_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');

/** The pricing page's one call without sign-in: the visitor's country and currency, from the address alone (no network). */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/billing/geo', {
    schema: { tags, summary: "The visitor's country and the currency prices are shown in (US and USD when it cannot be told)", response: { 200: billingGeoResponse } },
  }, async (req) => geoOfIp(req.ip));
};

/** Plans, the account's subscription and invoices, Stripe Checkout and Portal: the account owner's own billing only. */
export const plansRoutes: FastifyPluginAsyncZod<PlansRouteOptions> = async (app, { service, config }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/billing/plans', {
    schema: { tags, summary: 'The plans, their limits and prices in a currency (USD when it has none)', querystring: billingPlansQuery, response: { 200: billingPlansResponse, ...errors } },
  }, async (req) => service.plans(req.query.currency));

  app.get('/api/billing/subscription', {
    schema: { tags, summary: "The account's plan, subscription and usage", response: { 200: billingSubscriptionResponse, ...errors } },
  }, async (req) => service.subscription(req.user));

  app.post('/api/billing/checkout', {
    schema: { tags, summary: 'A Stripe Checkout page to subscribe to a plan', body: billingCheckoutRequest, response: { 200: billingUrlResponse, ...errors } },
  }, async (req) => ({ url: await service.checkout(req.user, req.body, appUrlOf(config, req)) }));

  app.post('/api/billing/portal', {
    schema: { tags, summary: "Stripe's Customer Portal for the account's subscription", response: { 200: billingUrlResponse, ...errors } },
  }, async (req) => ({ url: await service.portal(req.user, appUrlOf(config, req)) }));

  app.post('/api/billing/cancel', {
    schema: { tags, summary: 'Cancel at the end of the period, or take the cancellation back', body: billingCancelRequest, response: { 200: billingSubscriptionResponse, ...errors } },
  }, async (req) => service.cancel(req.user, req.body.cancelAtPeriodEnd));

  app.get('/api/billing/invoices', {
    schema: { tags, summary: "The account's invoices, newest first", response: { 200: billingInvoicesResponse, ...errors } },
  }, async (req) => service.invoices(req.user));

  app.patch('/api/admin/accounts/:userId', {
    schema: { tags: ['admin'], summary: "Set an account's plan by hand (main admin only)", params: accountParams, body: adminAccountPatchRequest, response: { 200: adminAccountPatchResponse, ...errors } },
  }, async (req) => service.setPlanByHand(req.user, req.params.userId, req.body.plan, req.ip));
};

/** Stripe's webhook is read raw (its signature covers the exact bytes); only in this plugin. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 512 * 1024;

export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ service: PlansService }> = async (app, { service }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));

  app.post('/webhooks/stripe', { bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT, schema: { hide: true } }, async (req) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const header = req.headers['stripe-signature'];
    const result = await service.webhook(raw, typeof header === 'string' ? header : undefined);
    return { received: true, applied: result.applied };
  });
};
