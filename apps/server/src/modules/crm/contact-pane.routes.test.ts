import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppointmentListResponse, Contact, ContactNoteList } from '@charla/shared';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp } from '../../test/accounts.ts';

/** What the inbox's contact pane and its internal notes read: a contact's notes with who wrote them, and that contact's appointments. */
describe.each(engines)("a contact's notes and appointments for the inbox on %s", (dbEngine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dbEngine);
  }, 60_000);
  afterAll(() => t?.close());

  type Api = ReturnType<typeof as>;
  const contactOf = async (api: Api, botId: string, name: string) => {
    const res = await api({ method: 'POST', url: '/api/contacts', payload: { botId, name, phone: '+52 33 1234 5678' } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { contact: Contact }).contact;
  };

  it('lists the notes oldest first with their authors’ names, each told to the bot room as written; another account gets 404', async () => {
    const owner = await signUp(t, { name: 'Marta Ruiz' });
    const api = as(t, owner);
    const botId = await createBot(t, owner);
    const ana = await contactOf(api, botId, 'Ana López');
    const other = await contactOf(api, botId, 'Beto Díaz');

    const toRoom = vi.spyOn(t.app.realtime, 'toRoom');
    const first = await api({ method: 'POST', url: `/api/contacts/${ana.id}/notes`, payload: { text: 'Prefiere que le llamen por la tarde.' } });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().note).toEqual({ id: expect.any(String), contactId: ana.id, text: 'Prefiere que le llamen por la tarde.', authorId: owner.userId, authorName: 'Marta Ruiz', createdAt: expect.any(String) });
    // The team sees it live where the contact is open: the note as answered, to the bot's room only.
    expect(toRoom).toHaveBeenCalledWith(`bot:${botId}`, 'contactNote', { botId, note: first.json().note });
    await api({ method: 'POST', url: `/api/contacts/${ana.id}/notes`, payload: { text: 'Pidió factura.' } });
    await api({ method: 'POST', url: `/api/contacts/${other.id}/notes`, payload: { text: 'Otra persona.' } });

    const res = await api({ method: 'GET', url: `/api/contacts/${ana.id}/notes` });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as ContactNoteList;
    expect(items.map((n) => [n.text, n.authorName])).toEqual([
      ['Prefiere que le llamen por la tarde.', 'Marta Ruiz'],
      ['Pidió factura.', 'Marta Ruiz'],
    ]);
    expect(Date.parse(items[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(items[1]!.createdAt));

    const stranger = as(t, await signUp(t));
    expect((await stranger({ method: 'GET', url: `/api/contacts/${ana.id}/notes` })).statusCode).toBe(404);
    const told = toRoom.mock.calls.filter((c) => c[1] === 'contactNote').length;
    expect((await stranger({ method: 'POST', url: `/api/contacts/${ana.id}/notes`, payload: { text: 'No' } })).statusCode).toBe(404);
    expect(toRoom.mock.calls.filter((c) => c[1] === 'contactNote')).toHaveLength(told);
    toRoom.mockRestore();
    expect((await api({ method: 'GET', url: '/api/contacts/not-an-id/notes' })).statusCode).toBe(400);
    expect(((await api({ method: 'GET', url: `/api/contacts/${ana.id}/notes` })).json() as ContactNoteList).items).toHaveLength(2);
  });

  it("lists one contact's appointments when asked with contactId", async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner);
    const ana = await contactOf(api, botId, 'Ana López');
    const beto = await contactOf(api, botId, 'Beto Díaz');
    const day = new Date(Date.now() + 3 * 86_400_000);
    day.setUTCHours(16, 0, 0, 0);
    const book = async (contactId: string, start: Date, service: string) => {
      const res = await api({ method: 'POST', url: '/api/appointments', payload: { botId, contactId, start: start.toISOString(), service, force: true } });
      expect(res.statusCode, res.body).toBe(201);
    };
    await book(ana.id, day, 'Limpieza');
    await book(beto.id, new Date(day.getTime() + 2 * 3_600_000), 'Revisión');
    await book(ana.id, new Date(day.getTime() + 86_400_000), 'Blanqueamiento');

    const range = `from=${new Date().toISOString()}&to=${new Date(Date.now() + 30 * 86_400_000).toISOString()}`;
    const all = (await api({ method: 'GET', url: `/api/appointments?botId=${botId}&${range}` })).json() as AppointmentListResponse;
    expect(all.items).toHaveLength(3);
    const res = await api({ method: 'GET', url: `/api/appointments?botId=${botId}&${range}&contactId=${ana.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AppointmentListResponse).items.map((a) => [a.contact.id, a.service])).toEqual([
      [ana.id, 'Limpieza'],
      [ana.id, 'Blanqueamiento'],
    ]);
    expect((await api({ method: 'GET', url: `/api/appointments?botId=${botId}&${range}&contactId=nope` })).statusCode).toBe(400);
  });
});
