import type { AppModule, ModuleContext } from '../app-module.ts';
import type { AuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { authService } from './auth.service.ts';
import type { AccessTokens } from './tokens.ts';

/** Accounts and sessions: sign-up, sign-in, refresh, sign-out (the auth plugin checks each request). */
export function authModule(ctx: ModuleContext, deps: { repo: AuthRepository; tokens: AccessTokens }) {
  const { config } = ctx;
  const service = authService(deps.repo, deps.tokens, {
    refreshTtl: config.REFRESH_TOKEN_TTL,
    reuseGrace: config.REFRESH_REUSE_GRACE,
    loginMaxPerEmail: config.LOGIN_MAX_PER_EMAIL,
    loginMaxPerIp: config.LOGIN_MAX_PER_IP,
    loginWindow: config.LOGIN_WINDOW,
  });
  const module: AppModule = { name: 'auth', routes: async (app) => void (await app.register(authRoutes, { service })) };
  return { module, service };
}
