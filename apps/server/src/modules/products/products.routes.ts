import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  createProductBody,
  importFields,
  importPreviewFields,
  importPreviewResponse,
  importResultResponse,
  pickLocale,
  productBotParams,
  productIdParams,
  productListQuery,
  productListResponse,
  productResponse,
  updateProductBody,
  doneResponse,
} from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import { readUpload, refuseDeclaredOversize } from '../../lib/multipart.ts';
import type { ProductsService } from './products.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 423: apiErrorSchema };
const tags = ['products'];

export const productsRoutes: FastifyPluginAsyncZod<{ service: ProductsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  async function readCsvForm<S extends typeof importPreviewFields | typeof importFields>(req: Parameters<typeof readUpload>[0], schema: S) {
    const { fields, file } = await readUpload(req, 'file', schema, async (before) => {
      if (before.botId) await service.assertEditable(req.user, before.botId);
    });
    if (!file) throw new AppError('FILE_MISSING', { file: 'FILE_MISSING' });
    return { ...fields, bytes: file.bytes };
  }

  app.get('/api/products/:botId', {
    schema: { tags, summary: "A bot's catalog: search by any word, filter by stock, paginate", params: productBotParams, querystring: productListQuery, response: { 200: productListResponse, ...errors } },
  }, async (req) => service.list(req.user, req.params.botId, req.query));

  app.post('/api/products', {
    schema: { tags, summary: 'Add a product', body: createProductBody, response: { 201: productResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ ok: true as const, product: await service.create(req.user, req.body) }));

  app.patch('/api/products/:productId', {
    schema: { tags, summary: 'Change a product', params: productIdParams, body: updateProductBody, response: { 200: productResponse, ...errors } },
  }, async (req) => ({ ok: true as const, product: await service.update(req.user, req.params.productId, req.body) }));

  app.delete('/api/products/:productId', {
    schema: { tags, summary: 'Delete a product', params: productIdParams, response: { 200: doneResponse, ...errors } },
  }, async (req) => {
    await service.remove(req.user, req.params.productId);
    return { ok: true as const };
  });

  app.post('/api/products/import/preview', {
    onRequest: refuseDeclaredOversize,
    schema: { tags, summary: 'Read a catalog CSV: columns, first rows and a suggested column mapping (multipart: botId, file)', consumes: ['multipart/form-data'], response: { 200: importPreviewResponse, ...errors } },
  }, async (req) => {
    const form = await readCsvForm(req, importPreviewFields);
    return service.preview(req.user, form.botId, form.bytes);
  });

  app.post('/api/products/import', {
    onRequest: refuseDeclaredOversize,
    schema: { tags, summary: 'Import a catalog CSV with a column mapping (multipart: botId, file, mapping as JSON)', consumes: ['multipart/form-data'], response: { 200: importResultResponse, ...errors } },
  }, async (req) => {
    const form = await readCsvForm(req, importFields);
    return service.import(req.user, form.botId, form.bytes, form.mapping, pickLocale(req.headers['accept-language']));
  });
};
