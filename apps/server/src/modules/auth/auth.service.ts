import { hash, verify } from '@node-rs/argon2';
import {
  normalizePlan,
  partnersPortal,
  passwordResetTtl,
  type ChangePasswordBody,
  type ClientInfo,
  type ForgotPasswordBody,
  type Locale,
  type LoginBody,
  type ResetPasswordBody,
  type SeatMembership,
  type SignupBody,
  type UpdateClientBody,
} from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from '../audit/audit.module.ts';
import type { MailService } from '../mail/mail.module.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import type { AccessTokens } from './tokens.ts';

export interface ClientMeta {
  ip: string;
  userAgent?: string;
  /** The tenant of the request's host (null: the main product); the session is bound to it. */
  tenant?: string | null;
}

/** Whether an account may sign in on a tenant (null: the main product): a partner's client only on that partner's subdomain. */
export type TenantGate = (userId: string, tenant: string | null) => Promise<boolean>;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

export interface AuthServiceOptions {
  refreshTtl: number;
  reuseGrace: number;
  loginMaxPerEmail: number;
  loginMaxPerIp: number;
  loginWindow: number;
  resetMaxPerEmail: number;
  resetMaxPerIp: number;
}

/** What the password-reset e-mail needs from the request: where the web app is and the reader's language. */
export interface ResetLinkContext {
  appUrl: string;
  locale: Locale;
}

/** The web app's page that opens a reset link. */
export const resetPagePath = '/restablecer-contrasena';
const resetWindow = 60 * 60;

export function toClientInfo(user: UserRow, portal?: string): ClientInfo {
  const plan = normalizePlan(user.membershipType);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phoneNumber,
    role: user.role,
    membershipTypeName: plan,
    membership: { membershipTypeName: plan },
    isPartner: user.isPartner && portal === partnersPortal,
    logoUrl: null,
    loggedWith: user.loggedWith,
    createdAt: user.createdAt.toISOString(),
  };
}

export const hashPassword = (password: string) => hash(password);
let dummyHash: Promise<string> | undefined;

