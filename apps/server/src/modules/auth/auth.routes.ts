import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptedResponse,
  apiErrorSchema,
  authResponse,
  changePasswordBody,
  doneResponse,
  forgotPasswordBody,
  pickLocale,
  resetPasswordBody,
  clientInfo,
  loginBody,
  okResponse,
  portalHeader,
  signupBody,
  updateClientBody,
  updateClientResponse,
  userIdParams,
} from '@charla/shared';
import { cookieNames } from '../../plugins/auth.ts';
import { toClientInfo, type AuthService } from './auth.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService; appUrl?: string }> = async (app, { service, appUrl }) => {
  const meta = (req: { ip: string; tenant: string | null; headers: Record<string, string | string[] | undefined> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    tenant: req.tenant,
  });
  const portal = (req: { headers: Record<string, string | string[] | undefined> }) => {
    const value = req.headers[portalHeader];
    return typeof value === 'string' ? value : undefined;
  };

  app.post('/client/signup', {
    schema: { tags, summary: 'Create an account and sign in', body: signupBody, response: { 201: authResponse, ...errors } },
  }, async (req, reply) => {
    const { user, tokens } = await service.signup(req.body, meta(req));
    app.sessionCookies.set(reply, req, tokens, user.id);
    return reply.status(201).send({ user: toClientInfo(user) });
  });

  app.post('/client/login', {
    schema: { tags, summary: 'Sign in with e-mail and password', body: loginBody, response: { 200: authResponse, ...errors } },
  }, async (req, reply) => {
    const { user, tokens, seat } = await service.login(req.body, meta(req));
    app.sessionCookies.set(reply, req, tokens, user.id);
    // As /client/info answers it, team membership included: the app starts from this answer.
    return { user: { ...toClientInfo(user, req.tenant ?? undefined), seat } };
  });

  app.post('/client/refresh-token', {
    schema: { tags, summary: 'Rotate the refresh token and issue a new access token', response: { 200: okResponse, 401: apiErrorSchema } },
  }, async (req, reply) => {
    try {
      const { userId, tokens } = await service.refresh(req.cookies[cookieNames.refresh], req.tenant);
      app.sessionCookies.set(reply, req, tokens, userId);
      return { ok: true };
    } catch (err) {
      app.sessionCookies.clear(reply);
      throw err;
    }
  });

  app.get('/client/info/:userId', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'The signed-in user (only their own id); honours the x-portal header',
      params: userIdParams,
      response: { 200: clientInfo, 401: apiErrorSchema, 403: apiErrorSchema },
    },
  }, async (req) => service.info(req.user, req.params.userId, portal(req)));

  app.post('/client/update-client', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Change name, e-mail and phone of the own account', body: updateClientBody, response: { 200: updateClientResponse, ...errors } },
  }, async (req) => ({ ok: true as const, user: await service.updateClient(req.user, req.body, portal(req)) }));

  app.post('/api/auth/password', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Change the password of the own account; every other session is signed out',
      body: changePasswordBody,
      response: { 200: doneResponse, ...errors },
    },
  }, async (req) => {
    await service.changePassword(req.user, req.sessionId, req.body);
    return { ok: true as const };
  });

  app.post('/api/auth/password/forgot', {
    schema: {
      tags,
      summary: 'Ask for a password reset link by e-mail (the same answer whether or not the account exists)',
      body: forgotPasswordBody,
      response: { 202: acceptedResponse, 400: apiErrorSchema, 429: apiErrorSchema },
    },
  }, async (req, reply) => {
    // Links point at APP_URL (or the first allowed origin); a local install without either uses its own address.
    const link = { appUrl: appUrl ?? `${req.protocol}://${req.host}`, locale: pickLocale(req.headers['accept-language']) };
    await service.forgotPassword(req.body, meta(req), link);
    return reply.status(202).send({ ok: true as const });
  });

  app.post('/api/auth/password/reset', {
    schema: {
      tags,
      summary: 'Choose a new password with a reset link; every session of the account is signed out',
      body: resetPasswordBody,
      response: { 200: doneResponse, 400: apiErrorSchema },
    },
  }, async (req) => {
    await service.resetPassword(req.body);
    return { ok: true as const };
  });

  app.post('/client/logout', {
    schema: { tags, summary: 'End the session on this device', response: { 200: okResponse } },
  }, async (req, reply) => {
    // Logout works with an expired access token too: the refresh cookie names the session.
    const sessionId = await app.authenticate(req).then(() => req.sessionId, () => undefined);
    await service.logout(sessionId, req.cookies[cookieNames.refresh]);
    app.sessionCookies.clear(reply);
    return { ok: true };
  });
};
