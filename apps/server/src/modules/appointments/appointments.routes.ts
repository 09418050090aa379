import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  appointmentBotQuery,
  appointmentIdParams,
  appointmentListQuery,
  appointmentListResponse,
  appointmentResponse,
  contactSearchQuery,
  contactSearchResponse,
  createAppointmentBody,
  feedTokenParams,
  feedUrlResponse,
  slotTakenError,
  updateAppointmentBody,
} from '@charla/shared';
import type { FastifyRequest } from 'fastify';
import type { AppointmentsService } from './appointments.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: slotTakenError, 423: apiErrorSchema };
const tags = ['appointments'];
const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

export const appointmentsRoutes: FastifyPluginAsyncZod<{ service: AppointmentsService }> = async (app, { service }) => {
  const authenticate = app.authenticate;

  app.get('/api/appointments', {
    onRequest: authenticate,
    schema: { tags, summary: "A bot's appointments overlapping [from, to) (92 days at most), optionally of one status or one contact", querystring: appointmentListQuery, response: { 200: appointmentListResponse, ...errors } },
  }, async (req, reply) => reply.type('application/json; charset=utf-8').send((await service.list(req.user, req.query)) as never));

  app.post('/api/appointments', {
    onRequest: authenticate,
    schema: { tags, summary: 'Book for a contact of the bot or a new one (force: outside the opening hours)', body: createAppointmentBody, response: { 201: appointmentResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ ok: true as const, appointment: await service.create(req.user, req.body) }));

  app.patch('/api/appointments/:id', {
    onRequest: authenticate,
    schema: { tags, summary: 'Move, change the service, notes or status', params: appointmentIdParams, body: updateAppointmentBody, response: { 200: appointmentResponse, ...errors } },
  }, async (req) => ({ ok: true as const, ...(await service.update(req.user, req.params.id, req.body)) }));

  app.delete('/api/appointments/:id', {
    onRequest: authenticate,
    schema: { tags, summary: 'Cancel (the appointment stays, cancelled)', params: appointmentIdParams, response: { 200: appointmentResponse, ...errors } },
  }, async (req) => ({ ok: true as const, ...(await service.cancel(req.user, req.params.id)) }));

  app.get('/api/appointments/contacts', {
    onRequest: authenticate,
    schema: { tags, summary: "Search the bot's contacts to book for", querystring: contactSearchQuery, response: { 200: contactSearchResponse, ...errors } },
  }, async (req) => ({ items: await service.searchContacts(req.user, req.query.botId, req.query.q) }));

  app.get('/api/appointments/feed', {
    onRequest: authenticate,
    schema: { tags, summary: "The link of the bot's calendar feed (iCalendar)", querystring: appointmentBotQuery, response: { 200: feedUrlResponse, ...errors } },
  }, async (req) => ({ url: await service.feed(req.user, req.query.botId, origin(req)) }));

  app.post('/api/appointments/feed', {
    onRequest: authenticate,
    schema: { tags, summary: 'A new secret link for the calendar feed; the old one stops working', querystring: appointmentBotQuery, response: { 200: feedUrlResponse, ...errors } },
  }, async (req) => ({ url: await service.regenerateFeed(req.user, req.query.botId, origin(req)) }));

  // The feed is read by calendar apps: the secret in the link is its only credential.
  app.get('/api/appointments/feed/:token', {
    schema: { tags, summary: 'The calendar feed behind a secret link ({token}.ics)', params: feedTokenParams },
  }, async (req, reply) => {
    const text = await service.feedCalendar(req.params.token);
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text);
  });
};
