import { describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { TrainingDocument } from '@charla/shared';
import { ApiError } from '../../lib/api-client.ts';
import { documentsKey, type DocumentItem } from './documents-cache.ts';
import {
  addSourceMutation,
  deleteDocumentMutation,
  documentsQueryOptions,
  failureLog,
  optimisticRow,
  type AddSourceVariables,
  type DocumentsApi,
} from './documents-mutations.ts';

const botId = '11111111-1111-4111-8111-111111111111';
const key = documentsKey(botId);

function doc(id: string, patch: Partial<TrainingDocument> = {}): TrainingDocument {
  return {
    id,
    bot_id: botId,
    document_name: id,
    mime_type: 'PDF',
    content: '',
    training_type: 'PDF',
    isDeleted: false,
    createdAt: '2026-11-21T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
    status: 'ready',
    error: null,
    chunk_count: 1,
    size_bytes: 10,
    source: '',
    ...patch,
  };
}

/** A fake server whose calls wait until the test lets them go. */
function fakeApi(overrides: Partial<DocumentsApi> = {}): DocumentsApi {
  const never = () => new Promise<never>(() => undefined);
  return { list: never, upload: never, text: never, url: never, youtube: never, remove: never, ...overrides };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const ids = (client: QueryClient) => client.getQueryData<DocumentItem[]>(key)?.map((d) => d.id);
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('adding a source', () => {
  it('shows the uploaded file at once with its progress, then the saved document', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [doc('a')]);
    const answer = deferred<{ document: TrainingDocument }>();
    let report: (fraction: number) => void = () => undefined;
    const api = fakeApi({
      upload: (_bot, _file, onProgress) => {
        report = onProgress;
        return answer.promise;
      },
    });
    const observer = new MutationObserver(client, addSourceMutation(client, botId, api));
    const file = new File(['nombre,precio\nTaco,25'], 'precios.csv', { type: 'text/csv' });
    const done = observer.mutate({ kind: 'file', file, tempId: 'temp-1' });
    await tick();

    const shown = client.getQueryData<DocumentItem[]>(key)!;
    expect(shown.map((d) => d.id)).toEqual(['temp-1', 'a']);
    expect(shown[0]).toMatchObject({ document_name: 'precios.csv', training_type: 'CSV', status: 'processing', optimistic: true, size_bytes: file.size });

    report(0.4);
    expect(client.getQueryData<DocumentItem[]>(key)![0]!.progress).toBe(0.4);

    answer.resolve({ document: doc('new', { status: 'processing', training_type: 'CSV' }) });
    await done;
    expect(ids(client)).toEqual(['new', 'a']);
  });

  it('rolls the row back and logs the spec message when the upload fails', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [doc('a')]);
    const log = vi.fn();
    const failure = new ApiError('NOT_A_PDF', 'El archivo no es un PDF válido.', undefined, 400);
    const api = fakeApi({ upload: () => Promise.reject(failure) });
    const observer = new MutationObserver(client, addSourceMutation(client, botId, api, log));
    await expect(observer.mutate({ kind: 'file', file: new File(['x'], 'menu.pdf', { type: 'application/pdf' }), tempId: 'temp-2' })).rejects.toBe(failure);
    expect(ids(client)).toEqual(['a']);
    expect(log).toHaveBeenCalledWith('Failed to upload document', failure);
  });

  it.each([
    ['text', 'Failed to upload text'],
    ['url', 'Failed to upload URL'],
  ] as const)('logs "%s" failures with the spec message', async (kind, message) => {
    const client = new QueryClient();
    client.setQueryData(key, []);
    const log = vi.fn();
    const failure = new ApiError('BOT_LOCKED', 'Bloqueado', undefined, 423);
    const api = fakeApi({ text: () => Promise.reject(failure), url: () => Promise.reject(failure) });
    const observer = new MutationObserver(client, addSourceMutation(client, botId, api, log));
    const vars: AddSourceVariables = kind === 'text' ? { kind, text: 'Horario: 9 a 7', tempId: 't' } : { kind, url: 'https://a.mx', tempId: 't' };
    await expect(observer.mutate(vars)).rejects.toBe(failure);
    expect(log).toHaveBeenCalledWith(message, failure);
    expect(ids(client)).toEqual([]);
    expect(failureLog[kind]).toBe(message);
  });

  it('sends the spec payload pieces to the right call', async () => {
    const client = new QueryClient();
    const text = vi.fn(() => Promise.resolve({ document: doc('t', { training_type: 'TEXT' }) }));
    const url = vi.fn(() => Promise.resolve({ document: doc('u', { training_type: 'URL' }) }));
    const youtube = vi.fn(() => Promise.resolve({ document: doc('y', { training_type: 'YOUTUBE' }) }));
    const observer = new MutationObserver(client, addSourceMutation(client, botId, fakeApi({ text, url, youtube })));
    await observer.mutate({ kind: 'text', text: 'Envío gratis', name: '  ', tempId: 't1' });
    await observer.mutate({ kind: 'url', url: ' https://tienda.mx ', tempId: 't2' });
    await observer.mutate({ kind: 'youtube', url: 'https://youtu.be/abcdefghijk', tempId: 't3' });
    expect(text).toHaveBeenCalledWith(botId, 'Envío gratis', undefined);
    expect(url).toHaveBeenCalledWith(botId, 'https://tienda.mx');
    expect(youtube).toHaveBeenCalledWith(botId, 'https://youtu.be/abcdefghijk');
    expect(ids(client)).toEqual(['y', 'u', 't']);
  });

  it('names the optimistic rows like the server does', () => {
    const long = 'Horario de atención de la sucursal centro y de la sucursal norte, todos los días';
    expect(optimisticRow(botId, { kind: 'text', text: `${long}\nmás`, tempId: 'x' }).document_name).toBe(`${long.slice(0, 60)}…`);
    expect(optimisticRow(botId, { kind: 'text', text: 'Hola', name: 'Horarios', tempId: 'x' })).toMatchObject({ document_name: 'Horarios', mime_type: 'Text Training', size_bytes: 4 });
    expect(optimisticRow(botId, { kind: 'url', url: 'https://tienda.mx/precios', tempId: 'x' })).toMatchObject({ document_name: 'tienda.mx/precios', mime_type: 'URL Training', training_type: 'URL' });
  });
});

