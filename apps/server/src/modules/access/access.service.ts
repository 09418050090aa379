import { AppError } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import type { AccessedBot, AccessRepository, Membership, SeatGrant } from './access.repository.ts';

/**
 * Who asks: the signed-in user as the request's session query read it. Everything else the
 * answer depends on (whose bot it is, later a seat's role or a partner's clients) is read with
 * the bot, in the check's one query.
 */
export type Actor = Pick<UserRow, 'id' | 'role'>;

/**
 * The part of a bot a call reads or changes. Every call names it; today the owner and the main
 * admin may do everything, and roles that may do only some of it (an agent answers conversations
 * but does not change the settings) are decided here alone.
 */
export type AccessArea = 'settings' | 'channels' | 'knowledge' | 'products' | 'conversations' | 'contacts' | 'appointments' | 'campaigns';

/** The account whose bots a caller lists, and (for an agent) the only bots of it they may see; null: all. */
export interface ReadableAccount {
  accountId: string;
  botIds: string[] | null;
}

export interface AccessOptions {
  /** Another account's bot answers NOT_FOUND, as a missing one does (the inbox, the CRM). */
  hidden?: boolean;
  /** A change a locked bot still allows (deleting the bot, disconnecting a channel). */
  evenLocked?: boolean;
}

/** What a seat's agent may touch on the bots assigned to them: the customers' side, never the bot's setup. */
const agentAreas: ReadonlySet<AccessArea> = new Set(['conversations', 'contacts', 'appointments']);

/** What a team member's role allows on a bot of the account: an admin everything, an agent its areas of its bots. */
export function seatAllows(seat: SeatGrant, botId: string, area: AccessArea): boolean {
  if (seat.role === 'admin') return true;
  return agentAreas.has(area) && seat.botIds.includes(botId);
}

/**
 * The one answer to "may this caller touch this bot": the owner, the main admin account, or an
 * active team member of the owner's account as their role allows — read in one query.
 */
export function accessService(repo: AccessRepository) {
  async function requireRead(actor: Actor, botId: string, area: AccessArea, opts: AccessOptions = {}): Promise<AccessedBot> {
    const found = await repo.liveBotFor(botId, actor.id);
    if (!found) throw new AppError('NOT_FOUND');
    const { bot, seat } = found;
    if (bot.userId === actor.id || actor.role === 'admin') return bot;
    if (seat && seatAllows(seat, botId, area)) return bot;
    throw new AppError(opts.hidden ? 'NOT_FOUND' : 'FORBIDDEN');
  }

  /** As `requireRead`, and a locked bot refuses every change with BOT_LOCKED. */
  async function requireWrite(actor: Actor, botId: string, area: AccessArea, opts: AccessOptions = {}): Promise<AccessedBot> {
    const row = await requireRead(actor, botId, area, opts);
    if (row.locked && !opts.evenLocked) throw new AppError('BOT_LOCKED');
    return row;
  }

  /** The account a team member works in, when they own no bots of their own (an owner's own account wins). */
  async function workspace(userId: string): Promise<Membership | null> {
    const { membership, ownsBots } = await repo.membership(userId);
    return membership && !ownsBots ? membership : null;
  }

  const answers = (check: Promise<unknown>): Promise<boolean> =>
    check.then(
      () => true,
      (err: unknown) => {
        if (err instanceof AppError) return false;
        throw err;
      },
    );

  return {
    requireRead,
    requireWrite,
    canRead: (actor: Actor, botId: string, area: AccessArea): Promise<boolean> => answers(requireRead(actor, botId, area)),
    canWrite: (actor: Actor, botId: string, area: AccessArea): Promise<boolean> => answers(requireWrite(actor, botId, area)),

    /** Who may join a bot's room and get its live events: the owner's sockets, and the team members who may read its conversations. */
    async canJoinRoom(userId: string, botId: string): Promise<boolean> {
      const found = await repo.liveBotFor(botId, userId);
      if (!found) return false;
      return found.bot.userId === userId || Boolean(found.seat && seatAllows(found.seat, botId, 'conversations'));
    },

    /** The account the user works in as a team member (null for an owner, or a member who owns bots of their own). */
    membership: (userId: string): Promise<Membership | null> => workspace(userId),

    /**
     * The account whose bots the actor may list, named by its e-mail: the actor's own (or, for a
     * team member, the account they work in, an agent's bots only), that account's owner's, or any
     * for the main admin (undefined when no account has that e-mail); FORBIDDEN otherwise.
     */
    async readableAccount(actor: Actor & Pick<UserRow, 'email'>, email: string): Promise<ReadableAccount | undefined> {
      if (actor.role === 'admin') {
        const id = email === actor.email ? actor.id : await repo.userIdByEmail(email);
        return id ? { accountId: id, botIds: null } : undefined;
      }
      const member = await workspace(actor.id);
      if (member && (email === actor.email || email === member.accountEmail)) {
        return { accountId: member.accountId, botIds: member.role === 'agent' ? member.botIds : null };
      }
      if (email === actor.email) return { accountId: actor.id, botIds: null };
      throw new AppError('FORBIDDEN');
    },

    /**
     * The account a new bot is made for: the actor's own, or the account a seat admin works in;
     * an agent makes none (FORBIDDEN), nor does anyone for another account.
     */
    async creatableAccount(actor: Actor & Pick<UserRow, 'email'>, email: string): Promise<string> {
      const member = actor.role === 'admin' ? null : await workspace(actor.id);
      if (member && (email === actor.email || email === member.accountEmail)) {
        if (member.role !== 'admin') throw new AppError('FORBIDDEN');
        return member.accountId;
      }
      if (email !== actor.email) throw new AppError('FORBIDDEN');
      return actor.id;
    },

    /** The account a new bot may be created for: the actor's own only, FORBIDDEN otherwise. */
    writableAccount(actor: Actor & Pick<UserRow, 'email'>, email: string): string {
      if (email !== actor.email) throw new AppError('FORBIDDEN');
      return actor.id;
    },
  };
}

export type AccessService = ReturnType<typeof accessService>;
