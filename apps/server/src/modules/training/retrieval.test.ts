import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines } from '../../test/harness.ts';
import { insertBot } from '../../test/fixtures.ts';
import type { Database } from '../../db/client.ts';
import { trainingRepository } from './training.repository.ts';
import { retrieval, wordsStartingWith } from './retrieval.ts';
import { searchText, queryTerms } from './search-text.ts';

describe('search text', () => {
  it('folds case, accents and thousands separators', () => {
    expect(searchText('Depto. en NÁRVARTE: $18,500 MXN / 1.250 metros')).toBe('depto en narvarte 18500 mxn 1250 metros');
    expect(searchText('18.500 y 18,500 y 3.5')).toBe('18500 y 18500 y 3 5');
    expect(queryTerms('Hola, ¿cuánto cuesta una limpieza dental?')).toEqual([
      { term: 'cuanto', weight: 0.35, kind: 'price' },
      { term: 'cuesta', weight: 0.35, kind: 'price' },
      { term: 'limpieza', weight: 1 },
      { term: 'dental', weight: 1 },
    ]);
    expect(queryTerms('¿A qué hora abren?').map((q) => q.term)).toEqual(['hora', 'horario', 'abren', 'abrimos']);
    expect(queryTerms('soy Ana, ana@mail.mx, 55 4433 2211: ¿y Polanco?').map((q) => q.term)).toEqual(['ana', 'polanco']);
    // A first person spelt apart from the verb's other forms is searched as they are written too.
    expect(queryTerms('¿Qué pasa si no recojo mi ropa?').map((q) => q.term)).toContain('recogo');
    // "¿Cuánto tiempo…?" asks a duration, not a price; "¿cuánto me sale?" a price.
    expect(queryTerms('¿con cuánto tiempo encargo un pastel?')).toContainEqual({ term: 'tiempo', weight: 0.35, kind: 'duration' });
    expect(queryTerms('¿con cuánto tiempo encargo un pastel?').some((q) => q.kind === 'price')).toBe(false);
    expect(queryTerms('¿cuánto me sale?')).toContainEqual({ term: 'cuanto', weight: 0.35, kind: 'price' });
  });
});

describe('words starting with a stem', () => {
  it('counts as splitting the text into words would, from a word on', () => {
    const text = 'renta de canchas renta  rentas por hora arrentar renta';
    const count = (from: number, stem: string) => text.slice(from).split(' ').filter((w) => w.startsWith(stem)).length;
    for (const from of [0, 6, 9, 17, 22, text.length]) {
      for (const stem of ['rent', 'renta', 'hora', 'x', 'a', '']) expect(wordsStartingWith(text, from, stem), `${from} ${stem}`).toBe(count(from, stem));
    }
  });
});

