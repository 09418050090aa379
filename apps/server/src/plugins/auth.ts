import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import type { Config } from '../config.ts';
import type { AuthRepository, UserRow } from '../modules/auth/auth.repository.ts';
import type { AccessTokens } from '../modules/auth/tokens.ts';
import { tenantOfHost } from '../modules/partners/partners.module.ts';

/**
 * `sessionExpires` is readable by the web app and lives exactly as long as the access token: when
 * it is gone, the app renews the session before its first call instead of collecting 401s.
 */
export const cookieNames = { access: 'charla_at', refresh: 'charla_rt', user: 'user', sessionExpires: 'session_expires' } as const;

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    sessionCookies: {
      set(reply: FastifyReply, request: FastifyRequest, tokens: { accessToken: string; refreshToken?: string }, userId: string): void;
      clear(reply: FastifyReply): void;
    };
  }
  interface FastifyRequest {
    /** The signed-in user; set by `app.authenticate`. */
    user: UserRow;
    sessionId: string;
    /** The tenant the host names: null on the main product, 'partners' on the partner portal, else a partner's subdomain. */
    readonly tenant: string | null;
  }
}

interface AuthPluginOptions {
  config: Config;
  repo: AuthRepository;
  tokens: AccessTokens;
}

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Cookie sessions: parsing, issuing and clearing the cookies, the `authenticate` pre-handler
 * (token valid and its session alive), and the CSRF defence for cookie-authenticated writes.
 */
export const authPlugin = fp<AuthPluginOptions>(async (app: FastifyInstance, { config, repo, tokens }) => {
  await app.register(cookie);
  const allowed = new Set(config.ALLOWED_ORIGINS);
  const secure = (request: FastifyRequest) =>
    config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' : config.COOKIE_SECURE === 'true';

  // SameSite cookies stop most cross-site writes; browsers also send Origin (or Sec-Fetch-Site)
  // on every cross-site write, and a write carrying our cookies from another origin is refused.
  app.addHook('onRequest', async (request) => {
    if (!unsafe.has(request.method)) return;
    const cookies = request.headers.cookie;
    if (!cookies || !(cookies.includes(cookieNames.access) || cookies.includes(cookieNames.refresh))) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('CSRF_REJECTED');
    const source = request.headers.origin ?? (request.headers.referer ? safeOrigin(request.headers.referer) : undefined);
    if (source === undefined) return;
    if (source !== requestOrigin(request) && !allowed.has(source)) throw new AppError('CSRF_REJECTED');
  });

  app.decorateRequest('user', null as unknown as UserRow);
  app.decorateRequest('sessionId', '');
  app.decorateRequest('tenant', {
    getter(this: FastifyRequest) {
      return tenantOfHost(this.host, config.APP_BASE_DOMAIN);
    },
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = request.cookies[cookieNames.access];
    const claims = token ? await tokens.verify(token) : undefined;
    const found = claims ? await repo.findSessionUser(claims.sub, claims.sid) : undefined;
    // A session belongs to the tenant it was opened on: another subdomain does not take it.
    if (!claims || !found || found.sessionTenant !== (request.tenant ?? '')) throw new AppError('UNAUTHENTICATED');
    const { sessionTenant: _tenant, ...user } = found;
    request.user = user;
    request.sessionId = claims.sid;
  });

  app.decorate('sessionCookies', {
    set(reply, request, issued, userId) {
      const base = { httpOnly: true, secure: secure(request), sameSite: 'lax' as const, path: '/' };
      reply.setCookie(cookieNames.access, issued.accessToken, { ...base, maxAge: config.ACCESS_TOKEN_TTL });
      const expires = Date.now() + config.ACCESS_TOKEN_TTL * 1000;
      reply.setCookie(cookieNames.sessionExpires, String(expires), { ...base, httpOnly: false, maxAge: config.ACCESS_TOKEN_TTL });
      if (issued.refreshToken) {
        reply.setCookie(cookieNames.refresh, issued.refreshToken, {
          ...base,
          sameSite: 'strict',
          path: '/client',
          maxAge: config.REFRESH_TOKEN_TTL,
        });
      }
      reply.setCookie(cookieNames.user, userId, { ...base, httpOnly: false, maxAge: config.REFRESH_TOKEN_TTL });
    },
    clear(reply) {
      reply.clearCookie(cookieNames.access, { path: '/' });
      reply.clearCookie(cookieNames.refresh, { path: '/client' });
      reply.clearCookie(cookieNames.user, { path: '/' });
      reply.clearCookie(cookieNames.sessionExpires, { path: '/' });
    },
  });
});

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}
