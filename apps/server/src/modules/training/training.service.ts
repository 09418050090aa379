import {
  rooms,
  trainingMimeTypes,
  uploadTrainingType,
  type DocumentStatusEvent,
  type Locale,
  type TrainingDocument,
} from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { UserRow } from '../auth/index.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { AccessService } from '../access/access.module.ts';
import type { BotsService } from '../bots/index.ts';
import { chunkCsvRows, chunkText, type Chunk } from './extract/chunk.ts';
import { extractCsv } from './extract/extract-csv.ts';
import { ExtractError, isExtractError } from './extract/extract-error.ts';
import { decodeHtml } from './extract/decode-html.ts';
import { extractHtml } from './extract/extract-html.ts';
import { extractPdf } from './extract/extract-pdf.ts';
import { extractText } from './extract/extract-text.ts';
import { safeFetch } from './extract/safe-fetch.ts';
import { fetchYoutubeTranscript, youtubeVideoId } from './extract/youtube.ts';
import { tsConfigOf } from './retrieval.ts';
import type { DocumentRow, TrainingRepository } from './training.repository.ts';

export const PROCESS_JOB = 'training.process';
const PREVIEW_CHARS = 500;
const CONTENT_CHARS = 1_000_000;
const RETRY_LIMIT = 2;

export interface TrainingDeps {
  repo: TrainingRepository;
  bots: BotsService;
  access: AccessService;
  storage: FileStorage;
  jobs: Jobs;
  emit: (room: string, payload: DocumentStatusEvent) => void;
  log: FastifyBaseLogger;
  allowPrivateUrls: boolean;
  youtubeBaseUrl: string;
  /** Deleted documents go in the account's activity. */
  audit?: Pick<AuditService, 'record'>;
}

export interface UploadedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

const internalFailure = {
  es: 'No pudimos procesar este documento. Inténtalo de nuevo en unos minutos.',
  en: 'We could not process this document. Try again in a few minutes.',
};

