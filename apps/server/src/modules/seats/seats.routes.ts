import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  acceptInvitationBody,
  acceptInvitationResponse,
  apiErrorSchema,
  createSeatBody,
  doneResponse,
  getSeatsQuery,
  getSeatsUnauthenticatedMessage,
  invitationInfo,
  invitationParams,
  pickLocale,
  seatList,
  seatParams,
  seatResponse,
  updateSeatBody,
} from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import type { SeatsService } from './seats.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema };
const tags = ['seats'];

/** The account's team (owner and seat admins) and the public invitation links. */
export const seatsRoutes: FastifyPluginAsyncZod<{ service: SeatsService; appUrl?: string }> = async (app, { service, appUrl }) => {
  // Links point at APP_URL (or the first allowed origin); a local install without either uses its own address.
  const link = (req: FastifyRequest) => ({ appUrl: appUrl ?? `${req.protocol}://${req.host}`, locale: pickLocale(req.headers['accept-language']) });
  const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined, tenant: req.tenant });

  app.get('/client/get-seats', {
    // This route's 401 says the same sentence in every language.
    onRequest: (req) =>
      app.authenticate(req).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'UNAUTHENTICATED') {
          throw new AppError('UNAUTHENTICATED', undefined, { es: getSeatsUnauthenticatedMessage, en: getSeatsUnauthenticatedMessage });
        }
        throw err;
      }),
    schema: { tags, summary: "The account's seats (the owner's id, or the account a seat admin manages)", querystring: getSeatsQuery, response: { 200: seatList, ...errors } },
  }, async (req) => service.list(req.user, req.query.user_id));

  app.post('/client/seats', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Invite a team member by e-mail (402 SEAT_LIMIT_REACHED when the plan has no seat left)', body: createSeatBody, response: { 201: seatResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ seat: await service.create(req.user, req.body, link(req)) }));

  app.patch('/client/seats/:id', {
    onRequest: app.authenticate,
    schema: { tags, summary: "Change a seat's role, bots, or turn it off and on", params: seatParams, body: updateSeatBody, response: { 200: seatResponse, ...errors } },
  }, async (req) => ({ seat: await service.update(req.user, req.params.id, req.body) }));

  app.delete('/client/seats/:id', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Remove a seat; its access ends at once', params: seatParams, response: { 200: doneResponse, ...errors } },
  }, async (req) => {
    await service.remove(req.user, req.params.id);
    return { ok: true as const };
  });

  app.post('/client/seats/:id/resend', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Send a new invitation link; the earlier ones stop working', params: seatParams, response: { 200: seatResponse, ...errors } },
  }, async (req) => ({ seat: await service.resend(req.user, req.params.id, link(req)) }));

  app.get('/api/invitations/:token', {
    schema: { tags, summary: 'What an invitation link offers (410 INVITATION_INVALID when expired, used or cancelled)', params: invitationParams, response: { 200: invitationInfo, ...errors } },
  }, async (req) => service.invitation(req.params.token));

  app.post('/api/invitations/:token/accept', {
    schema: {
      tags,
      summary: 'Accept an invitation once: { name, password } makes the account and signs in; {} joins with the signed-in account of that e-mail',
      params: invitationParams,
      body: acceptInvitationBody,
      response: { 200: acceptInvitationResponse, ...errors },
    },
  }, async (req, reply) => {
    const caller = await app.authenticate(req).then(() => req.user, () => undefined);
    const result = await service.accept(caller, req.params.token, req.body, meta(req));
    if (result.tokens) app.sessionCookies.set(reply, req, result.tokens, result.user.id);
    return { ok: true as const, userId: result.user.id, accountId: result.accountId, created: result.created };
  });
};