export function authService(
  repo: AuthRepository,
  tokens: AccessTokens,
  opts: AuthServiceOptions,
  deps: { mail: Pick<MailService, 'send'>; log: FastifyBaseLogger; audit: Pick<AuditService, 'record'>; membership?: (userId: string) => Promise<SeatMembership>; tenantGate?: TenantGate },
) {
  /** Other modules told of each new account (the affiliate program attributes it to its referrer). */
  const signedUp: ((user: UserRow) => Promise<void>)[] = [];

  /** Work that runs after its request was answered (the reset e-mail), so a test or a shutdown can wait for it. */
  const pending = new Set<Promise<void>>();
  const background = (work: () => Promise<void>) => {
    const run = work()
      .catch((err: unknown) => deps.log.error({ err }, 'password reset e-mail failed'))
      .finally(() => pending.delete(run));
    pending.add(run);
  };

  async function startSession(user: UserRow, meta: ClientMeta): Promise<IssuedTokens> {
    const tenant = meta.tenant ?? null;
    if (deps.tenantGate && !(await deps.tenantGate(user.id, tenant))) throw new AppError('TENANT_MISMATCH');
    const sessionId = await repo.createSession(user.id, meta.userAgent, meta.ip, tenant ?? '');
    return issue(user.id, user.role, sessionId);
  }

  async function issue(userId: string, role: UserRow['role'], sessionId: string): Promise<IssuedTokens> {
    const refreshToken = randomToken();
    await repo.insertRefreshToken(sha256(refreshToken), sessionId, new Date(Date.now() + opts.refreshTtl * 1000));
    const accessToken = await tokens.sign({ sub: userId, sid: sessionId, role });
    return { accessToken, refreshToken };
  }

  async function limit(key: string, max: number, windowSeconds = opts.loginWindow) {
    if ((await repo.hit(key, windowSeconds)) > max) throw new AppError('RATE_LIMITED');
  }

  return {
    /** Subscribes to new accounts, called after each sign-up is stored. */
    onSignedUp(listener: (user: UserRow) => Promise<void>): void {
      signedUp.push(listener);
    },

    async signup(body: SignupBody, meta: ClientMeta) {
      // A partner's clients are made by the partner; accounts are opened on the main product only.
      if (meta.tenant) throw new AppError('TENANT_MISMATCH');
      await limit(`signup:ip:${meta.ip}`, opts.loginMaxPerIp);
      const user = await repo.insertUser({
        name: body.name,
        email: body.email,
        phoneNumber: body.phone_number,
        passwordHash: await hashPassword(body.password),
        referredByCode: body.referral_code || null,
      });
      if (!user) throw new AppError('EMAIL_TAKEN', { email: 'EMAIL_TAKEN' });
      // A listener's failure never costs the account: it is logged.
      for (const listener of signedUp) await listener(user).catch((err: unknown) => deps.log.error({ err, userId: user.id }, 'sign-up listener failed'));
      return { user, tokens: await startSession(user, meta) };
    },

    /** A new session for a user who proved who they are another way (an accepted team invitation). */
    sessionFor: (user: UserRow, meta: ClientMeta): Promise<IssuedTokens> => startSession(user, meta),

    /** Signs the user out on every device. */
    revokeAllSessions: (userId: string, reason: string): Promise<void> => repo.revokeUserSessions(userId, reason),

    async login(body: LoginBody, meta: ClientMeta) {
      await limit(`login:ip:${meta.ip}`, opts.loginMaxPerIp);
      await limit(`login:email:${body.email}`, opts.loginMaxPerEmail);
      const user = await repo.findUserByEmail(body.email);
      // An unknown e-mail costs the same as a wrong password: no hint which one it was.
      const ok = user
        ? await verify(user.passwordHash, body.password).catch(() => false)
        : await verify(await (dummyHash ??= hashPassword(randomToken())), body.password).then(() => false);
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
      // Only the right password learns that the account is suspended.
      if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
      await repo.clearHits(`login:email:${body.email}`);
      const issued = await startSession(user, meta);
      // A team member's sign-in is in the activity of the account they work in.
      const seat = deps.membership ? await deps.membership(user.id).catch(() => null) : null;
      await deps.audit.record({ accountId: seat?.accountId ?? user.id, actor: user, action: 'auth.sign_in', ip: meta.ip });
      return { user, tokens: issued, seat };
    },

    /**
     * Rotates a refresh token. Reusing an already-rotated token revokes its whole family,
     * except within a few seconds of its rotation (two tabs refreshing at the same moment):
     * then a new access token is issued for the same session and the refresh cookie is left alone.
     */
    async refresh(refreshToken: string | undefined, tenant: string | null = null): Promise<{ userId: string; tokens: IssuedTokens | { accessToken: string } }> {
      if (!refreshToken) throw new AppError('UNAUTHENTICATED');
      const tokenHash = sha256(refreshToken);
      // A session opened on one tenant is not renewed on another.
      const consumed = await repo.consumeRefreshToken(tokenHash, tenant ?? '');
      if (consumed) {
        const user = await repo.findUserById(consumed.userId);
        if (!user || user.suspendedAt) throw new AppError('UNAUTHENTICATED');
        return { userId: user.id, tokens: await issue(user.id, user.role, consumed.sessionId) };
      }
      const known = await repo.findRefreshToken(tokenHash);
      if (known?.usedAt && !known.revokedAt && known.tenant === (tenant ?? '')) {
        const user = await repo.findUserById(known.userId);
        if (user && Date.now() - known.usedAt.getTime() <= opts.reuseGrace * 1000) {
          return { userId: user.id, tokens: { accessToken: await tokens.sign({ sub: user.id, sid: known.sessionId, role: user.role }) } };
        }
        await repo.revokeSession(known.sessionId, 'refresh-token-reuse');
      }
      throw new AppError('UNAUTHENTICATED');
    },

    async logout(sessionId: string | undefined, refreshToken: string | undefined) {
      if (sessionId) await repo.revokeSession(sessionId, 'logout');
      if (refreshToken) {
        const known = await repo.findRefreshToken(sha256(refreshToken));
        if (known) await repo.revokeSession(known.sessionId, 'logout');
      }
    },

    /** A new password while signed in: the current one must match; every other session ends, this one stays. */
    async changePassword(caller: UserRow, sessionId: string, body: ChangePasswordBody): Promise<void> {
      await limit(`password:user:${caller.id}`, opts.loginMaxPerEmail);
      const ok = await verify(caller.passwordHash, body.currentPassword).catch(() => false);
      if (!ok) throw new AppError('CURRENT_PASSWORD_WRONG', { currentPassword: 'CURRENT_PASSWORD_WRONG' });
      await repo.changePassword(caller.id, await hashPassword(body.newPassword), sessionId);
      await repo.clearHits(`password:user:${caller.id}`);
    },

    /**
     * Asks for a reset link. The caller answers the same whether or not the e-mail has an account:
     * the lookup, the token and the e-mail happen after the answer, in the background.
     */
    async forgotPassword(body: ForgotPasswordBody, meta: ClientMeta, link: ResetLinkContext, now = new Date()): Promise<void> {
      await limit(`reset:ip:${meta.ip}`, opts.resetMaxPerIp, resetWindow);
      await limit(`reset:email:${body.email}`, opts.resetMaxPerEmail, resetWindow);
      background(async () => {
        const user = await repo.findUserByEmail(body.email);
        if (!user) return;
        const token = randomToken();
        await repo.insertPasswordReset(sha256(token), user.id, new Date(now.getTime() + passwordResetTtl * 1000));
        const url = `${link.appUrl.replace(/\/+$/, '')}${resetPagePath}?token=${encodeURIComponent(token)}`;
        await deps.mail.send({
          to: user.email,
          template: 'password-reset',
          locale: link.locale,
          params: { name: user.name, link: url, minutes: passwordResetTtl / 60 },
        });
      });
    },

    /**
     * A link to choose a password, good once for `ttlSeconds`, for an account made by someone
     * else (a partner's new client): the caller sends it in its own message.
     */
    async choosePasswordLink(userId: string, appUrl: string, ttlSeconds: number, now = new Date()): Promise<string> {
      const token = randomToken();
      await repo.insertPasswordReset(sha256(token), userId, new Date(now.getTime() + ttlSeconds * 1000));
      return `${appUrl.replace(/\/+$/, '')}${resetPagePath}?token=${encodeURIComponent(token)}`;
    },

    /** A new password through a reset link: used once, before it expires; every session of the user ends. */
    async resetPassword(body: ResetPasswordBody, now = new Date()): Promise<void> {
      const passwordHash = await hashPassword(body.password);
      const userId = await repo.resetPassword(sha256(body.token), passwordHash, now);
      if (!userId) throw new AppError('RESET_TOKEN_INVALID', { token: 'RESET_TOKEN_INVALID' });
    },

    /** Resolves once the background work started so far (reset e-mails) is done. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    /** A user reads only their own account, and the account they work in as a team member. */
    async info(caller: UserRow, userId: string, portal?: string): Promise<ClientInfo> {
      if (caller.id !== userId) throw new AppError('FORBIDDEN');
      const seat = deps.membership ? await deps.membership(caller.id) : null;
      return { ...toClientInfo(caller, portal), seat };
    },

    async updateClient(caller: UserRow, body: UpdateClientBody, portal?: string): Promise<ClientInfo> {
      if (caller.id !== body.id) throw new AppError('FORBIDDEN');
      if (body.email !== caller.email) {
        const other = await repo.findUserByEmail(body.email);
        if (other && other.id !== caller.id) throw new AppError('EMAIL_TAKEN', { email: 'EMAIL_TAKEN' });
      }
      const updated = await repo
        .updateUser(caller.id, { name: body.name, email: body.email, phoneNumber: body.phone_number })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', { email: 'EMAIL_TAKEN' });
          throw err;
        });
      if (!updated) throw new AppError('NOT_FOUND');
      return toClientInfo(updated, portal);
    },

    /** The main internal admin account, made once. Answers the generated password when it made one. */
    async ensureAdmin(email: string, password: string | undefined): Promise<{ created: boolean; password?: string }> {
      if ((await repo.countUsers('admin')) > 0) return { created: false };
      const chosen = password ?? randomToken().slice(0, 20);
      // Several processes may start at once: only the one whose insert won made the account.
      const made = await repo.insertUser({ name: 'Administrador', email, passwordHash: await hashPassword(chosen), role: 'admin' });
      if (!made) return { created: false };
      return { created: true, ...(password ? {} : { password: chosen }) };
    },

    /** A demo owner on an empty database, so a first start has someone to sign in as. */
    async seedDemo(email: string, password: string): Promise<boolean> {
      if ((await repo.countUsers('owner')) > 0) return false;
      const user = await repo.insertUser({
        name: 'Dra. Lucía Herrera',
        email,
        phoneNumber: '+523312345678',
        passwordHash: await hashPassword(password),
      });
      return Boolean(user);
    },
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export type AuthService = ReturnType<typeof authService>;
