import {
  invitationTtlDays,
  type AuditAction,
  type AuditDetails,
  type AcceptInvitationBody,
  type CreateSeatBody,
  type InvitationInfo,
  type Locale,
  type Seat,
  type SeatRole,
  type UpdateSeatBody,
} from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { AccessService } from '../access/access.module.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { AuthService } from '../auth/index.ts';
import { hashPassword, insertUserIn, type ClientMeta, type UserRow } from '../auth/index.ts';
import type { MailService } from '../mail/mail.module.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { seatsRepository, type SeatRow } from './seats.repository.ts';

/** The web app's page that opens an invitation link. */
export const invitationPagePath = '/invitacion';

/** Where the invitation link points and the language its e-mail is written in. */
export interface InvitationLinkContext {
  appUrl: string;
  locale: Locale;
}

export function toSeat(row: SeatRow): Seat {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.isActive ? row.status : 'inactive',
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    role: row.role,
    botIds: row.role === 'agent' ? row.botIds : [],
    userId: row.userId,
    lastSeenAt: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
  };
}

const ttlMs = invitationTtlDays * 24 * 60 * 60 * 1000;

/** An account's team: invitations by e-mail, roles, assigned bots, turning seats off and on. */
export function seatsService(
  db: Db,
  deps: { access: AccessService; quota: QuotaService; mail: Pick<MailService, 'send'>; auth: Pick<AuthService, 'sessionFor' | 'revokeAllSessions'>; audit: Pick<AuditService, 'record'> },
) {
  const repo = seatsRepository(db);
  /** One entry of the account's activity about a seat: its name and e-mail as they were, never a link. */
  const recorded = (actor: UserRow, seat: Pick<SeatRow, 'id' | 'accountId' | 'name' | 'email'>, action: AuditAction, details: AuditDetails = {}) =>
    deps.audit.record({ accountId: seat.accountId, actor, action, target: { type: 'seat', id: seat.id }, details: { seat_name: seat.name, seat_email: seat.email, ...details } });

  /** The account the caller manages the team of: their own, or the one they are an admin of; an agent manages none. */
  async function managedAccount(actor: UserRow): Promise<string> {
    const member = await deps.access.membership(actor.id);
    if (!member) return actor.id;
    if (member.role !== 'admin') throw new AppError('FORBIDDEN');
    return member.accountId;
  }

  /** The caller may manage the team of `accountId`: its owner or an active admin of it. */
  async function mayManage(actor: UserRow, accountId: string): Promise<boolean> {
    return actor.id === accountId || (await repo.isActiveAdmin(accountId, actor.id));
  }

  /** A seat of a team the caller manages; any other answers NOT_FOUND. */
  async function managedSeat(actor: UserRow, seatId: string): Promise<SeatRow> {
    const seat = await repo.find(seatId);
    if (!seat || !(await mayManage(actor, seat.accountId))) throw new AppError('NOT_FOUND');
    return seat;
  }

  async function checkBots(accountId: string, botIds: string[]): Promise<string[]> {
    const unique = [...new Set(botIds)];
    const found = await repo.accountBots(accountId, unique);
    if (found.length !== unique.length) throw new AppError('SEAT_BOT_UNKNOWN', { botIds: 'SEAT_BOT_UNKNOWN' });
    return unique;
  }

  /** Takes the seat's access away: its user is signed out everywhere unless they also own an account of their own. */
  async function cutOff(seat: SeatRow): Promise<void> {
    if (!seat.userId) return;
    if (await repo.ownsBots(seat.userId)) return;
    await deps.auth.revokeAllSessions(seat.userId, 'seat-removed');
  }

  async function invite(actor: UserRow, seat: SeatRow, link: InvitationLinkContext, now: Date): Promise<void> {
    const token = randomToken();
    await repo.newInvitation(seat.id, sha256(token), new Date(now.getTime() + ttlMs), now);
    const info = await repo.invitation(sha256(token), now);
    await deps.mail.send({
      to: seat.email,
      template: 'team-invitation',
      locale: link.locale,
      params: {
        inviter: actor.name,
        business: info?.business ?? info?.ownerName ?? actor.name,
        role: seat.role,
        link: `${link.appUrl.replace(/\/$/, '')}${invitationPagePath}/${token}`,
      },
    });
  }

  return {
    async list(actor: UserRow, accountId: string): Promise<Seat[]> {
      if (!(await mayManage(actor, accountId))) throw new AppError('FORBIDDEN');
      return (await repo.list(accountId)).map(toSeat);
    },

    async create(actor: UserRow, body: CreateSeatBody, link: InvitationLinkContext, now = new Date()): Promise<Seat> {
      const accountId = await managedAccount(actor);
      const owner = await repo.userById(accountId);
      if (owner?.email.toLowerCase() === body.email.toLowerCase()) throw new AppError('SEAT_EMAIL_TAKEN', { email: 'SEAT_EMAIL_TAKEN' });
      const botIds = body.role === 'agent' ? await checkBots(accountId, body.botIds ?? []) : [];
      const seat = await db.transaction(async (tx) => {
        // The plan's seats, counted with the account's row locked: two invitations at once cannot both pass it.
        await deps.quota.require(accountId, 'seats', { tx });
        const row = await seatsRepository(tx).insert({ accountId, email: body.email, name: body.name, role: body.role, botIds, invitedBy: actor.id });
        if (!row) throw new AppError('SEAT_EMAIL_TAKEN', { email: 'SEAT_EMAIL_TAKEN' });
        return row;
      });
      await invite(actor, seat, link, now);
      await recorded(actor, seat, 'seat.invited', { role: seat.role });
      return toSeat(seat);
    },

    async update(actor: UserRow, seatId: string, body: UpdateSeatBody): Promise<Seat> {
      const seat = await managedSeat(actor, seatId);
      const role = body.role ?? seat.role;
      const botIds = role === 'agent' ? (body.botIds ? await checkBots(seat.accountId, body.botIds) : seat.botIds) : [];
      const isActive = body.isActive ?? seat.isActive;
      const status = isActive ? (seat.userId ? 'active' : 'invited') : 'inactive';
      if (isActive && !seat.isActive) {
        await db.transaction(async (tx) => {
          await deps.quota.require(seat.accountId, 'seats', { tx });
          await seatsRepository(tx).update(seat.id, { role, botIds, isActive, status });
        });
      } else {
        await repo.update(seat.id, { role, botIds, isActive, status });
      }
      if (!isActive && seat.isActive) await cutOff(seat);
      const fields = [role !== seat.role && 'role', role === 'agent' && (botIds.length !== seat.botIds.length || botIds.some((b) => !seat.botIds.includes(b))) && 'bots'].filter(Boolean);
      if (fields.length) await recorded(actor, seat, 'seat.updated', { role, fields: fields.join(',') });
      if (isActive !== seat.isActive) await recorded(actor, seat, isActive ? 'seat.reactivated' : 'seat.deactivated');
      return toSeat((await repo.find(seat.id))!);
    },

    async remove(actor: UserRow, seatId: string): Promise<void> {
      const seat = await managedSeat(actor, seatId);
      await repo.remove(seat.id);
      await cutOff(seat);
      await recorded(actor, seat, 'seat.deleted');
    },

    /** A new link for an invited seat; the earlier ones stop working. */
    async resend(actor: UserRow, seatId: string, link: InvitationLinkContext, now = new Date()): Promise<Seat> {
      const seat = await managedSeat(actor, seatId);
      if (!seat.isActive || seat.status !== 'invited') throw new AppError('INVITATION_INVALID');
      await invite(actor, seat, link, now);
      await recorded(actor, seat, 'seat.invitation_resent');
      return toSeat(seat);
    },

    /**
     * A member who already joined (the demo team): their account, made once with this password,
     * and an active seat; nothing changes when the seat exists.
     */
    async seedMember(accountId: string, member: { email: string; name: string; password: string; role: SeatRole; botIds: string[] }): Promise<void> {
      if ((await repo.list(accountId)).some((s) => s.email === member.email)) return;
      const passwordHash = await hashPassword(member.password);
      await db.transaction(async (tx) => {
        const user = (await insertUserIn(tx, { name: member.name, email: member.email, passwordHash })) ?? undefined;
        if (!user) return;
        const seats = seatsRepository(tx);
        const seat = await seats.insert({ accountId, email: member.email, name: member.name, role: member.role, botIds: member.botIds, invitedBy: accountId });
        if (seat) await seats.update(seat.id, { userId: user.id, status: 'active' });
      });
    },

    async invitation(token: string, now = new Date()): Promise<InvitationInfo> {
      const row = await repo.invitation(sha256(token), now);
      if (!row) throw new AppError('INVITATION_INVALID');
      return {
        business: row.business ?? row.ownerName,
        inviter: row.inviter ?? row.ownerName,
        role: row.seat.role,
        email: row.seat.email,
        accountExists: Boolean(await repo.userByEmail(row.seat.email)),
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * Accepts a link once: with a name and password it makes the invited person's account (and
     * a session for it); empty, it joins the signed-in account of the invited e-mail.
     */
    async accept(caller: UserRow | undefined, token: string, body: AcceptInvitationBody, meta: ClientMeta, now = new Date()) {
      const creating = 'password' in body;
      if (!creating && !caller) throw new AppError('UNAUTHENTICATED');
      const passwordHash = creating ? await hashPassword(body.password) : undefined;
      const result = await db.transaction(async (tx) => {
        const seats = seatsRepository(tx);
        const seat = await seats.consume(sha256(token), now);
        if (!seat) throw new AppError('INVITATION_INVALID');
        let user: UserRow | undefined;
        if (creating) {
          user = await insertUserIn(tx, { name: body.name, email: seat.email.toLowerCase(), passwordHash: passwordHash! });
          if (!user) throw new AppError('INVITATION_SIGN_IN_REQUIRED');
        } else {
          if (caller!.email.toLowerCase() !== seat.email.toLowerCase()) throw new AppError('INVITATION_EMAIL_MISMATCH');
          if (caller!.id === seat.accountId) throw new AppError('INVITATION_INVALID');
          user = caller!;
        }
        await seats.update(seat.id, { userId: user.id, status: 'active' });
        return { user, seat };
      });
      await deps.audit.record({
        accountId: result.seat.accountId,
        actor: result.user,
        action: 'seat.joined',
        target: { type: 'seat', id: result.seat.id },
        details: { seat_name: result.user.name, seat_email: result.seat.email, role: result.seat.role },
        ...(meta.ip && { ip: meta.ip }),
      });
      const tokens = creating ? await deps.auth.sessionFor(result.user, meta) : undefined;
      return { user: result.user, accountId: result.seat.accountId, created: creating, tokens };
    },
  };
}

export type SeatsService = ReturnType<typeof seatsService>;