describe.each(engines)('retrieval on %s', (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  let botId: string;
  let search: ReturnType<typeof retrieval>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(engine));
    const repo = trainingRepository(database.db);
    search = retrieval(repo);
    botId = (await insertBot(database)).bot.id;
    const doc = await repo.insertDocument({ botId, documentName: 'info', mimeType: 'Text Training', trainingType: 'TEXT' });
    await repo.indexDocument(doc, 'spanish', [
      { heading: 'Precios', text: 'Limpieza dental: $650 MXN. Endodoncia: $4,500 MXN. Blanqueamiento: $3,200 MXN.' },
      { heading: 'Horario', text: 'Abrimos de lunes a viernes de 9:00 a 19:00 y los sábados de 9:00 a 14:00.' },
      { heading: 'Ubicación', text: 'Estamos en Av. Chapultepec 1234, colonia Americana, Guadalajara. Estacionamiento gratuito.' },
      { heading: 'Pagos', text: 'Aceptamos tarjetas y meses sin intereses en tratamientos mayores a $3,000.' },
      { heading: 'Expedientes', text: 'Los estudios que no se recogen en 60 días se archivan.' },
    ], 'info');
    const csv = await repo.insertDocument({ botId, documentName: 'propiedades.csv', mimeType: 'CSV', trainingType: 'CSV' });
    await repo.indexDocument(csv, 'spanish', [
      { heading: 'propiedades.csv', text: 'Colonia: Narvarte; Tipo: Departamento; Precio: 18,500; Recámaras: 2' },
      { heading: 'propiedades.csv', text: 'Colonia: Del Valle; Tipo: Casa; Precio: 32,000; Recámaras: 3' },
      { heading: 'propiedades.csv', text: 'Colonia: Roma Norte; Tipo: Loft; Precio: 21,000; Recámaras: 1; Auto: Corolla' },
    ], 'csv');
  });
  afterAll(() => drop());

  it('ranks the passage holding the rare words first', async () => {
    const [top] = await search(botId, 'es', '¿Cuánto cuesta una endodoncia?');
    expect(top?.text).toContain('Endodoncia');
    expect(top?.score).toBeGreaterThan(0);
  });

  it('finds a CSV row by any of its values, accents and separators aside', async () => {
    expect((await search(botId, 'es', 'narvarte'))[0]?.text).toContain('Narvarte');
    expect((await search(botId, 'es', '18,500'))[0]?.text).toContain('Narvarte');
    expect((await search(botId, 'es', '18500'))[0]?.text).toContain('Narvarte');
    expect((await search(botId, 'es', 'corolla'))[0]?.text).toContain('Roma Norte');
  });

  it('finds a verb written with another letter in the first person ("recojo" / "recogen")', async () => {
    expect((await search(botId, 'es', '¿y si no recojo mis estudios?'))[0]?.heading).toBe('Expedientes');
  });

  it('takes the words searched beside the question as they are, never for typos', async () => {
    expect((await search(botId, 'es', 'Narvate'))[0]?.text).toContain('Narvarte');
    expect(await search(botId, 'es', 'buhardilla', 5, 'Narvate')).toEqual([]);
    expect((await search(botId, 'es', 'buhardilla', 5, 'Narvarte'))[0]?.text).toContain('Narvarte');
  });

  it('tolerates typos and missing accents', async () => {
    expect((await search(botId, 'es', 'Narvate'))[0]?.text).toContain('Narvarte');
    expect((await search(botId, 'es', 'estacionamiento'))[0]?.heading).toBe('Ubicación');
    expect((await search(botId, 'es', 'sabados'))[0]?.heading).toBe('Horario');
  });

  it('keeps per-word passage counts exact through indexing, replacement and deletion', async () => {
    const repo = trainingRepository(database.db);
    const count = async (word: string) => (await repo.frequencies(botId, 'spanish', [word]))[0]!.df;
    expect(await count('endodoncia')).toBe(1);
    expect(await count('colonia')).toBe(4);
    const extra = await repo.insertDocument({ botId, documentName: 'extra', mimeType: 'Text Training', trainingType: 'TEXT' });
    await repo.indexDocument(extra, 'spanish', [{ text: 'Endodoncia en una sola cita.' }, { text: 'Endodoncias y coronas.' }], 'x');
    expect(await count('endodoncia')).toBe(3);
    await repo.indexDocument(extra, 'spanish', [{ text: 'Coronas de zirconia.' }], 'x');
    expect(await count('endodoncia')).toBe(1);
    expect(await count('zirconia')).toBe(1);
    await repo.deleteDocument(extra.id);
    expect(await count('zirconia')).toBe(0);
    expect((await repo.frequencies(botId, 'spanish', ['de']))[0]).toEqual({ word: 'de', df: 0, query: '' });
  });

  it('finds what was trained a moment after a search that knew none of its words', async () => {
    const repo = trainingRepository(database.db);
    expect(await search(botId, 'es', '¿Hacen carillas de porcelana?')).toEqual([]);
    expect(await search(botId, 'es', '¿Hacen carilas de porcelana?')).toEqual([]);
    const doc = await repo.insertDocument({ botId, documentName: 'carillas', mimeType: 'Text Training', trainingType: 'TEXT' });
    await repo.indexDocument(doc, 'spanish', [{ heading: 'Estética', text: 'Carillas de porcelana: $6,800 MXN por pieza.' }], 'carillas');
    expect((await search(botId, 'es', '¿Hacen carillas de porcelana?'))[0]?.text).toContain('Carillas');
    expect((await search(botId, 'es', '¿Hacen carilas de porcelana?'))[0]?.text).toContain('Carillas');
    await repo.deleteDocument(doc.id);
    expect(await search(botId, 'es', '¿Hacen carillas de porcelana?')).toEqual([]);
  });

  it('reads a retrained passage as it is now, and never another database\'s passage of the same id', async () => {
    const repo = trainingRepository(database.db);
    const doc = await repo.insertDocument({ botId, documentName: 'ortodoncia', mimeType: 'Text Training', trainingType: 'TEXT' });
    await repo.indexDocument(doc, 'spanish', [{ heading: 'Ortodoncia', text: 'Brackets metálicos: $18,000 MXN.' }], 'o');
    expect((await search(botId, 'es', '¿Cuánto cuestan los brackets?'))[0]?.text).toContain('$18,000');
    await repo.indexDocument(doc, 'spanish', [{ heading: 'Ortodoncia', text: 'Brackets metálicos: $21,500 MXN.' }], 'o');
    expect((await search(botId, 'es', '¿Cuánto cuestan los brackets?'))[0]?.text).toContain('$21,500');

    // A second database in the same process numbers its passages from 1 as well.
    const second = await createTestDatabase(engine);
    try {
      const otherRepo = trainingRepository(second.database.db);
      const otherBot = (await insertBot(second.database)).bot.id;
      const otherDoc = await otherRepo.insertDocument({ botId: otherBot, documentName: 'b', mimeType: 'Text Training', trainingType: 'TEXT' });
      await otherRepo.indexDocument(otherDoc, 'spanish', [{ heading: 'Precios', text: 'Limpieza dental: $990 MXN.' }], 'b');
      expect((await retrieval(otherRepo)(otherBot, 'es', 'limpieza dental'))[0]?.text).toContain('$990');
      expect((await search(botId, 'es', 'limpieza dental'))[0]?.text).toContain('$650');
    } finally {
      await second.drop();
    }
  });

  it('finds nothing for unrelated words and never searches another bot', async () => {
    expect(await search(botId, 'es', 'helicóptero submarino')).toEqual([]);
    const other = (await insertBot(database)).bot.id;
    expect(await search(other, 'es', 'endodoncia')).toEqual([]);
  });
});