/** Training documents: stored at once as "processing", then extracted, chunked and indexed in a job. */
export function trainingService(deps: TrainingDeps) {
  const { repo, bots, access, storage, jobs } = deps;

  const toDocument = (row: DocumentRow, locale: Locale): TrainingDocument => ({
    id: row.id,
    bot_id: row.botId,
    document_name: row.documentName,
    mime_type: row.mimeType,
    content: row.content.length > PREVIEW_CHARS ? `${row.content.slice(0, PREVIEW_CHARS)}…` : row.content,
    training_type: row.trainingType,
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    error: row.errorReason ? row.errorReason[locale] : null,
    chunk_count: row.chunkCount,
    size_bytes: row.sizeBytes,
    source: row.trainingType === 'PDF' || row.trainingType === 'CSV' ? '' : row.source,
  });

  const announce = (row: Pick<DocumentRow, 'id' | 'botId' | 'status' | 'errorReason' | 'chunkCount'>) =>
    deps.emit(rooms.bot(row.botId), {
      botId: row.botId,
      documentId: row.id,
      status: row.status,
      error: row.errorReason ?? null,
      chunk_count: row.chunkCount,
    });

  async function enqueue(row: DocumentRow, locale: Locale): Promise<TrainingDocument> {
    // "processing" goes out before the job can end it: a page that fails at once is not shown processing again.
    announce(row);
    await jobs.send(PROCESS_JOB, { documentId: row.id });
    return toDocument(row, locale);
  }

  /** An uploaded document's bytes; a missing file fails the attempt (and is logged). */
  async function stored(key: string): Promise<Buffer> {
    const bytes = await storage.get(key);
    if (!bytes) throw new Error(`the stored file ${key} is missing`);
    return bytes;
  }

  async function chunksOf(doc: DocumentRow): Promise<{ chunks: Chunk[]; content: string }> {
    switch (doc.trainingType) {
      case 'TEXT': {
        const { text } = extractText(doc.content);
        return { chunks: chunkText(text), content: text };
      }
      case 'PDF': {
        const { text } = await extractPdf(await stored(doc.source));
        return { chunks: chunkText(text), content: text };
      }
      case 'CSV': {
        const { columns, rows } = extractCsv(await stored(doc.source));
        const chunks = chunkCsvRows(columns, rows, { heading: doc.documentName });
        return { chunks, content: chunks.map((c) => c.text).join('\n') };
      }
      case 'URL': {
        const page = await safeFetch(doc.source, { allowPrivate: deps.allowPrivateUrls, accept: ['html', 'text', 'pdf'] });
        if (page.contentType.includes('pdf')) {
          const { text } = await extractPdf(page.body);
          return { chunks: chunkText(text), content: text };
        }
        if (page.contentType.includes('html')) {
          const html = extractHtml(decodeHtml(page.body, page.contentType), page.finalUrl);
          return { chunks: chunkText(html.sections), content: html.text };
        }
        const { text } = extractText(page.body);
        return { chunks: chunkText(text), content: text };
      }
      case 'YOUTUBE': {
        const transcript = await fetchYoutubeTranscript(youtubeVideoId(doc.source), {
          baseUrl: deps.youtubeBaseUrl,
          allowPrivate: deps.allowPrivateUrls,
        });
        return { chunks: chunkText(transcript), content: transcript };
      }
    }
  }

  async function fail(doc: DocumentRow, code: string, reason: { es: string; en: string }) {
    await repo.updateDocument(doc.id, { status: 'failed', errorCode: code, errorReason: reason });
    announce({ ...doc, status: 'failed', errorReason: reason, chunkCount: 0 });
  }

  const service = {
    async list(caller: UserRow, botId: string, locale: Locale): Promise<TrainingDocument[]> {
      await access.requireRead(caller, botId, 'knowledge');
      return (await repo.listDocuments(botId)).map((row) => toDocument(row, locale));
    },

    /** Checks the caller may train this bot before a file is read. */
    async assertTrainable(caller: UserRow, botId: string): Promise<void> {
      await access.requireWrite(caller, botId, 'knowledge');
    },

    async upload(caller: UserRow, botId: string, file: UploadedFile, specialRecipient: string | undefined, locale: Locale) {
      await access.requireWrite(caller, botId, 'knowledge');
      const type = uploadTrainingType(file.mimetype, file.filename);
      if (type === 'PDF' && file.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
        throw new AppError('NOT_A_PDF', { document: 'NOT_A_PDF' });
      }
      const row = await repo.insertDocument({
        botId,
        documentName: file.filename.slice(0, 200) || (type === 'CSV' ? 'datos.csv' : 'documento.pdf'),
        mimeType: type,
        trainingType: type,
        specialRecipient: specialRecipient || null,
        sizeBytes: file.bytes.length,
      });
      const key = `${botId}/${row.id}.${type.toLowerCase()}`;
      await storage.put(key, file.bytes, { contentType: type === 'PDF' ? 'application/pdf' : 'text/csv' });
      await repo.updateDocument(row.id, { source: key });
      return enqueue({ ...row, source: key }, locale);
    },

    async trainText(caller: UserRow, botId: string, text: string, name: string | undefined, locale: Locale) {
      await access.requireWrite(caller, botId, 'knowledge');
      const firstLine = text.split('\n')[0]!.trim();
      const row = await repo.insertDocument({
        botId,
        documentName: name || (firstLine.length > 60 ? `${firstLine.slice(0, 60)}…` : firstLine),
        mimeType: trainingMimeTypes.TEXT,
        trainingType: 'TEXT',
        content: text,
        sizeBytes: Buffer.byteLength(text),
      });
      return enqueue(row, locale);
    },

    /**
     * An answer the owner wrote to a customer's question, learned at once: a text entry named for
     * the question, written as the question and its answer, indexed now (the job is the fallback).
     */
    async learnAnswer(caller: UserRow, botId: string, question: string, answer: string, locale: Locale): Promise<TrainingDocument> {
      await access.requireWrite(caller, botId, 'knowledge');
      const asked = question.replace(/\s+/g, ' ').trim();
      const text = `${/[?？]$/.test(asked) ? asked : `${asked.replace(/^¿?/, '¿')}?`}\n${answer.trim()}`;
      const row = await repo.insertDocument({
        botId,
        documentName: asked.length > 60 ? `${asked.slice(0, 60)}…` : asked,
        mimeType: trainingMimeTypes.TEXT,
        trainingType: 'TEXT',
        content: text,
        sizeBytes: Buffer.byteLength(text),
      });
      announce(row);
      try {
        await service.process(row.id, 1);
      } catch (err) {
        deps.log.warn({ err, documentId: row.id }, 'an answer could not be indexed at once; the job reads it');
        await jobs.send(PROCESS_JOB, { documentId: row.id });
      }
      const done = await repo.findDocument(row.id);
      return toDocument(done ?? row, locale);
    },

    /** One document of a bot, as the lists show it (undefined when deleted or another bot's). */
    async document(caller: UserRow, botId: string, documentId: string, locale: Locale): Promise<TrainingDocument | undefined> {
      await access.requireRead(caller, botId, 'knowledge');
      const doc = await repo.findDocument(documentId);
      if (!doc || doc.botId !== botId || doc.isDeleted) return undefined;
      return toDocument(doc, locale);
    },

    async trainUrl(caller: UserRow, botId: string, url: string, locale: Locale) {
      await access.requireWrite(caller, botId, 'knowledge');
      const row = await repo.insertDocument({
        botId,
        documentName: readableAddress(url).slice(0, 200),
        mimeType: trainingMimeTypes.URL,
        trainingType: 'URL',
        source: url,
      });
      return enqueue(row, locale);
    },

    async trainYoutube(caller: UserRow, botId: string, url: string, locale: Locale) {
      await access.requireWrite(caller, botId, 'knowledge');
      let videoId: string;
      try {
        videoId = youtubeVideoId(url);
      } catch (err) {
        if (isExtractError(err)) throw new AppError('VALIDATION_FAILED', { url: 'VALIDATION_FAILED' });
        throw err;
      }
      const row = await repo.insertDocument({
        botId,
        documentName: `YouTube · ${videoId}`,
        mimeType: trainingMimeTypes.YOUTUBE,
        trainingType: 'YOUTUBE',
        source: url,
      });
      return enqueue(row, locale);
    },

    /** A failed document is read again by the same job (a page that was down, a file fixed meanwhile). */
    async retry(caller: UserRow, documentId: string, botId: string, locale: Locale): Promise<TrainingDocument> {
      await access.requireWrite(caller, botId, 'knowledge');
      const doc = await repo.findDocument(documentId);
      if (!doc || doc.botId !== botId || doc.isDeleted) throw new AppError('NOT_FOUND');
      const row = await repo.markForRetry(documentId);
      // Not failed (ready, or already being read): nothing to do, the document is answered as it is.
      if (!row) return toDocument(doc, locale);
      return enqueue(row, locale);
    },

    /** What the bot learned from one document: its passages in order, a page at a time. */
    async passages(caller: UserRow, documentId: string, botId: string, offset: number, limit: number) {
      await access.requireRead(caller, botId, 'knowledge');
      const doc = await repo.findDocument(documentId);
      if (!doc || doc.botId !== botId || doc.isDeleted) throw new AppError('NOT_FOUND');
      return repo.passages(documentId, offset, limit);
    },

    async remove(caller: UserRow, documentId: string, botId: string): Promise<boolean> {
      const bot = await access.requireWrite(caller, botId, 'knowledge');
      const doc = await repo.findDocument(documentId);
      if (!doc || doc.botId !== botId || doc.isDeleted) throw new AppError('NOT_FOUND');
      if (!(await repo.deleteDocument(documentId))) throw new AppError('NOT_FOUND');
      if (doc.trainingType === 'PDF' || doc.trainingType === 'CSV') await storage.delete(doc.source).catch(() => undefined);
      await deps.audit?.record({ accountId: bot.userId, actor: caller, action: 'document.deleted', target: { type: 'document', id: documentId }, details: { bot_name: bot.botName, document_name: doc.documentName } });
      return true;
    },

    /** The job: extract, chunk and index one document; a bad document fails with its reason. */
    async process(documentId: string, attempt: number): Promise<void> {
      const doc = await repo.findDocument(documentId);
      if (!doc || doc.isDeleted || doc.status !== 'processing') return;
      const bot = await bots.find(doc.botId);
      if (!bot) return;
      try {
        const { chunks, content } = await chunksOf(doc);
        if (!chunks.length) throw new ExtractError('TEXT_EMPTY');
        const indexed = await repo.indexDocument(doc, tsConfigOf(bot.language), chunks, content.slice(0, CONTENT_CHARS));
        if (indexed) announce({ ...doc, status: 'ready', errorReason: null, chunkCount: chunks.length });
      } catch (err) {
        if (isExtractError(err)) return fail(doc, err.code, err.reason);
        deps.log.error({ err, documentId }, 'document processing failed');
        if (attempt >= RETRY_LIMIT) return fail(doc, 'INTERNAL', internalFailure);
        throw err;
      }
    },
  };
  return service;
}

export type TrainingService = ReturnType<typeof trainingService>;

/** An address as a person reads it: without the scheme, with its escapes decoded ("Odontolog%C3%ADa" → "Odontología"). */
export function readableAddress(url: string): string {
  const bare = url.replace(/^https?:\/\//i, '');
  try {
    return decodeURI(bare);
  } catch {
    return bare;
  }
}
export const trainingRetryLimit = RETRY_LIMIT;
