import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ContactList, PipelineStage } from '@charla/shared';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp } from '../../test/accounts.ts';
import { contactIdentities } from '../conversations/conversations.table.ts';

describe.each(engines)('contacts list order and filters on %s', (dbEngine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dbEngine);
  }, 60_000);
  afterAll(() => t?.close());

  it('sorts by name (accents and case ignored) or creation, pages each order by its own cursor, and filters by stage, tag and channel', async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner, { bot_objective: 'automobile' });
    const stages = (await api({ method: 'GET', url: `/api/pipeline/${botId}/stages` })).json().stages as PipelineStage[];
    const made: Contact[] = [];
    for (const [name, tags, stage] of [['beto', ['vip'], 1], ['Zoe', [], 0], ['Álvaro', ['vip'], 1], ['ana', [], 0], ['Carla', ['vip'], 0]] as const) {
      const res = await api({ method: 'POST', url: '/api/contacts', payload: { botId, name, tags, stageId: stages[stage]!.id } });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().contact);
    }
    await t.database.db.insert(contactIdentities).values([
      { botId, channel: 'whatsapp', externalId: '5213311111111', contactId: made[0]!.id },
      { botId, channel: 'instagram', externalId: 'ig-1', contactId: made[4]!.id },
    ]);

    /** Every page of an order, two contacts at a time. */
    const all = async (query: string) => {
      const names: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await api({ method: 'GET', url: `/api/contacts?botId=${botId}&limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}` });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as ContactList;
        names.push(...page.items.map((c) => c.name));
        cursor = page.nextCursor;
      } while (cursor);
      return names;
    };
    expect(await all('sort=name')).toEqual(['Álvaro', 'ana', 'beto', 'Carla', 'Zoe']);
    expect(await all('sort=-name')).toEqual(['Zoe', 'Carla', 'beto', 'ana', 'Álvaro']);
    expect(await all('sort=createdAt')).toEqual(['beto', 'Zoe', 'Álvaro', 'ana', 'Carla']);
    expect(await all('sort=-createdAt')).toEqual(['Carla', 'ana', 'Álvaro', 'Zoe', 'beto']);
    expect(await all('')).toEqual(['Carla', 'ana', 'Álvaro', 'Zoe', 'beto']);

    // Filters keep their meaning in any order.
    expect(await all(`sort=name&tag=vip`)).toEqual(['Álvaro', 'beto', 'Carla']);
    expect(await all(`sort=name&stageId=${stages[1]!.id}`)).toEqual(['Álvaro', 'beto']);
    expect(await all(`sort=-name&tag=vip&stageId=${stages[0]!.id}`)).toEqual(['Carla']);
    expect(await all(`sort=name&channel=instagram`)).toEqual(['Carla']);
    expect(await all(`sort=createdAt&q=a`)).toEqual(['Álvaro', 'ana', 'Carla']);

    // The board's order within a stage: the place in the column, pages by cursor too.
    const first = stages[0]!.id;
    expect(await all(`sort=position&stageId=${first}`)).toEqual(['Zoe', 'ana', 'Carla']);
    const moved = await api({ method: 'PATCH', url: `/api/contacts/${made[4]!.id}`, payload: { stageId: first, position: 0 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await all(`sort=position&stageId=${first}`)).toEqual(['Carla', 'Zoe', 'ana']);
    await api({ method: 'PATCH', url: `/api/contacts/${made[0]!.id}`, payload: { stageId: first, position: 2 } });
    expect(await all(`sort=position&stageId=${first}`)).toEqual(['Carla', 'Zoe', 'beto', 'ana']);

    // A cursor belongs to its order; an unknown order is refused.
    const byName = (await api({ method: 'GET', url: `/api/contacts?botId=${botId}&limit=2&sort=name` })).json() as ContactList;
    const wrong = await api({ method: 'GET', url: `/api/contacts?botId=${botId}&limit=2&sort=-name&cursor=${byName.nextCursor}` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ cursor: expect.any(String) });
    expect((await api({ method: 'GET', url: `/api/contacts?botId=${botId}&sort=-createdAt&cursor=${byName.nextCursor}` })).statusCode).toBe(400);
    const unknown = await api({ method: 'GET', url: `/api/contacts?botId=${botId}&sort=phone`, headers: { 'accept-language': 'en' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.sort).toBe('Choose one of the allowed options.');

    // A stage of another bot is a wrong filter (400 on stageId), never an empty page.
    const neighbour = await signUp(t);
    const otherBot = await createBot(t, neighbour, { bot_objective: 'automobile' });
    const otherStage = ((await as(t, neighbour)({ method: 'GET', url: `/api/pipeline/${otherBot}/stages` })).json().stages as PipelineStage[])[0]!;
    const foreign = await api({ method: 'GET', url: `/api/contacts?botId=${botId}&stageId=${otherStage.id}` });
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(foreign.json().error.fields).toEqual({ stageId: expect.any(String) });
  });
});
