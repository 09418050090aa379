import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  attachmentLimits,
  attachmentReplyFields,
  assignConversationBody,
  conversationDetail,
  conversationList,
  conversationMediaParams,
  conversationListQuery,
  conversationMessagesPage,
  conversationMessagesQuery,
  conversationParams,
  humanReplyBody,
  humanReplyResponse,
  templateReplyBody,
  conversationActions,
  conversationAssignees,
  conversationAssigneesQuery,
} from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import { declaredOver, readUpload } from '../../lib/multipart.ts';
import type { InboxService } from './inbox.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 423: apiErrorSchema };
const tags = ['inbox'];

/** The inbox: a bot's conversations on its channels, a person's replies, takeover and release. */
export const inboxRoutes: FastifyPluginAsyncZod<{ service: InboxService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/conversations', {
    schema: { tags, summary: "A bot's conversations, newest activity first (keyset pages)", querystring: conversationListQuery, response: { 200: conversationList, ...errors } },
  }, async (req) => service.list(req.user, req.query));

  app.get('/api/conversations/assignees', {
    schema: { tags, summary: "Who a bot's conversations can be given to: its owner, the account's admins and the bot's agents", querystring: conversationAssigneesQuery, response: { 200: conversationAssignees, ...errors } },
  }, async (req) => service.assignees(req.user, req.query.botId));

  app.patch('/api/conversations/:id/assign', {
    schema: {
      tags,
      summary: 'Give the conversation to the owner or a team member with access to its bot (userId null: nobody); an agent only takes it for themself (403 otherwise)',
      params: conversationParams,
      body: assignConversationBody,
      response: { 200: conversationDetail, ...errors },
    },
  }, async (req) => service.assign(req.user, req.params.id, req.body.userId));

  app.get('/api/conversations/:id', {
    schema: { tags, summary: 'One conversation with its contact', params: conversationParams, response: { 200: conversationDetail, ...errors } },
  }, async (req) => service.get(req.user, req.params.id));

  app.get('/api/conversations/:id/messages', {
    schema: {
      tags,
      summary: "A conversation's messages, newest page first (each page oldest first), with delivery status and media",
      params: conversationParams,
      querystring: conversationMessagesQuery,
      response: { 200: conversationMessagesPage, ...errors },
    },
  }, async (req) => service.messages(req.user, req.params.id, req.query.before, req.query.limit));

  app.post('/api/conversations/:id/messages', {
    schema: {
      tags,
      summary: "A person's reply, sent on the conversation's channel (409 WINDOW_CLOSED after 24 hours on Meta channels)",
      params: conversationParams,
      body: humanReplyBody,
      response: { 202: humanReplyResponse, ...errors },
    },
  }, async (req, reply) => reply.status(202).send(await service.reply(req.user, req.params.id, req.body)));

  app.post('/api/conversations/:id/attachments', {
    // Too large is said before the body is read (a declared size), or once the file is (the form's own limit): a 400 either way.
    onRequest: async (req) => {
      if (declaredOver(req, attachmentLimits.bytes)) throw new AppError('ATTACHMENT_TOO_LARGE');
    },
    schema: {
      tags,
      summary: "A person's picture (JPG, PNG, WebP) or PDF, 16 MB at most, sent on the conversation's channel (multipart: text as its caption, client_message_id, then file)",
      consumes: ['multipart/form-data'],
      params: conversationParams,
      response: { 202: humanReplyResponse, ...errors },
    },
  }, async (req, reply) => {
    const form = await readUpload(req, 'file', attachmentReplyFields, () => service.attachable(req.user, req.params.id)).catch((err: unknown) =>
      Promise.reject((err as { statusCode?: number } | null)?.statusCode === 413 ? new AppError('ATTACHMENT_TOO_LARGE') : err),
    );
    return reply.status(202).send(await service.attach(req.user, req.params.id, form.fields, form.file));
  });

  app.post('/api/conversations/:id/template', {
    schema: { tags, summary: 'An approved WhatsApp template (its {{1}} filled with text)', params: conversationParams, body: templateReplyBody, response: { 202: humanReplyResponse, ...errors } },
  }, async (req, reply) => reply.status(202).send(await service.template(req.user, req.params.id, req.body)));

  app.get('/api/conversations/:id/media/:file', {
    schema: { tags, summary: 'A file a customer sent (a photo, audio, video or document), as kept', params: conversationMediaParams },
  }, async (req, reply) => {
    const file = await service.media(req.user, req.params.id, req.params.file);
    const name = (file.name ?? req.params.file).replace(/["\\\r\n]/g, '_');
    return reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `${file.inline ? 'inline' : 'attachment'}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.name ?? req.params.file)}`)
      .header('content-length', file.stored.size)
      .send(file.stored.body);
  });

  for (const action of conversationActions) {
    app.post(`/api/conversations/:id/${action}`, {
      schema: { tags, summary: `${action[0]!.toUpperCase()}${action.slice(1)} the conversation`, params: conversationParams, response: { 200: conversationDetail, ...errors } },
    }, async (req) => service[action](req.user, req.params.id));
  }
};
