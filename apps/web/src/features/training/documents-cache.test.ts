import { describe, expect, it } from 'vitest';
import type { DocumentStatusEvent, TrainingDocument } from '@charla/shared';
import {
  addDocument,
  applyStatusEvent,
  isTempId,
  optimisticDocument,
  patchDocument,
  reconcileDocuments,
  removeDocument,
  restoreDocument,
  settleDocument,
  takeDocument,
  tempDocumentId,
  type DocumentItem,
} from './documents-cache.ts';

const botId = '11111111-1111-4111-8111-111111111111';

function doc(id: string, patch: Partial<TrainingDocument> = {}): TrainingDocument {
  return {
    id,
    bot_id: botId,
    document_name: `${id}.pdf`,
    mime_type: 'PDF',
    content: '',
    training_type: 'PDF',
    isDeleted: false,
    createdAt: '2026-11-21T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
    status: 'ready',
    error: null,
    chunk_count: 3,
    size_bytes: 100,
    source: '',
    ...patch,
  };
}

const temp = (id: string) =>
  optimisticDocument({ id, botId, name: 'precios.csv', type: 'CSV', mimeType: 'CSV', sizeBytes: 42, now: new Date('2026-11-21T13:00:00Z') });

describe('optimistic rows', () => {
  it('get ids that cannot clash with the server', () => {
    const a = tempDocumentId();
    expect(isTempId(a)).toBe(true);
    expect(tempDocumentId()).not.toBe(a);
    expect(isTempId('0e0a3c2e-1111-4111-8111-111111111111')).toBe(false);
  });

  it('start as processing, at 0 %, newest first', () => {
    const row = temp('temp-1');
    expect(row).toMatchObject({ status: 'processing', optimistic: true, progress: 0, size_bytes: 42, training_type: 'CSV', createdAt: '2026-11-21T13:00:00.000Z' });
    expect(addDocument([doc('a')], row).map((d) => d.id)).toEqual(['temp-1', 'a']);
    expect(addDocument(undefined, row)).toHaveLength(1);
  });

  it('follow the upload progress', () => {
    const list = patchDocument([temp('temp-1'), doc('a')], 'temp-1', { progress: 0.5 });
    expect(list[0]!.progress).toBe(0.5);
    expect(list[1]).toEqual(doc('a'));
  });

  it('are replaced by the saved document in place', () => {
    const list = [doc('a'), temp('temp-1'), doc('b')];
    const saved = doc('new', { status: 'processing' });
    expect(settleDocument(list, 'temp-1', saved).map((d) => d.id)).toEqual(['a', 'new', 'b']);
    expect(settleDocument(list, 'temp-1', saved)[1]!.optimistic).toBeUndefined();
  });

  it('keep a finished copy that arrived first instead of the "processing" answer', () => {
    const list = [temp('temp-1'), doc('new', { status: 'ready', chunk_count: 7 })];
    const settled = settleDocument(list, 'temp-1', doc('new', { status: 'processing', chunk_count: 0 }));
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ id: 'new', status: 'ready', chunk_count: 7 });
  });

  it('go away again when the upload fails (rollback)', () => {
    const before = [doc('a')];
    const during = addDocument(before, temp('temp-1'));
    expect(removeDocument(during, 'temp-1')).toEqual(before);
  });
});

describe('optimistic delete', () => {
  it('removes at once and restores at the same place on failure', () => {
    const list = [doc('a'), doc('b'), doc('c')];
    const { list: after, removed } = takeDocument(list, 'b');
    expect(after.map((d) => d.id)).toEqual(['a', 'c']);
    expect(removed).toEqual({ item: doc('b'), index: 1 });
    expect(restoreDocument(after, removed!)).toEqual(list);
  });

  it('restores at the end when the list got shorter meanwhile, and never twice', () => {
    const { removed } = takeDocument([doc('a'), doc('b'), doc('c')], 'c');
    expect(restoreDocument([doc('a')], removed!).map((d) => d.id)).toEqual(['a', 'c']);
    expect(restoreDocument([doc('a'), doc('c')], removed!).map((d) => d.id)).toEqual(['a', 'c']);
  });

  it('does nothing for a row that is not listed', () => {
    expect(takeDocument([doc('a')], 'zzz')).toEqual({ list: [doc('a')], removed: null });
  });
});

describe('documentStatus events', () => {
  const event = (patch: Partial<DocumentStatusEvent>): DocumentStatusEvent => ({
    botId,
    documentId: 'a',
    status: 'ready',
    error: null,
    chunk_count: 5,
    ...patch,
  });

  it('mark a document ready with its chunk count', () => {
    const { list, known } = applyStatusEvent([doc('a', { status: 'processing', chunk_count: 0 }), doc('b')], event({}), 'es');
    expect(known).toBe(true);
    expect(list[0]).toMatchObject({ status: 'ready', chunk_count: 5, error: null });
    expect(list[1]).toEqual(doc('b'));
  });

  it('show the failure reason in the reader language', () => {
    const failed = event({ status: 'failed', chunk_count: 0, error: { es: 'El video no tiene subtítulos.', en: 'The video has no captions.' } });
    expect(applyStatusEvent([doc('a', { status: 'processing' })], failed, 'es').list[0]).toMatchObject({ status: 'failed', error: 'El video no tiene subtítulos.' });
    expect(applyStatusEvent([doc('a', { status: 'processing' })], failed, 'en').list[0]!.error).toBe('The video has no captions.');
  });

  it('clear an old error when the document is processed again', () => {
    const list: DocumentItem[] = [doc('a', { status: 'failed', error: 'Antes falló' })];
    expect(applyStatusEvent(list, event({ status: 'processing', chunk_count: 0 }), 'es').list[0]).toMatchObject({ status: 'processing', error: null });
  });

  it('report an unknown document so the list is fetched again', () => {
    const list = [doc('b')];
    const result = applyStatusEvent(list, event({ documentId: 'a' }), 'es');
    expect(result).toEqual({ list, known: false });
    expect(applyStatusEvent(undefined, event({}), 'es').known).toBe(false);
  });
});

describe('a fresh list from the server', () => {
  it('keeps rows still uploading on top and hides rows being deleted', () => {
    const previous: DocumentItem[] = [temp('temp-1'), doc('a'), doc('b')];
    const server = [doc('c'), doc('a'), doc('b')];
    expect(reconcileDocuments(previous, server, new Set(['b'])).map((d) => d.id)).toEqual(['temp-1', 'c', 'a']);
  });

  it('drops deleted documents and takes the server copy of everything else', () => {
    const server = [doc('a', { status: 'failed', error: 'x' }), doc('d', { isDeleted: true })];
    expect(reconcileDocuments([doc('a', { status: 'processing' })], server)).toEqual([server[0]]);
  });
});
