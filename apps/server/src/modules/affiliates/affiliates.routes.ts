import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affiliateCreateRequest,
  affiliateIdParams,
  affiliatePaymentsQuery,
  affiliatePaymentsResponse,
  affiliatePayoutSchema,
  affiliateProfileResponse,
  affiliateReferralCodeResponse,
  affiliateReferralsParams,
  affiliateReferralsResponse,
  affiliatesListQuery,
  affiliatesListResponse,
  affiliateStatusRequest,
  apiErrorSchema,
  payoutPaidRequest,
  payoutParams,
} from '@charla/shared';
import type { Config } from '../../config.ts';
import type { AffiliatesService } from './affiliates.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['affiliates'];

interface AffiliatesRouteOptions {
  service: AffiliatesService;
  config: Pick<Config, 'APP_URL'>;
}

/** The app's address for the referral link: APP_URL, else the request's own. */
const appUrlOf = (config: AffiliatesRouteOptions['config'], req: FastifyRequest) => (config.APP_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');

/** The spec's six affiliate calls (each account reads only its own), and the main admin's payout and status actions. */
export const affiliatesRoutes: FastifyPluginAsyncZod<AffiliatesRouteOptions> = async (app, { service, config }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/affiliate/:id', {
    schema: { tags, summary: "The caller's affiliate profile (payment details masked) with its figures", params: affiliateIdParams, response: { 200: affiliateProfileResponse, ...errors } },
  }, async (req) => service.profile(req.user, req.params.id));

  app.get('/api/affiliates/referrals/:affiliateId', {
    schema: { tags, summary: 'The accounts the affiliate brought, by level, e-mails masked', params: affiliateReferralsParams, response: { 200: affiliateReferralsResponse, ...errors } },
  }, async (req) => service.referrals(req.user, req.params.affiliateId));

  app.get('/api/affiliates/payments', {
    schema: { tags, summary: "The affiliate's monthly payouts, newest first", querystring: affiliatePaymentsQuery, response: { 200: affiliatePaymentsResponse, ...errors } },
  }, async (req) => service.payments(req.user, req.query.userId));

  app.get('/api/affiliates/referral_code/:id', {
    schema: { tags, summary: 'The referral code and the sign-up link that carries it', params: affiliateIdParams, response: { 200: affiliateReferralCodeResponse, ...errors } },
  }, async (req) => service.referralCode(req.user, req.params.id, appUrlOf(config, req)));

  app.get('/api/affiliates/list', {
    schema: { tags: ['admin', ...tags], summary: 'Affiliates with their sales, balance and payouts (main admin only)', querystring: affiliatesListQuery, response: { 200: affiliatesListResponse, ...errors } },
  }, async (req) => service.list(req.user, req.query));

  app.post('/api/affiliates/create', {
    schema: { tags, summary: 'Join the affiliate program: PayPal or a CLABE, and the join questions', body: affiliateCreateRequest, response: { 201: affiliateProfileResponse, ...errors } },
  }, async (req, reply) => reply.code(201).send(await service.create(req.user, req.body)));

  app.post('/api/affiliates/payouts/:id/paid', {
    schema: { tags: ['admin', ...tags], summary: 'Mark a pending payout paid with its transfer reference (main admin only)', params: payoutParams, body: payoutPaidRequest, response: { 200: affiliatePayoutSchema, ...errors } },
  }, async (req) => service.markPaid(req.user, req.params.id, req.body.reference));

  app.post('/api/affiliates/:id/status', {
    schema: { tags: ['admin', ...tags], summary: "Change an affiliate's status (main admin only)", params: affiliateIdParams, body: affiliateStatusRequest, response: { 200: affiliateProfileResponse, ...errors } },
  }, async (req) => service.setStatus(req.user, req.params.id, req.body.status));
};
