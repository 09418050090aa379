import type { SavedReply, SavedReplyCreateBody, SavedReplyUpdateBody } from '@charla/shared';
import { savedReplyLimits } from '@charla/shared/constants';
import { AppError } from '../../lib/errors.ts';
import type { AccessService } from '../access/access.module.ts';
import type { UserRow } from '../auth/index.ts';
import type { SavedRepliesRepository, SavedReplyRow } from './saved-replies.repository.ts';

const toSavedReply = (row: SavedReplyRow): SavedReply => ({
  id: row.id,
  botId: row.botId,
  title: row.title,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A bot's saved replies: whoever answers its conversations reads them (an agent too); the owner and
 * the account's admins write them. A bot or reply of another account does not exist (404).
 */
export function savedRepliesService(deps: { repo: SavedRepliesRepository; access: AccessService }) {
  const { repo, access } = deps;

  /** A reply of a bot the caller may change. */
  async function editable(caller: UserRow, id: string) {
    const row = await repo.find(id);
    if (!row) throw new AppError('NOT_FOUND');
    await access.requireWrite(caller, row.botId, 'settings', { hidden: true });
    return row;
  }

  return {
    async list(caller: UserRow, botId: string): Promise<SavedReply[]> {
      await access.requireRead(caller, botId, 'conversations', { hidden: true });
      return (await repo.list(botId)).map(toSavedReply);
    },

    async create(caller: UserRow, body: SavedReplyCreateBody): Promise<SavedReply> {
      await access.requireWrite(caller, body.botId, 'settings', { hidden: true });
      const stored = await repo.insert({ botId: body.botId, title: body.title, text: body.text }, savedReplyLimits.perBot);
      if (stored === 'full') throw new AppError('SAVED_REPLY_LIMIT_REACHED');
      return toSavedReply(stored);
    },

    async update(caller: UserRow, id: string, body: SavedReplyUpdateBody): Promise<SavedReply> {
      await editable(caller, id);
      const row = await repo.update(id, body);
      if (!row) throw new AppError('NOT_FOUND');
      return toSavedReply(row);
    },

    async remove(caller: UserRow, id: string): Promise<void> {
      await editable(caller, id);
      if (!(await repo.remove(id))) throw new AppError('NOT_FOUND');
    },
  };
}

export type SavedRepliesService = ReturnType<typeof savedRepliesService>;
