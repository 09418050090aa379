import { z } from 'zod';
import { savedReplyLimits } from './constants.ts';
import { freeText } from './text.ts';

const title = freeText(savedReplyLimits.title).pipe(z.string().min(1));
const text = freeText(savedReplyLimits.text).pipe(z.string().min(1));

/** GET /api/saved-replies?botId=: a bot's saved replies ("Respuestas guardadas"), by title. */
export const savedReplyListQuery = z.strictObject({ botId: z.uuid() });
export const savedReplyParams = z.strictObject({ id: z.uuid() });
/** POST /api/saved-replies: a short title the team finds it by, and the text it puts in the reply box. */
export const savedReplyCreateBody = z.strictObject({ botId: z.uuid(), title, text });
export type SavedReplyCreateBody = z.infer<typeof savedReplyCreateBody>;
/** PATCH /api/saved-replies/{id}: a new title, a new text, or both. */
export const savedReplyUpdateBody = z.strictObject({ title: title.optional(), text: text.optional() });
export type SavedReplyUpdateBody = z.infer<typeof savedReplyUpdateBody>;

export const savedReply = z.object({ id: z.uuid(), botId: z.uuid(), title: z.string(), text: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type SavedReply = z.infer<typeof savedReply>;
export const savedReplyListResponse = z.object({ items: z.array(savedReply) });
export type SavedReplyListResponse = z.infer<typeof savedReplyListResponse>;
export const savedReplyResponse = z.object({ reply: savedReply });
export type SavedReplyResponse = z.infer<typeof savedReplyResponse>;
