import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines } from '../test/harness.ts';
import { insertBot } from '../test/fixtures.ts';
import { bots } from '../modules/bots/bots.table.ts';
import type { Database } from '../db/client.ts';

describe.each(engines)('jsonb columns on %s', (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(engine));
  });
  afterAll(() => drop?.());

  it('store a value holding a NUL or half of a UTF-16 pair (keys too) without them, instead of failing the write', async () => {
    const { bot } = await insertBot(database);
    // A text cut in the middle of an emoji, as a slice of 1000 characters can leave it.
    const cut = `Hola ${'😀'.slice(0, 1)}`;
    await database.db
      .update(bots)
      .set({ reminders: [{ enabled: true, minutes_before: 60, message: `${cut} y\u0000 adiós \udc00😀` }], scheduling: [{ ['k\u0000']: 'v' } as never] })
      .where(eq(bots.id, bot.id));
    const [row] = await database.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(row!.reminders).toEqual([{ enabled: true, minutes_before: 60, message: 'Hola  y adiós 😀' }]);
    expect(row!.scheduling).toEqual([{ k: 'v' }]);
  });

  it('keep every other value as it was written', async () => {
    const { bot } = await insertBot(database);
    const value = [{ enabled: false, minutes_before: 1440, message: 'Cita mañana 😀 "comillas" \\ barra \n línea' }];
    await database.db.update(bots).set({ reminders: value }).where(eq(bots.id, bot.id));
    const [row] = await database.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(row!.reminders).toEqual(value);
  });
});
