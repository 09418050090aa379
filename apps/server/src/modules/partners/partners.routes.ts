import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiErrorSchema,
  clientPaymentResponse,
  clientPaymentsResponse,
  createPartnerClientBody,
  newBotBody,
  partnerBotsResponse,
  partnerClientParams,
  partnerClientResponse,
  partnerClientsResponse,
  partnerIdParams,
  partnerLogo,
  partnerNewBotResponse,
  partnerProfileResponse,
  partnerSlugParams,
  pickLocale,
  publicConfigQuery,
  recordClientPaymentBody,
  registerPartnerBody,
  tenantConfigResponse,
  updateBrandingBody,
  updatePartnerClientBody,
} from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import { readUpload } from '../../lib/multipart.ts';
import type { LinkContext, PartnersService } from './partners.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };
const tags = ['partners'];

/** The partner portal's routes (partners.APP_BASE_DOMAIN) and the public look of every subdomain. */
export const partnersRoutes: FastifyPluginAsyncZod<{ service: PartnersService; appUrl?: string }> = async (app, { service, appUrl }) => {
  const link = (req: FastifyRequest): LinkContext => ({ origin: appUrl ?? `${req.protocol}://${req.host}`, locale: pickLocale(req.headers['accept-language']) });

  app.get('/api/partners/public/config', {
    schema: {
      tags,
      summary: "A subdomain's colours and logo, read before sign-in (ETag; 304 when unchanged)",
      querystring: publicConfigQuery,
      response: { 200: tenantConfigResponse, 304: z.null(), 404: tenantConfigResponse },
    },
  }, async (req, reply) => {
    const found = await service.publicConfig(req.query.subdomain);
    reply.header('cache-control', 'no-cache');
    if (!found) return reply.status(404).send({ ok: false, data: null });
    reply.header('etag', found.etag);
    if (req.headers['if-none-match'] === found.etag) return reply.status(304).send(null);
    return { ok: true, data: found.config };
  });

  const sendImage = (kind: 'logo' | 'favicon') => async (req: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
    const image = await service.image(req.params.slug, kind);
    if (!image) {
      if (kind === 'favicon') return reply.header('cache-control', 'no-cache').redirect('/favicon-tenant.svg');
      throw new AppError('NOT_FOUND');
    }
    return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff').header('content-length', image.size).send(image.body);
  };
  app.get('/api/partners/public/logo/:slug', { schema: { tags, summary: "A subdomain's logo (PNG)", params: partnerSlugParams } }, sendImage('logo'));
  app.get('/api/partners/public/favicon/:slug', { schema: { tags, summary: "A subdomain's favicon (PNG made from its logo; the default one without a logo)", params: partnerSlugParams } }, sendImage('favicon'));

  app.get('/api/partners/me', {
    onRequest: app.authenticate,
    schema: { tags, summary: "The caller's partner: subdomain, client sign-in address and branding (403 when not a partner)", response: { 200: partnerProfileResponse, ...errors } },
  }, async (req) => ({ partner: await service.me(req.user, link(req)) }));

  app.post('/api/partners', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Become a partner with a subdomain (plans with partners only)', body: registerPartnerBody, response: { 201: partnerProfileResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ partner: await service.register(req.user, req.tenant, req.body, link(req)) }));

  app.put('/api/partners/config', {
    onRequest: app.authenticate,
    schema: { tags, summary: "The partner's colours (null: the default); removeLogo drops the logo", body: updateBrandingBody, response: { 200: partnerProfileResponse, ...errors } },
  }, async (req) => ({ partner: await service.updateBranding(req.user, req.tenant, req.body, link(req)) }));

  app.post('/api/partners/config/logo', {
    onRequest: [
      app.authenticate,
      async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > partnerLogo.maxBytes + 64 * 1024) throw new AppError('LOGO_INVALID');
      },
    ],
    schema: { tags, summary: 'Upload the logo (multipart field logo: PNG, JPEG, WebP or SVG up to 1 MB); stored as PNG with a favicon', consumes: ['multipart/form-data'], response: { 200: partnerProfileResponse, ...errors } },
  }, async (req) => {
    await service.partnerOf(req.user, req.tenant);
    const { file } = await readUpload(req, 'logo', z.strictObject({}));
    return { partner: await service.uploadLogo(req.user, req.tenant, file?.bytes, link(req)) };
  });

  app.get('/api/partners/clients/payments', {
    onRequest: app.authenticate,
    schema: { tags, summary: "What the partner's clients paid: month, client, amount (minor units), currency, status", response: { 200: clientPaymentsResponse, ...errors } },
  }, async (req) => ({ items: await service.payments(req.user, req.tenant) }));

  app.get('/api/partners/clients/:partnerId', {
    onRequest: app.authenticate,
    schema: { tags, summary: "The partner's clients with their bots and monthly cost (the partner's id or its owner's user id)", params: partnerIdParams, response: { 200: partnerClientsResponse, ...errors } },
  }, async (req) => ({ items: await service.clients(req.user, req.tenant, req.params.partnerId) }));

  app.post('/api/partners/clients', {
    onRequest: app.authenticate,
    schema: { tags, summary: "A new client on the partner's subdomain; without a password they get an e-mail to choose one", body: createPartnerClientBody, response: { 201: partnerClientResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ client: await service.createClient(req.user, req.tenant, req.body, link(req)) }));

  app.patch('/api/partners/clients/:clientId', {
    onRequest: app.authenticate,
    schema: { tags, summary: "A client's plan, or turning the client off and on", params: partnerClientParams, body: updatePartnerClientBody, response: { 200: partnerClientResponse, ...errors } },
  }, async (req) => ({ client: await service.updateClient(req.user, req.tenant, req.params.clientId, req.body) }));

  app.post('/api/partners/clients/:clientId/payments', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Record what a client paid the partner', params: partnerClientParams, body: recordClientPaymentBody, response: { 201: clientPaymentResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ payment: await service.recordPayment(req.user, req.tenant, req.params.clientId, req.body) }));

  app.post('/api/partners/clients/:clientId/bots', {
    onRequest: app.authenticate,
    schema: { tags, summary: "Create a bot for a client (the wizard's payload; the client's plan limits it)", params: partnerClientParams, body: newBotBody, response: { 201: partnerNewBotResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ newBot: await service.createClientBot(req.user, req.tenant, req.params.clientId, req.body) }));

  app.get('/api/partners/bots', {
    onRequest: app.authenticate,
    schema: { tags, summary: "The bots of the partner's clients, each flagged isClientsBot", response: { 200: partnerBotsResponse, ...errors } },
  }, async (req) => ({ bots: await service.bots(req.user, req.tenant) }));
};
