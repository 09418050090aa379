import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  botDocumentsParams,
  deleteDocumentBody,
  documentIdParams,
  documentResponse,
  documentUploadFields,
  documentsResponse,
  passagesQuery,
  passagesResponse,
  pickLocale,
  retryDocumentBody,
  trainingTextBody,
  trainingUrlBody,
  trainingYoutubeBody,
  doneResponse,
} from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import { readUpload, refuseDeclaredOversize } from '../../lib/multipart.ts';
import type { TrainingService } from './training.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 423: apiErrorSchema };
const tags = ['training'];

export const trainingRoutes: FastifyPluginAsyncZod<{ service: TrainingService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);
  const locale = (req: { headers: Record<string, string | string[] | undefined> }) =>
    pickLocale(req.headers['accept-language'] as string | undefined);

  app.get('/api/documents/:botId', {
    schema: { tags, summary: "A bot's training documents, newest first", params: botDocumentsParams, response: { 200: documentsResponse, ...errors } },
  }, async (req) => service.list(req.user, req.params.botId, locale(req)));

  app.post('/api/documents', {
    schema: {
      tags,
      summary: 'Upload a PDF or CSV (multipart: botId, document, optional special_recipient; 20 MB at most)',
      consumes: ['multipart/form-data'],
      response: { 201: documentResponse, ...errors },
    },
    onRequest: refuseDeclaredOversize,
  }, async (req, reply) => {
    const { fields, file } = await readUpload(req, 'document', documentUploadFields, async (before) => {
      if (before.botId) await service.assertTrainable(req.user, before.botId);
    });
    if (!file) throw new AppError('FILE_MISSING', { document: 'FILE_MISSING' });
    const document = await service.upload(req.user, fields.botId, file, fields.special_recipient, locale(req));
    return reply.status(201).send({ ok: true as const, document });
  });

  app.post('/api/training', {
    schema: { tags, summary: 'Train from pasted text (200,000 characters at most)', body: trainingTextBody, response: { 201: documentResponse, ...errors } },
  }, async (req, reply) => {
    const document = await service.trainText(req.user, req.body.botId, req.body.text, req.body.document_name, locale(req));
    return reply.status(201).send({ ok: true as const, document });
  });

  app.post('/api/training-url', {
    schema: { tags, summary: 'Train from a web page (fetched safely: public addresses only)', body: trainingUrlBody, response: { 201: documentResponse, ...errors } },
  }, async (req, reply) => {
    const document = await service.trainUrl(req.user, req.body.botID, req.body.url, locale(req));
    return reply.status(201).send({ ok: true as const, document });
  });

  app.post('/api/training-youtube', {
    schema: { tags, summary: "Train from a YouTube video's transcript", body: trainingYoutubeBody, response: { 201: documentResponse, ...errors } },
  }, async (req, reply) => {
    const document = await service.trainYoutube(req.user, req.body.botId, req.body.url, locale(req));
    return reply.status(201).send({ ok: true as const, document });
  });

  app.post('/api/documents/:documentId/retry', {
    schema: { tags, summary: 'Read a failed document again', params: documentIdParams, body: retryDocumentBody, response: { 200: documentResponse, ...errors } },
  }, async (req) => ({ ok: true as const, document: await service.retry(req.user, req.params.documentId, req.body.botId, locale(req)) }));

  app.get('/api/documents/:documentId/passages', {
    schema: { tags, summary: 'The passages the bot learned from a document, in order, a page at a time', params: documentIdParams, querystring: passagesQuery, response: { 200: passagesResponse, ...errors } },
  }, async (req) => service.passages(req.user, req.params.documentId, req.query.botId, req.query.offset, req.query.limit));

  app.delete('/api/documents/:documentId', {
    schema: { tags, summary: 'Delete a training document', params: documentIdParams, body: deleteDocumentBody, response: { 200: doneResponse, ...errors } },
  }, async (req) => {
    await service.remove(req.user, req.params.documentId, req.body.botId);
    return { ok: true as const };
  });
};
