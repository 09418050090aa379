import { z } from 'zod';
import { freeText } from './text.ts';
import { trainingDocument } from './training.ts';

/** Where a question the bot could not answer stands: waiting for the owner, answered (now knowledge), or set aside. */
export const knowledgeGapStatuses = ['open', 'answered', 'dismissed'] as const;
export type KnowledgeGapStatus = (typeof knowledgeGapStatuses)[number];

export const knowledgeGapLimits = { question: 500, answer: 4000, examples: 5 } as const;

/** A question customers asked that the bot could not answer, with the ways they worded it. */
export const knowledgeGap = z.object({
  id: z.uuid(),
  botId: z.uuid(),
  /** The first wording customers used. */
  question: z.string(),
  /** A few distinct wordings customers used (the first is `question`). */
  examples: z.array(z.string()),
  /** How many customers asked it. */
  count: z.number().int(),
  firstAskedAt: z.string(),
  lastAskedAt: z.string(),
  status: z.enum(knowledgeGapStatuses),
  /** What the owner answered, once answered. */
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** The knowledge entry the answer became. */
  documentId: z.uuid().nullable(),
});
export type KnowledgeGap = z.infer<typeof knowledgeGap>;

/** GET /api/knowledge-gaps: a bot's open or answered questions, most asked first. */
export const knowledgeGapListQuery = z.strictObject({
  botId: z.uuid(),
  status: z.enum(['open', 'answered']).default('open'),
});
export type KnowledgeGapListQuery = z.infer<typeof knowledgeGapListQuery>;
export const knowledgeGapList = z.object({ items: z.array(knowledgeGap) });
export type KnowledgeGapList = z.infer<typeof knowledgeGapList>;

export const knowledgeGapParams = z.strictObject({ id: z.uuid() });

const answerText = freeText(knowledgeGapLimits.answer).pipe(z.string().min(1));
const questionText = freeText(knowledgeGapLimits.question).pipe(z.string().min(1));

/** POST /api/knowledge-gaps/{id}/answer: the owner's answer, learned at once. */
export const knowledgeGapAnswerBody = z.strictObject({ text: answerText });
export type KnowledgeGapAnswerBody = z.infer<typeof knowledgeGapAnswerBody>;

/** POST /api/knowledge-gaps: a person's reply in a conversation taught as knowledge, with the customer's question. */
export const knowledgeGapTeachBody = z.strictObject({ botId: z.uuid(), question: questionText, text: answerText });
export type KnowledgeGapTeachBody = z.infer<typeof knowledgeGapTeachBody>;

/** The answered question and the knowledge entry it became (null only while another request of the same answer still writes it). */
export const knowledgeGapAnswered = z.object({ gap: knowledgeGap, entry: trainingDocument.nullable() });
export type KnowledgeGapAnswered = z.infer<typeof knowledgeGapAnswered>;
export const knowledgeGapResponse = z.object({ gap: knowledgeGap });
export type KnowledgeGapResponse = z.infer<typeof knowledgeGapResponse>;
