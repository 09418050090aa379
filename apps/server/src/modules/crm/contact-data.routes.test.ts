import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ContactField, ContactList, ImportPreview, ImportResult, PipelineStage } from '@charla/shared';
import { engines } from '../../test/harness.ts';
import { as, createBot, signUp } from '../../test/accounts.ts';
import { multipart } from '../../test/multipart.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { metaTestApp, postWebhook, until, waTextPayload, whatsappBot, type MetaTestApp } from '../../channels/meta/test-support/meta-test-app.ts';
import { appointments } from '../appointments/appointments.table.ts';
import { contactIdentities, contacts, conversations, messages } from '../conversations/conversations.table.ts';

describe.each(engines)('contact fields, import, export and merge on %s', (dbEngine) => {
  let m: MetaTestApp;
  const engine = scriptedEngine((ctx) => ({ replies: [`Bot: ${ctx.incoming.join(' | ')}`] }));

  beforeAll(async () => {
    m = await metaTestApp(dbEngine, {}, engine);
  }, 60_000);
  afterAll(() => m?.close());

  type Api = ReturnType<typeof as>;
  const list = async (api: Api, botId: string) => {
    const res = await api({ method: 'GET', url: `/api/contacts?botId=${botId}&limit=100` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ContactList).items;
  };
  const addField = async (api: Api, botId: string, body: Record<string, unknown>) => {
    const res = await api({ method: 'POST', url: `/api/pipeline/${botId}/fields`, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { field: ContactField }).field;
  };
  const csvFile = (bytes: Uint8Array | string) => ({ field: 'file', name: 'contactos.csv', type: 'text/csv', bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes });
  const withLocale = (form: ReturnType<typeof multipart>, locale: string) => ({ ...form, headers: { ...form.headers, 'accept-language': locale } });
  const importCsv = async (api: Api, botId: string, bytes: Uint8Array | string, mapping: Record<string, string>, locale = 'es') => {
    const res = await api({ method: 'POST', url: '/api/contacts/import', ...withLocale(multipart({ botId, mapping: JSON.stringify(mapping) }, csvFile(bytes)), locale) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ImportResult;
  };
  const preview = async (api: Api, botId: string, bytes: Uint8Array | string) => {
    const res = await api({ method: 'POST', url: '/api/contacts/import/preview', ...multipart({ botId }, csvFile(bytes)) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ImportPreview;
  };

  it('defines the owner’s fields per bot and keeps checked values on a contact', async () => {
    const owner = await signUp(m.t);
    const api = as(m.t, owner);
    const botId = await createBot(m.t, owner, { bot_objective: 'automobile' });
    const budget = await addField(api, botId, { name: 'Presupuesto máximo', type: 'number' });
    const visit = await addField(api, botId, { name: 'Visita', type: 'date' });
    const color = await addField(api, botId, { name: 'Color', type: 'choice', options: ['Rojo', 'Azul', 'Rojo'] });
    expect(color).toMatchObject({ type: 'choice', options: ['Rojo', 'Azul'], position: 2 });
    expect((await api({ method: 'POST', url: `/api/pipeline/${botId}/fields`, payload: { name: 'Sin opciones', type: 'choice' } })).statusCode).toBe(400);
    expect((await api({ method: 'POST', url: `/api/pipeline/${botId}/fields`, payload: { name: 'x', type: 'colour' } })).statusCode).toBe(400);

    const created = (await api({ method: 'POST', url: '/api/contacts', payload: { botId, name: 'Rita' } })).json().contact as Contact;
    const saved = await api({ method: 'PATCH', url: `/api/contacts/${created.id}`, payload: { customFields: { [budget.id]: 350000, [visit.id]: '2026-12-05', [color.id]: 'azul' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contact.customFields).toEqual({ [budget.id]: 350000, [visit.id]: '2026-12-05', [color.id]: 'Azul' });
    const bad = await api({ method: 'PATCH', url: `/api/contacts/${created.id}`, payload: { customFields: { [visit.id]: '2026-02-30' } }, headers: { 'accept-language': 'en' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual([`customFields.${visit.id}`]);
    expect((await api({ method: 'PATCH', url: `/api/contacts/${created.id}`, payload: { customFields: { [color.id]: 'Verde' } } })).statusCode).toBe(400);
    const cleared = await api({ method: 'PATCH', url: `/api/contacts/${created.id}`, payload: { customFields: { [color.id]: null } } });
    expect(cleared.json().contact.customFields).toEqual({ [budget.id]: 350000, [visit.id]: '2026-12-05' });

    const renamed = await api({ method: 'PATCH', url: `/api/pipeline/fields/${color.id}`, payload: { name: 'Color favorito', options: ['Rojo', 'Azul', 'Verde'], position: 0 } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const fields = (await api({ method: 'GET', url: `/api/pipeline/${botId}/fields` })).json().fields as ContactField[];
    expect(fields.map((f) => f.name)).toEqual(['Color favorito', 'Presupuesto máximo', 'Visita']);
    expect((await api({ method: 'DELETE', url: `/api/pipeline/fields/${budget.id}` })).statusCode).toBe(204);
    expect((await api({ method: 'GET', url: `/api/contacts/${created.id}` })).json().contact.customFields).toEqual({ [visit.id]: '2026-12-05' });
  });

  it('imports a Latin-1 file: phones in E.164 from the bot’s country, bad rows by number and reason in Spanish or English', async () => {
    const owner = await signUp(m.t);
    const api = as(m.t, owner);
    const botId = await createBot(m.t, owner, { bot_objective: 'automobile' });
    const size = await addField(api, botId, { name: 'Talla', type: 'choice', options: ['Chica', 'Grande'] });
    const text = 'Nombre;Teléfono;Correo;Etiquetas;Etapa;Talla;Interés\r\n' +
      'José Núñez;33 1234 5678;jose@example.mx;vip, crédito;Interesado;grande;SUV\r\n' +
      'Begoña Peña;123;;;;;\r\n' +
      'Ana;+1 415 555 2671;ANA@EXAMPLE.COM;;;;\r\n' +
      ';;;vip;;;\r\n' +
      'Sin etapa;;x@example.mx;;Inexistente;;\r\n' +
      'Otra Ana;;ana@example.com;;;Mediana;\r\n';
    const latin1 = Buffer.from(text, 'latin1');
    const shown = await preview(api, botId, latin1);
    expect(shown.columns).toEqual(['Nombre', 'Teléfono', 'Correo', 'Etiquetas', 'Etapa', 'Talla', 'Interés']);
    expect(shown.sample[0]).toMatchObject({ Nombre: 'José Núñez', Teléfono: '33 1234 5678' });
    expect(shown.total_rows).toBe(6);
    expect(shown.mapping).toEqual({ Nombre: 'name', Teléfono: 'phone', Correo: 'email', Etiquetas: 'tags', Etapa: 'stage', Talla: `field:${size.id}`, Interés: 'interest' });

    const result = await importCsv(api, botId, latin1, shown.mapping);
    expect(result).toMatchObject({ created: 2, updated: 0, skipped: 4 });
    expect(result.errors).toEqual([
      { row: 3, message: 'Teléfono «123»: le faltan dígitos.' },
      { row: 5, message: 'La fila no tiene nombre, teléfono ni correo.' },
      { row: 6, message: 'No existe la etapa «Inexistente» en el embudo.' },
      { row: 7, message: '«Mediana» no es un valor válido para Talla.' },
    ]);
    const stages = (await api({ method: 'GET', url: `/api/pipeline/${botId}/stages` })).json().stages as PipelineStage[];
    const people = await list(api, botId);
    const jose = people.find((c) => c.name === 'José Núñez')!;
    expect(jose).toMatchObject({ phone: '+523312345678', email: 'jose@example.mx', tags: ['vip', 'crédito'], stageId: stages[1]!.id, stageSetBy: 'person', customFields: { [size.id]: 'Grande' }, captured: { interest: 'SUV' } });
    expect(people.find((c) => c.name === 'Ana')).toMatchObject({ phone: '+14155552671', email: 'ana@example.com', stageId: stages[0]!.id, stageSetBy: null });
    // The file has no consent column: nobody imported from it accepts marketing, as a contact added by hand.
    expect(people.map((c) => c.marketingConsent)).toEqual([false, false]);

    // The same people again update them; the errors are in English for an English reader.
    const again = await importCsv(api, botId, latin1, shown.mapping, 'en');
    expect(again).toMatchObject({ created: 0, updated: 2, skipped: 4 });
    expect(again.errors[0]).toEqual({ row: 3, message: 'Phone "123" is missing digits.' });
    expect(await list(api, botId)).toHaveLength(2);
    // A later file that says "sí" gives the consent; the same file without the column again keeps it.
    const consent = 'Correo,Acepta marketing\r\njose@example.mx,sí\r\n';
    expect(await importCsv(api, botId, consent, (await preview(api, botId, consent)).mapping)).toMatchObject({ created: 0, updated: 1 });
    expect(await importCsv(api, botId, latin1, shown.mapping)).toMatchObject({ created: 0, updated: 2 });
    expect((await list(api, botId)).map((c) => [c.name, c.marketingConsent]).sort()).toEqual([['Ana', false], ['José Núñez', true]]);

    const noKey = await api({ method: 'POST', url: '/api/contacts/import', ...multipart({ botId, mapping: JSON.stringify({ Nombre: 'ignore' }) }, csvFile(latin1)) });
    expect(noKey.statusCode).toBe(400);
    const badTarget = await api({ method: 'POST', url: '/api/contacts/import', ...multipart({ botId, mapping: JSON.stringify({ Nombre: 'salary' }) }, csvFile(latin1)) });
    expect(badTarget.statusCode).toBe(400);
    const noFile = await api({ method: 'POST', url: '/api/contacts/import/preview', ...multipart({ botId }) });
    expect(noFile.statusCode).toBe(400);
    const binary = await api({ method: 'POST', url: '/api/contacts/import/preview', ...multipart({ botId }, csvFile(Buffer.from([0, 1, 2, 0, 255, 254, 0]))) });
    expect(binary.statusCode).toBe(400);
  });

  it('exports CSV that imports back to the same contacts', async () => {
    const owner = await signUp(m.t);
    const api = as(m.t, owner);
    const botId = await createBot(m.t, owner, { bot_objective: 'automobile' });
    const stages = (await api({ method: 'GET', url: `/api/pipeline/${botId}/stages` })).json().stages as PipelineStage[];
    const budget = await addField(api, botId, { name: 'Monto', type: 'number' });
    const since = await addField(api, botId, { name: 'Cliente desde', type: 'date' });
    const made = [
      { name: 'José Núñez, "Pepe"', phone: '+523312345678', email: 'jose@example.mx', tags: ['vip', 'crédito'], stageId: stages[2]!.id, marketingConsent: false },
      { name: 'Ana', phone: '+14155552671', email: '', tags: [], stageId: stages[0]!.id, marketingConsent: true },
      { name: 'Ñandú Ávila', phone: '', email: 'nandu@example.mx', tags: ['norte'], stageId: stages[3]!.id, marketingConsent: true },
    ];
    for (const [i, body] of made.entries()) {
      const c = (await api({ method: 'POST', url: '/api/contacts', payload: { botId, ...body } })).json().contact as Contact;
      await api({ method: 'PATCH', url: `/api/contacts/${c.id}`, payload: { customFields: i === 1 ? {} : { [budget.id]: 1500.5 * (i + 1), [since.id]: `2025-0${i + 1}-15` } } });
    }
    await m.t.database.db.update(contacts).set({ captured: { interest: 'Sedán', budget: 'hasta 300 mil' } }).where(eq(contacts.email, 'jose@example.mx'));
    const shape = (c: Contact) => ({ name: c.name, phone: c.phone, email: c.email, tags: c.tags, stageId: c.stageId, marketingConsent: c.marketingConsent, customFields: c.customFields, captured: c.captured });
    const before = (await list(api, botId)).map(shape).sort((a, b) => a.name.localeCompare(b.name));

    const exported = await api({ method: 'GET', url: `/api/contacts/export?botId=${botId}` });
    expect(exported.statusCode).toBe(200);
    expect([...exported.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(exported.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Nombre,Teléfono,Correo,Etapa,Etiquetas,Canal de origen,Canales,Primer contacto,Último contacto,Acepta marketing,Interés,Producto,Presupuesto,Monto,Cliente desde',
    );
    for (const c of await list(api, botId)) await api({ method: 'DELETE', url: `/api/contacts/${c.id}` });
    expect(await list(api, botId)).toEqual([]);

    const shown = await preview(api, botId, exported.rawPayload);
    expect(shown.mapping).toEqual({
      Nombre: 'name', Teléfono: 'phone', Correo: 'email', Etapa: 'stage', Etiquetas: 'tags', 'Canal de origen': 'ignore', Canales: 'ignore', 'Primer contacto': 'ignore', 'Último contacto': 'ignore',
      'Acepta marketing': 'marketingConsent', Interés: 'interest', Producto: 'product', Presupuesto: 'budget', Monto: `field:${budget.id}`, 'Cliente desde': `field:${since.id}`,
    });
    const result = await importCsv(api, botId, exported.rawPayload, shown.mapping);
    expect(result).toMatchObject({ created: 3, skipped: 0, errors: [] });
    const after = (await list(api, botId)).map(shape).sort((a, b) => a.name.localeCompare(b.name));
    expect(after).toEqual(before);
  });

  it('merges two contacts of one person, keeping every message, appointment, note and channel', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const phone = `521${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
    await postWebhook(m.t, waTextPayload(phoneNumberId, phone, 'Hola, soy Eva', { name: 'Eva' }));
    // The same person wrote on Messenger too, without a name.
    const db = m.t.database.db;
    const [messenger] = await db.insert(contacts).values({ botId }).returning();
    await db.insert(contactIdentities).values({ botId, channel: 'messenger', externalId: `psid-${phone}`, contactId: messenger!.id });
    const [chat] = await db.insert(conversations).values({ botId, contactId: messenger!.id, channel: 'messenger' }).returning();
    await db.insert(messages).values([
      { conversationId: chat!.id, botId, channel: 'messenger', direction: 'in', author: 'customer', status: 'processed', text: 'hola desde otra parte' },
      { conversationId: chat!.id, botId, channel: 'messenger', direction: 'out', author: 'bot', status: 'sent', text: 'Bot: hola desde otra parte' },
    ]);
    const both = await until(() => list(api, botId), (l) => l.length === 2 && l.every((c) => c.lastContactAt));
    const eva = both.find((c) => c.sourceChannel === 'whatsapp')!;
    const other = both.find((c) => c.sourceChannel === 'messenger')!;
    const field = await addField(api, botId, { name: 'Ciudad', type: 'text' });
    await api({ method: 'PATCH', url: `/api/contacts/${other.id}`, payload: { email: 'eva@example.mx', tags: ['vip'], marketingConsent: false, dealValueCents: 250_000, customFields: { [field.id]: 'León' } } });
    await api({ method: 'PATCH', url: `/api/contacts/${eva.id}`, payload: { tags: ['nueva'] } });
    await api({ method: 'POST', url: `/api/contacts/${other.id}/notes`, payload: { text: 'Llamar el lunes' } });
    const [conv] = await db.select().from(conversations).where(eq(conversations.contactId, other.id));
    const start = new Date(Date.now() + 86_400_000);
    await db.insert(appointments).values({ botId, contactId: other.id, conversationId: conv!.id, startAt: start, endAt: new Date(start.getTime() + 1_800_000), service: 'Limpieza' });
    const messagesOf = async (ids: string[]) => (await Promise.all(ids.map((id) => db.select().from(messages).where(eq(messages.conversationId, id))))).flat().map((x) => x.id).sort();
    const convIds = (await db.select().from(conversations)).filter((c) => c.contactId === eva.id || c.contactId === other.id).map((c) => c.id);
    const allMessages = await messagesOf(convIds);
    expect(allMessages.length).toBeGreaterThanOrEqual(3);

    expect((await api({ method: 'POST', url: '/api/contacts/merge', payload: { keepId: eva.id, mergeId: eva.id } })).statusCode).toBe(400);
    const merged = await api({ method: 'POST', url: '/api/contacts/merge', payload: { keepId: eva.id, mergeId: other.id } });
    expect(merged.statusCode, merged.body).toBe(200);
    // The deal's value the kept contact lacked comes from the other.
    expect(merged.json().contact).toMatchObject({ id: eva.id, name: 'Eva', email: 'eva@example.mx', tags: ['nueva', 'vip'], marketingConsent: false, dealValueCents: 250_000, customFields: { [field.id]: 'León' }, channels: ['messenger', 'whatsapp'] });
    expect((await api({ method: 'GET', url: `/api/contacts/${other.id}` })).statusCode).toBe(404);
    const kept = (await db.select().from(conversations).where(eq(conversations.contactId, eva.id))).map((c) => c.id).sort();
    expect(kept).toEqual([...convIds].sort());
    expect(await messagesOf(kept)).toEqual(allMessages);
    expect((await db.select().from(appointments).where(eq(appointments.contactId, eva.id))).map((a) => a.service)).toEqual(['Limpieza']);
    const items = (await api({ method: 'GET', url: `/api/contacts/${eva.id}/timeline` })).json().items as { kind: string }[];
    expect(items.filter((i) => i.kind === 'note')).toHaveLength(1);
    expect(items.filter((i) => i.kind === 'message').length).toBe(allMessages.length);
    expect(await list(api, botId)).toHaveLength(1);
  });

  it('refuses every new call to another owner', async () => {
    const owner = await signUp(m.t);
    const api = as(m.t, owner);
    const botId = await createBot(m.t, owner, { bot_objective: 'automobile' });
    const field = await addField(api, botId, { name: 'Ciudad', type: 'text' });
    const a = (await api({ method: 'POST', url: '/api/contacts', payload: { botId, name: 'A' } })).json().contact as Contact;
    const b = (await api({ method: 'POST', url: '/api/contacts', payload: { botId, name: 'B' } })).json().contact as Contact;
    const other = as(m.t, await signUp(m.t));
    const csv = csvFile('Nombre\nX\n');
    const calls: [string, string, Record<string, unknown> | ReturnType<typeof multipart>][] = [
      ['POST', '/api/contacts/merge', { payload: { keepId: a.id, mergeId: b.id } }],
      ['POST', '/api/contacts/import/preview', multipart({ botId }, csv)],
      ['POST', '/api/contacts/import', multipart({ botId, mapping: '{"Nombre":"name"}' }, csv)],
      ['GET', `/api/contacts/export?botId=${botId}`, {}],
      ['GET', `/api/pipeline/${botId}/fields`, {}],
      ['POST', `/api/pipeline/${botId}/fields`, { payload: { name: 'X', type: 'text' } }],
      ['PATCH', `/api/pipeline/fields/${field.id}`, { payload: { name: 'X' } }],
      ['DELETE', `/api/pipeline/fields/${field.id}`, {}],
    ];
    for (const [method, url, rest] of calls) {
      const res = await other({ method: method as 'GET', url, ...rest });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // A contact of another owner cannot be pulled into one's own.
    const stranger = await signUp(m.t);
    const theirBot = await createBot(m.t, stranger, { bot_objective: 'automobile' });
    const theirs = (await as(m.t, stranger)({ method: 'POST', url: '/api/contacts', payload: { botId: theirBot, name: 'C' } })).json().contact as Contact;
    expect((await as(m.t, stranger)({ method: 'POST', url: '/api/contacts/merge', payload: { keepId: theirs.id, mergeId: a.id } })).statusCode).toBe(404);
    expect((await list(api, botId)).map((c) => c.name).sort()).toEqual(['A', 'B']);
    expect((await api({ method: 'GET', url: `/api/pipeline/${botId}/fields` })).json().fields).toHaveLength(1);
  });
});
