import { AppError } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import type { AccessedBot, AccessRepository } from './access.repository.ts';

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
export type AccessArea = 'settings' | 'channels' | 'knowledge' | 'products' | 'conversations' | 'contacts' | 'appointments';

export interface AccessOptions {
  /** Another account's bot answers NOT_FOUND, as a missing one does (the inbox, the CRM). */
  hidden?: boolean;
  /** A change a locked bot still allows (deleting the bot, disconnecting a channel). */
  evenLocked?: boolean;
}

/** The one answer to "may this caller touch this bot": the owner, or the main admin account. */
export function accessService(repo: AccessRepository) {
  async function requireRead(actor: Actor, botId: string, _area: AccessArea, opts: AccessOptions = {}): Promise<AccessedBot> {
    const row = await repo.liveBot(botId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.userId !== actor.id && actor.role !== 'admin') throw new AppError(opts.hidden ? 'NOT_FOUND' : 'FORBIDDEN');
    return row;
  }

  /** As `requireRead`, and a locked bot refuses every change with BOT_LOCKED. */
  async function requireWrite(actor: Actor, botId: string, area: AccessArea, opts: AccessOptions = {}): Promise<AccessedBot> {
    const row = await requireRead(actor, botId, area, opts);
    if (row.locked && !opts.evenLocked) throw new AppError('BOT_LOCKED');
    return row;
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

    /** Who may join a bot's room and get its live events: the owner's sockets. */
    async canJoinRoom(userId: string, botId: string): Promise<boolean> {
      const row = await repo.liveBot(botId);
      return Boolean(row && row.userId === userId);
    },

    /**
     * The account whose bots the actor may list, named by its e-mail: the actor's own, or any
     * for the main admin (undefined when no account has that e-mail); FORBIDDEN otherwise.
     */
    async readableAccount(actor: Actor & Pick<UserRow, 'email'>, email: string): Promise<string | undefined> {
      if (email === actor.email) return actor.id;
      if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
      return repo.userIdByEmail(email);
    },

    /** The account a new bot may be created for: the actor's own only, FORBIDDEN otherwise. */
    writableAccount(actor: Actor & Pick<UserRow, 'email'>, email: string): string {
      if (email !== actor.email) throw new AppError('FORBIDDEN');
      return actor.id;
    },
  };
}

export type AccessService = ReturnType<typeof accessService>;
