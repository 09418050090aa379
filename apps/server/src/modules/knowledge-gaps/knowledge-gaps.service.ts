import { knowledgeGapLimits, type KnowledgeGap, type KnowledgeGapAnswered, type KnowledgeGapListQuery, type KnowledgeGapTeachBody, type Locale } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AccessService } from '../access/access.module.ts';
import type { UserRow } from '../auth/index.ts';
import type { CommittedTurn } from '../conversations/index.ts';
import type { TrainingService } from '../training/training.module.ts';
import type { GapRow, KnowledgeGapsRepository } from './knowledge-gaps.repository.ts';
import { questionWords, sameQuestion, sameWording } from './question-words.ts';

export interface KnowledgeGapsDeps {
  repo: KnowledgeGapsRepository;
  access: AccessService;
  training: Pick<TrainingService, 'learnAnswer' | 'document'>;
  log: FastifyBaseLogger;
}

/** Conversations of the dashboard's "try it": the owner testing, not a customer asking. */
const TEST_CHANNELS = new Set(['playground']);

export const toGap = (row: GapRow): KnowledgeGap => ({
  id: row.id,
  botId: row.botId,
  question: row.question,
  examples: row.examples.length ? row.examples : [row.question],
  count: row.askedCount,
  firstAskedAt: row.firstAskedAt.toISOString(),
  lastAskedAt: row.lastAskedAt.toISOString(),
  status: row.status,
  answer: row.answer,
  answeredAt: row.answeredAt?.toISOString() ?? null,
  documentId: row.documentId,
});

/** The customer's question of a turn: their newest message that asks about something. */
export function questionOf(asked: readonly string[]): string | undefined {
  const found = [...asked].reverse().find((text) => questionWords(text).length > 0);
  return found?.replace(/\s+/g, ' ').trim().slice(0, knowledgeGapLimits.question);
}

/**
 * Preguntas sin respuesta: the questions the bot could not answer, grouped when customers ask the
 * same thing; the owner's answer becomes a knowledge entry at once.
 */
export function knowledgeGapsService(deps: KnowledgeGapsDeps) {
  const { repo, access, training } = deps;

  /** Who may read a bot's questions: whoever sees its conversations; another account's bot is not found. */
  const requireRead = (caller: UserRow, botId: string) => access.requireRead(caller, botId, 'conversations', { hidden: true });
  /** Who may answer: whoever may change the bot's knowledge (a team agent is refused). */
  async function requireAnswer(caller: UserRow, botId: string) {
    await requireRead(caller, botId);
    await access.requireWrite(caller, botId, 'knowledge');
  }

  async function gapFor(caller: UserRow, id: string): Promise<GapRow> {
    const gap = await repo.find(id);
    if (!gap) throw new AppError('NOT_FOUND');
    await requireAnswer(caller, gap.botId);
    return gap;
  }

  async function answered(caller: UserRow, row: GapRow, locale: Locale): Promise<KnowledgeGapAnswered> {
    const entry = row.documentId ? ((await training.document(caller, row.botId, row.documentId, locale)) ?? null) : null;
    return { gap: toGap(row), entry };
  }

  /** Answers a gap once: a second answer (or the same one sent twice) finds it answered and gets its entry. */
  async function answer(caller: UserRow, gap: GapRow, text: string, locale: Locale): Promise<KnowledgeGapAnswered> {
    const claimed = await repo.claimAnswer(gap.id, text, caller.id, new Date());
    if (!claimed) {
      // The same answer sent twice at once: the other request is writing the entry; both get it.
      let row = (await repo.find(gap.id)) ?? gap;
      for (let i = 0; i < 50 && row.status === 'answered' && !row.documentId; i++) {
        await new Promise((r) => setTimeout(r, 100));
        row = (await repo.find(gap.id)) ?? row;
      }
      return answered(caller, row, locale);
    }
    try {
      const entry = await training.learnAnswer(caller, gap.botId, gap.question, text, locale);
      const row = await repo.setDocument(gap.id, entry.id);
      return { gap: toGap(row ?? claimed), entry };
    } catch (err) {
      await repo.releaseAnswer(gap.id, gap.status);
      throw err;
    }
  }

  return {
    async list(caller: UserRow, query: KnowledgeGapListQuery): Promise<KnowledgeGap[]> {
      await requireRead(caller, query.botId);
      return (await repo.list(query.botId, query.status)).map(toGap);
    },

    async answer(caller: UserRow, id: string, text: string, locale: Locale): Promise<KnowledgeGapAnswered> {
      return answer(caller, await gapFor(caller, id), text, locale);
    },

    async dismiss(caller: UserRow, id: string): Promise<KnowledgeGap> {
      const gap = await gapFor(caller, id);
      return toGap((await repo.dismiss(gap.id)) ?? gap);
    },

    /**
     * A person's reply in a conversation taught as knowledge, with the customer's question: it
     * answers the open gap of that question when there is one, else a new one, answered at once.
     * The same question and answer sent twice teach once.
     */
    async teach(caller: UserRow, body: KnowledgeGapTeachBody, locale: Locale): Promise<KnowledgeGapAnswered> {
      await requireAnswer(caller, body.botId);
      const known = await repo.comparable(body.botId, ['open', 'answered']);
      const words = questionWords(body.question);
      const taught = known.filter((g) => g.status === 'answered' && g.answer === body.text);
      const same = taught.find((g) => sameWording(g.question, body.question)) ?? sameQuestion(words, taught);
      if (same) return answered(caller, same, locale);
      const gap = sameQuestion(words, known.filter((g) => g.status === 'open')) ?? (await repo.create({ botId: body.botId, question: body.question, words, contactId: null, at: new Date() }));
      return answer(caller, gap, body.text, locale);
    },

    /**
     * After a customer's turn the engine could not answer from the knowledge: their question joins
     * the open gap that asks the same, or opens one. Never throws: the reply is already on its way.
     */
    async afterTurn(turn: Pick<CommittedTurn, 'botId' | 'contactId' | 'channel' | 'unanswered' | 'asked' | 'at'>): Promise<void> {
      if (!turn.unanswered || TEST_CHANNELS.has(turn.channel)) return;
      try {
        const question = questionOf(turn.asked);
        if (!question) return;
        const words = questionWords(question);
        const same = sameQuestion(words, await repo.comparable(turn.botId));
        if (!same) {
          await repo.create({ botId: turn.botId, question, words, contactId: turn.contactId, at: turn.at });
          return;
        }
        // The owner set this question aside: it is not asked of them again.
        if (same.status !== 'open') return;
        const example = same.examples.some((e) => sameWording(e, question)) ? null : question;
        await repo.asked(same.id, turn.contactId, turn.at, example, knowledgeGapLimits.examples);
      } catch (err) {
        deps.log.error({ err, botId: turn.botId }, 'an unanswered question could not be recorded');
      }
    },
  };
}

export type KnowledgeGapsService = ReturnType<typeof knowledgeGapsService>;
