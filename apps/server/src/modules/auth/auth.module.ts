import type { SeatMembership } from '@charla/shared';
import type { AppModule, ModuleContext } from '../app-module.ts';
import type { AuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { authService, type TenantGate } from './auth.service.ts';
import type { AccessTokens } from './tokens.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { MailService } from '../mail/mail.module.ts';

/** Accounts and sessions: sign-up, sign-in, refresh, sign-out, passwords (the auth plugin checks each request). */
export function authModule(ctx: ModuleContext, deps: { repo: AuthRepository; tokens: AccessTokens; mail: MailService; audit: AuditService; membership?: (userId: string) => Promise<SeatMembership>; tenantGate?: TenantGate }) {
  const { config } = ctx;
  const service = authService(deps.repo, deps.tokens, {
    refreshTtl: config.REFRESH_TOKEN_TTL,
    reuseGrace: config.REFRESH_REUSE_GRACE,
    loginMaxPerEmail: config.LOGIN_MAX_PER_EMAIL,
    loginMaxPerIp: config.LOGIN_MAX_PER_IP,
    loginWindow: config.LOGIN_WINDOW,
    resetMaxPerEmail: config.PASSWORD_RESET_MAX_PER_EMAIL,
    resetMaxPerIp: config.PASSWORD_RESET_MAX_PER_IP,
  }, { mail: deps.mail, log: ctx.log, audit: deps.audit, membership: deps.membership, tenantGate: deps.tenantGate });
  ctx.app.addHook('preClose', () => service.settled());
  const module: AppModule = { name: 'auth', routes: async (app) => void (await app.register(authRoutes, { service, appUrl: config.APP_URL ?? config.ALLOWED_ORIGINS[0] })) };
  return { module, service };
}
