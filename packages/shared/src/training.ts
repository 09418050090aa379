import { z } from 'zod';
import { freeText } from './text.ts';
import { httpUrlPattern, trainingLimits } from './training-files.ts';

export const trainingTypes = ['URL', 'TEXT', 'PDF', 'CSV', 'YOUTUBE'] as const;
export type TrainingType = (typeof trainingTypes)[number];
export const documentStatuses = ['processing', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];


/** The mime types of documents that are not files (spec section 3). */
export const trainingMimeTypes = { URL: 'URL Training', TEXT: 'Text Training', YOUTUBE: 'YouTube Training' } as const;

export const trainingDocument = z.object({
  id: z.uuid(),
  bot_id: z.uuid(),
  document_name: z.string(),
  mime_type: z.string(),
  /** What the bot learned (the first 500 characters in lists). */
  content: z.string(),
  training_type: z.enum(trainingTypes),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(documentStatuses),
  /** Why processing failed, in the reader's language. */
  error: z.string().nullable(),
  chunk_count: z.number().int(),
  size_bytes: z.number().int(),
  source: z.string(),
});
export type TrainingDocument = z.infer<typeof trainingDocument>;

export const documentsResponse = z.array(trainingDocument);
export type DocumentsResponse = z.infer<typeof documentsResponse>;
export const documentResponse = z.object({ ok: z.literal(true), document: trainingDocument });
export type DocumentResponse = z.infer<typeof documentResponse>;

const httpUrl = freeText(trainingLimits.url).refine((v) => httpUrlPattern.test(v), { error: 'url' });

export const trainingTextBody = z.strictObject({
  botId: z.uuid(),
  text: freeText(trainingLimits.textChars).min(1),
  document_name: freeText(trainingLimits.documentName).optional(),
});
/** The text fields of POST /api/documents (multipart; the file is the `document` part). */
export const documentUploadFields = z.strictObject({ botId: z.uuid(), special_recipient: freeText(200).optional() });
export const trainingUrlBody = z.strictObject({ botID: z.uuid(), url: httpUrl });
export const trainingYoutubeBody = z.strictObject({ botId: z.uuid(), url: httpUrl });
export const deleteDocumentBody = z.strictObject({ botId: z.uuid() });
export const documentIdParams = z.strictObject({ documentId: z.uuid() });
export const botDocumentsParams = z.strictObject({ botId: z.uuid() });
/** POST /api/documents/{documentId}/retry: a failed document is read again. */
export const retryDocumentBody = z.strictObject({ botId: z.uuid() });
/** GET /api/documents/{documentId}/passages: what the bot learned from a document, a page at a time. */
export const passagesQuery = z.strictObject({
  botId: z.uuid(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const passage = z.object({ ordinal: z.number().int(), heading: z.string(), text: z.string() });
export type Passage = z.infer<typeof passage>;
export const passagesResponse = z.object({ items: z.array(passage), total: z.number().int() });
export type PassagesResponse = z.infer<typeof passagesResponse>;

export const documentStatusEvent = z.object({
  botId: z.uuid(),
  documentId: z.uuid(),
  status: z.enum(documentStatuses),
  error: z.object({ es: z.string(), en: z.string() }).nullable(),
  chunk_count: z.number().int(),
});
export type DocumentStatusEvent = z.infer<typeof documentStatusEvent>;
