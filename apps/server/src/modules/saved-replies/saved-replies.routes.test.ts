import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedReply, SavedReplyListResponse } from '@charla/shared';
import { savedReplyLimits } from '@charla/shared/constants';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp } from '../../test/accounts.ts';

describe.each(engines)('saved replies ("Respuestas guardadas") on %s', (dbEngine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dbEngine);
  }, 60_000);
  afterAll(() => t?.close());

  type Api = ReturnType<typeof as>;
  const listOf = async (api: Api, botId: string) => {
    const res = await api({ method: 'GET', url: `/api/saved-replies?botId=${botId}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SavedReplyListResponse).items;
  };
  const save = (api: Api, payload: Record<string, unknown>) => api({ method: 'POST', url: '/api/saved-replies', payload });

  it('the owner saves, lists by title, edits and deletes replies', async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner);
    expect(await listOf(api, botId)).toEqual([]);

    const created = await save(api, { botId, title: '  Horario ', text: 'Abrimos de lunes a viernes de 9:00 a 19:00.' });
    expect(created.statusCode, created.body).toBe(201);
    const horario = (created.json() as { reply: SavedReply }).reply;
    expect(horario).toEqual({ id: expect.any(String), botId, title: 'Horario', text: 'Abrimos de lunes a viernes de 9:00 a 19:00.', createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect((await save(api, { botId, title: 'agradecimiento', text: '¡Gracias por escribirnos!' })).statusCode).toBe(201);
    expect((await save(api, { botId, title: 'Dirección', text: 'Av. Juárez 120, Guadalajara.' })).statusCode).toBe(201);
    // By title, whatever the case.
    expect((await listOf(api, botId)).map((r) => r.title)).toEqual(['agradecimiento', 'Dirección', 'Horario']);

    const edited = await api({ method: 'PATCH', url: `/api/saved-replies/${horario.id}`, payload: { text: 'Abrimos de lunes a sábado de 9:00 a 19:00.' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as { reply: SavedReply }).reply).toMatchObject({ id: horario.id, title: 'Horario', text: 'Abrimos de lunes a sábado de 9:00 a 19:00.' });

    const removed = await api({ method: 'DELETE', url: `/api/saved-replies/${horario.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listOf(api, botId)).map((r) => r.title)).toEqual(['agradecimiento', 'Dirección']);
    expect((await api({ method: 'DELETE', url: `/api/saved-replies/${horario.id}` })).statusCode).toBe(404);
  });

  it('refuses empty, too long and unknown fields with a 400 in the reader’s language', async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner);
    const empty = await save(api, { botId, title: '   ', text: 'Hola' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION_FAILED');
    expect(empty.json().error.fields).toHaveProperty('title');
    const long = await save(api, { botId, title: 'Largo', text: 'x'.repeat(savedReplyLimits.text + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('text');
    expect((await save(api, { botId, title: 't'.repeat(savedReplyLimits.title + 1), text: 'Hola' })).statusCode).toBe(400);
    expect((await save(api, { botId, title: 'Hola', text: 'Hola', extra: true })).statusCode).toBe(400);
    expect((await save(api, { botId, title: 'Nulo', text: 'a\u0000b' })).statusCode).toBe(400);
    const english = await api({ method: 'POST', url: '/api/saved-replies', payload: { botId, title: '', text: 'Hi' }, headers: { 'accept-language': 'en' } });
    expect(english.statusCode).toBe(400);
    expect(english.json().error.message).toMatch(/[a-z]/i);
    expect(english.json().error.message).not.toBe(empty.json().error.message);
    expect((await api({ method: 'PATCH', url: `/api/saved-replies/${randomUUID()}`, payload: { text: '' } })).statusCode).toBe(400);
    expect((await api({ method: 'GET', url: '/api/saved-replies?botId=not-a-uuid' })).statusCode).toBe(400);
    expect(await listOf(api, botId)).toEqual([]);
  });

  it(`keeps ${savedReplyLimits.perBot} replies per bot at most`, async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner);
    for (let i = 0; i < savedReplyLimits.perBot; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => save(api, { botId, title: `Respuesta ${i + j}`, text: 'Texto' })));
      expect(batch.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    }
    const over = await save(api, { botId, title: 'Una más', text: 'Texto' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('SAVED_REPLY_LIMIT_REACHED');
    expect(over.json().error.message).toContain('100 respuestas guardadas');
    expect(await listOf(api, botId)).toHaveLength(savedReplyLimits.perBot);
  });

  it('another account neither reads nor changes them: 404', async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner);
    const reply = ((await save(api, { botId, title: 'Precios', text: 'La limpieza cuesta $600.' })).json() as { reply: SavedReply }).reply;
    const other = as(t, await signUp(t));
    expect((await other({ method: 'GET', url: `/api/saved-replies?botId=${botId}` })).statusCode).toBe(404);
    expect((await other({ method: 'POST', url: '/api/saved-replies', payload: { botId, title: 'Mía', text: 'No' } })).statusCode).toBe(404);
    expect((await other({ method: 'PATCH', url: `/api/saved-replies/${reply.id}`, payload: { text: 'Cambiado' } })).statusCode).toBe(404);
    expect((await other({ method: 'DELETE', url: `/api/saved-replies/${reply.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/saved-replies?botId=${botId}` })).statusCode).toBe(401);
    expect((await listOf(api, botId)).map((r) => r.text)).toEqual(['La limpieza cuesta $600.']);
  });
});
