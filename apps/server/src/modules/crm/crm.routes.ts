import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  contactCreateBody,
  contactField,
  contactFieldCreateBody,
  contactFieldParams,
  contactFields,
  contactFieldUpdateBody,
  contactImportFields,
  contactImportPreviewFields,
  contactMergeBody,
  importPreviewResponse,
  importResultResponse,
  contactExportQuery,
  contactList,
  contactListQuery,
  contactNoteBody,
  contactNoteList,
  contactNoteResponse,
  contactParams,
  contactResponse,
  contactTimeline,
  contactUpdateBody,
  pickLocale,
  pipelineBotParams,
  pipelineStage,
  pipelineStages,
  stageCreateBody,
  stageDeleteQuery,
  stageParams,
  stageUpdateBody,
} from '@charla/shared';
import { readImportForm } from '../../lib/csv-import.ts';
import { refuseDeclaredOversize } from '../../lib/multipart.ts';
import type { CrmService } from './crm.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 423: apiErrorSchema };
const tags = ['crm'];

/** The CRM: contacts, notes, timeline, export and the pipeline's stages. */
export const crmRoutes: FastifyPluginAsyncZod<{ service: CrmService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/contacts', {
    schema: { tags, summary: "A bot's contacts, newest first (keyset pages), searchable and filtered", querystring: contactListQuery, response: { 200: contactList, ...errors } },
  }, async (req) => service.list(req.user, req.query));

  app.get('/api/contacts/export', {
    schema: { tags, summary: "A bot's contacts as CSV (UTF-8 with a BOM)", querystring: contactExportQuery },
  }, async (req, reply) => {
    const lines = service.export(req.user, req.query.botId, pickLocale(req.headers['accept-language']));
    // The access check runs before the answer starts, so a refusal is still a clean 404.
    const first = await lines.next();
    const body = Readable.from((async function* () {
      if (!first.done) yield first.value;
      yield* lines;
    })());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="contactos.csv"')
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.post('/api/contacts/merge', {
    schema: { tags, summary: 'Joins two contacts of a bot (the same person): every message, appointment, note and channel goes to keepId', body: contactMergeBody, response: { 200: contactResponse, ...errors } },
  }, async (req) => ({ contact: await service.merge(req.user, req.body.keepId, req.body.mergeId) }));

  app.post('/api/contacts/import/preview', {
    onRequest: refuseDeclaredOversize,
    schema: { tags, summary: 'Reads a contacts CSV: columns, first rows and a suggested column mapping (multipart: botId, file)', consumes: ['multipart/form-data'], response: { 200: importPreviewResponse, ...errors } },
  }, async (req) => {
    const form = await readImportForm(req, contactImportPreviewFields, (botId) => service.assertWritable(req.user, botId));
    return service.importPreview(req.user, form.botId, form.bytes);
  });

  app.post('/api/contacts/import', {
    onRequest: refuseDeclaredOversize,
    schema: { tags, summary: 'Imports contacts from a CSV with a column mapping (multipart: botId, mapping as JSON, file); bad rows are reported', consumes: ['multipart/form-data'], response: { 200: importResultResponse, ...errors } },
  }, async (req) => {
    const form = await readImportForm(req, contactImportFields, (botId) => service.assertWritable(req.user, botId));
    return service.importContacts(req.user, form.botId, form.bytes, form.mapping, pickLocale(req.headers['accept-language']));
  });

  app.get('/api/pipeline/:botId/fields', {
    schema: { tags, summary: "The owner's contact fields of a bot, in order", params: pipelineBotParams, response: { 200: contactFields, ...errors } },
  }, async (req) => ({ fields: await service.fields(req.user, req.params.botId) }));

  app.post('/api/pipeline/:botId/fields', {
    schema: { tags, summary: 'Adds a contact field (text, number, date, or choice with its options)', params: pipelineBotParams, body: contactFieldCreateBody, response: { 201: z.object({ field: contactField }), ...errors } },
  }, async (req, reply) => reply.status(201).send({ field: await service.addField(req.user, req.params.botId, req.body) }));

  app.patch('/api/pipeline/fields/:id', {
    schema: { tags, summary: "Renames a contact field, changes a choice's options or its place", params: contactFieldParams, body: contactFieldUpdateBody, response: { 200: z.object({ field: contactField }), ...errors } },
  }, async (req) => ({ field: await service.updateField(req.user, req.params.id, req.body) }));

  app.delete('/api/pipeline/fields/:id', {
    schema: { tags, summary: "Deletes a contact field with every contact's value of it", params: contactFieldParams, response: { 204: z.null(), ...errors } },
  }, async (req, reply) => {
    await service.removeField(req.user, req.params.id);
    return reply.status(204).send(null);
  });

  app.post('/api/contacts', {
    schema: { tags, summary: 'Creates a contact by hand', body: contactCreateBody, response: { 201: contactResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ contact: await service.create(req.user, req.body) }));

  app.get('/api/contacts/:id', {
    schema: { tags, summary: 'One contact', params: contactParams, response: { 200: contactResponse, ...errors } },
  }, async (req) => ({ contact: await service.get(req.user, req.params.id) }));

  app.patch('/api/contacts/:id', {
    schema: { tags, summary: "Edits a contact; { stageId, position } moves it on the board", params: contactParams, body: contactUpdateBody, response: { 200: contactResponse, ...errors } },
  }, async (req) => ({ contact: await service.update(req.user, req.params.id, req.body) }));

  app.delete('/api/contacts/:id', {
    schema: { tags, summary: 'Erases a contact with their messages and appointments', params: contactParams, response: { 204: z.null(), ...errors } },
  }, async (req, reply) => {
    await service.remove(req.user, req.params.id);
    return reply.status(204).send(null);
  });

  app.post('/api/contacts/:id/notes', {
    schema: { tags, summary: 'Adds a note to a contact', params: contactParams, body: contactNoteBody, response: { 201: contactNoteResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ note: await service.addNote(req.user, req.params.id, req.body.text) }));

  app.get('/api/contacts/:id/notes', {
    schema: { tags, summary: "The team's notes on a contact with their authors, oldest first (never shown to the customer nor to the bot)", params: contactParams, response: { 200: contactNoteList, ...errors } },
  }, async (req) => ({ items: await service.notes(req.user, req.params.id) }));

  app.get('/api/contacts/:id/timeline', {
    schema: { tags, summary: "A contact's messages, appointments, stage changes and notes, oldest first", params: contactParams, response: { 200: contactTimeline, ...errors } },
  }, async (req) => ({ items: await service.timeline(req.user, req.params.id) }));

  app.get('/api/pipeline/:botId/stages', {
    schema: { tags, summary: "The bot's pipeline stages in order (defaults by purpose on first read)", params: pipelineBotParams, response: { 200: pipelineStages, ...errors } },
  }, async (req) => ({ stages: await service.stages(req.user, req.params.botId) }));

  app.post('/api/pipeline/:botId/stages', {
    schema: { tags, summary: 'Adds a stage at the end', params: pipelineBotParams, body: stageCreateBody, response: { 201: z.object({ stage: pipelineStage }), ...errors } },
  }, async (req, reply) => reply.status(201).send({ stage: await service.addStage(req.user, req.params.botId, req.body) }));

  app.patch('/api/pipeline/stages/:id', {
    schema: { tags, summary: 'Renames, recolours or reorders a stage', params: stageParams, body: stageUpdateBody, response: { 200: z.object({ stage: pipelineStage }), ...errors } },
  }, async (req) => ({ stage: await service.updateStage(req.user, req.params.id, req.body) }));

  app.delete('/api/pipeline/stages/:id', {
    schema: { tags, summary: "Deletes a stage; its contacts move to moveTo (default the first other stage)", params: stageParams, querystring: stageDeleteQuery, response: { 204: z.null(), ...errors } },
  }, async (req, reply) => {
    await service.deleteStage(req.user, req.params.id, req.query.moveTo);
    return reply.status(204).send(null);
  });
};
