import { describe, expect, it } from 'vitest';
import { MONDAY } from '../offline/test-support/clock.ts';
import { memoryTools, passage } from '../offline/test-support/memory-tools.ts';
import type { EngineContext } from '../types.ts';
import { testBot } from './test-support.ts';
import { buildTools, newTurn } from './tools.ts';

const knowledge = [
  passage('Congelar la membresía\nPuedes congelar tu membresía hasta 2 meses al año sin costo.', 'Gimnasio'),
  passage('Mascotas\nAceptamos perros pequeños de hasta 10 kg.', 'Hotel'),
  passage('Horario\nLunes a viernes de 5:30 a 23:00.', 'Gimnasio'),
];

const context = (): EngineContext => ({
  bot: testBot(),
  now: MONDAY,
  contact: { name: '', email: '', phone: '' },
  history: [],
  incoming: [],
  state: {},
  tools: memoryTools({ now: MONDAY, passages: knowledge }),
});

describe('LLM engine: the knowledge tool', () => {
  it('finds the passage written with other words, as the offline engine does', async () => {
    const tools = buildTools(context(), newTurn());
    const run = (query: string) =>
      (tools.search_knowledge!.execute as (input: { query: string }, options: unknown) => Promise<unknown>)({ query }, { toolCallId: 't', messages: [] });
    expect(JSON.stringify(await run('¿se puede pausar?'))).toContain('congelar');
    expect(JSON.stringify(await run('¿puedo llevar a mi chihuahua?'))).toContain('perros pequeños');
  });

  it('searches each question of a message on its own, so the second one is found too', async () => {
    const plans = ['Básico', 'Plus', 'Premium', 'Estudiante', 'Familiar', 'Empresarial'].map((name, i) =>
      passage(`Membresía ${name}\nLa membresía mensual ${name} cuesta $${400 + i * 100} al mes.`, 'Planes'),
    );
    const tools = buildTools({ ...context(), tools: memoryTools({ now: MONDAY, passages: [...plans, passage('Horario\nAbrimos los sábados de 7:00 a 15:00.', 'Gimnasio')] }) }, newTurn());
    const run = (query: string) =>
      (tools.search_knowledge!.execute as (input: { query: string }, options: unknown) => Promise<unknown>)({ query }, { toolCallId: 't', messages: [] });
    const found = JSON.stringify(await run('¿Cuánto cuesta la membresía mensual? ¿y abren los sábados?'));
    expect(found).toContain('Membresía');
    expect(found).toContain('7:00 a 15:00');
  });

  it('looks for a thing no passage names by its kinds', async () => {
    const movers = [passage('Tarifas\nMudanza local de departamento: $3,200.', 'Mudanzas'), passage('Restricciones\nNo transportamos plantas, animales ni dinero en efectivo.', 'Mudanzas')];
    const tools = buildTools({ ...context(), tools: memoryTools({ now: MONDAY, passages: movers }) }, newTurn());
    const run = (query: string) =>
      (tools.search_knowledge!.execute as (input: { query: string }, options: unknown) => Promise<unknown>)({ query }, { toolCallId: 't', messages: [] });
    expect(JSON.stringify(await run('¿me pueden llevar a mi perro?'))).toContain('animales');
  });
});