describe('deleting a document', () => {
  it('removes it at once and keeps it removed on success', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [doc('a'), doc('b')]);
    const answer = deferred<unknown>();
    const remove = vi.fn(() => answer.promise);
    const observer = new MutationObserver(client, deleteDocumentMutation(client, botId, fakeApi({ remove })));
    const done = observer.mutate({ documentId: 'a' });
    await tick();
    expect(ids(client)).toEqual(['b']);
    answer.resolve({ ok: true });
    await done;
    expect(remove).toHaveBeenCalledWith(botId, 'a');
    expect(ids(client)).toEqual(['b']);
  });

  it('restores it where it was and logs the spec message on failure', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [doc('a'), doc('b'), doc('c')]);
    const log = vi.fn();
    const failure = new ApiError('NETWORK_ERROR', '', undefined, 0);
    const observer = new MutationObserver(client, deleteDocumentMutation(client, botId, fakeApi({ remove: () => Promise.reject(failure) }), log));
    await expect(observer.mutate({ documentId: 'b' })).rejects.toBe(failure);
    expect(ids(client)).toEqual(['a', 'b', 'c']);
    expect(log).toHaveBeenCalledWith('Failed to delete document', failure);
  });

  it('leaves an already deleted document out (404)', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [doc('a'), doc('b')]);
    const log = vi.fn();
    const gone = new ApiError('NOT_FOUND', 'No encontramos lo que buscas.', undefined, 404);
    const observer = new MutationObserver(client, deleteDocumentMutation(client, botId, fakeApi({ remove: () => Promise.reject(gone) }), log));
    await expect(observer.mutate({ documentId: 'a' })).rejects.toBe(gone);
    expect(ids(client)).toEqual(['b']);
    expect(log).not.toHaveBeenCalled();
  });

  it('is not brought back by a list fetched while the delete is on its way', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answer = deferred<unknown>();
    const api = fakeApi({ list: () => Promise.resolve([doc('a'), doc('b')]), remove: () => answer.promise });
    const query = new QueryObserver(client, documentsQueryOptions(client, botId, api));
    const unsubscribe = query.subscribe(() => undefined);
    await vi.waitFor(() => expect(ids(client)).toEqual(['a', 'b']));
    const done = new MutationObserver(client, deleteDocumentMutation(client, botId, api)).mutate({ documentId: 'a' });
    await tick();
    await client.refetchQueries({ queryKey: key });
    expect(ids(client)).toEqual(['b']);
    answer.resolve({ ok: true });
    await done;
    unsubscribe();
  });
});

describe('the list', () => {
  it('logs the spec message when it cannot be fetched', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const log = vi.fn();
    const failure = new ApiError('FORBIDDEN', 'No tienes permiso.', undefined, 403);
    await expect(client.fetchQuery(documentsQueryOptions(client, botId, fakeApi({ list: () => Promise.reject(failure) }), log))).rejects.toBe(failure);
    expect(log).toHaveBeenCalledWith('Failed to fetch documents', failure);
  });

  it('keeps a file still uploading when the list is fetched again', async () => {
    const client = new QueryClient();
    const observer = new MutationObserver(client, addSourceMutation(client, botId, fakeApi()));
    void observer.mutate({ kind: 'file', file: new File(['%PDF-'], 'menu.pdf', { type: 'application/pdf' }), tempId: 'temp-9' });
    await tick();
    const list = await client.fetchQuery({ ...documentsQueryOptions(client, botId, fakeApi({ list: () => Promise.resolve([doc('a')]) })), staleTime: 0 });
    expect(list.map((d) => d.id)).toEqual(['temp-9', 'a']);
  });
});
