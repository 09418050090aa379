import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  audiencePreviewBody,
  audiencePreviewFields,
  audiencePreviewResponse,
  campaignActionParams,
  campaignCreateBody,
  campaignList,
  campaignListQuery,
  campaignParams,
  campaignRecipientsPage,
  campaignRecipientsQuery,
  campaignResponse,
  campaignTestBody,
  campaignTestResponse,
  pickLocale,
} from '@charla/shared';
import { AppError, InvalidFields } from '../../lib/errors.ts';
import { readUpload, refuseDeclaredOversize } from '../../lib/multipart.ts';
import type { CampaignsService } from './campaigns.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema, 413: apiErrorSchema };
const tags = ['campaigns'];

/** The mass sender: campaigns of a bot, their audience preview, recipients, controls and a test send. */
export const campaignsRoutes: FastifyPluginAsyncZod<{ service: CampaignsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.post('/api/campaigns', {
    schema: { tags, summary: 'A campaign in draft, or scheduled when scheduledAt is given (402 PLAN_REQUIRED below Pro)', body: campaignCreateBody, response: { 201: campaignResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ campaign: await service.create(req.user, req.body) }));

  app.post('/api/campaigns/audience/preview', {
    onRequest: refuseDeclaredOversize,
    schema: {
      tags,
      summary: 'Who would receive a campaign: CRM filters as JSON { botId, channel, audience }, or a CSV (multipart: botId, channel, phoneColumn?, file; at most 100,000 rows and 5 MB)',
      response: { 200: audiencePreviewResponse, ...errors },
    },
  }, async (req) => {
    const locale = pickLocale(req.headers['accept-language']);
    if (req.isMultipart()) {
      const { fields, file } = await readUpload(req, 'file', audiencePreviewFields, async (before) => {
        if (before.botId) await service.assertWritable(req.user, before.botId);
      });
      if (!file) throw new AppError('FILE_MISSING', { file: 'FILE_MISSING' });
      return service.previewCsv(req.user, { ...fields, fileName: file.filename, bytes: file.bytes }, locale);
    }
    const body = audiencePreviewBody.safeParse(req.body);
    if (!body.success) throw new InvalidFields(body.error.issues);
    return service.preview(req.user, body.data, locale);
  });

  app.get('/api/campaigns', {
    schema: { tags, summary: "A bot's campaigns, newest first, with their counts", querystring: campaignListQuery, response: { 200: campaignList, ...errors } },
  }, async (req) => ({ campaigns: await service.list(req.user, req.query.botId) }));

  app.get('/api/campaigns/:id', {
    schema: { tags, summary: 'One campaign with its counts', params: campaignParams, response: { 200: campaignResponse, ...errors } },
  }, async (req) => ({ campaign: await service.get(req.user, req.params.id) }));

  app.get('/api/campaigns/:id/recipients', {
    schema: { tags, summary: "A page of a campaign's recipients in audience order, by status", params: campaignParams, querystring: campaignRecipientsQuery, response: { 200: campaignRecipientsPage, ...errors } },
  }, async (req) => service.recipients(req.user, req.params.id, req.query));

  app.post('/api/campaigns/:id/test', {
    schema: { tags, summary: "The campaign's message once to the owner's own phone", params: campaignParams, body: campaignTestBody, response: { 200: campaignTestResponse, ...errors } },
  }, async (req) => service.test(req.user, req.params.id, req.body.phone));

  app.post('/api/campaigns/:id/:action', {
    schema: { tags, summary: 'Start, pause, resume or cancel a campaign (409 CAMPAIGN_STATE_CONFLICT when its state does not allow it)', params: campaignActionParams, response: { 200: campaignResponse, ...errors } },
  }, async (req) => ({ campaign: await service.act(req.user, req.params.id, req.params.action) }));
};
