import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { llmEngine, type LlmLog } from './llm-engine.ts';
import {
  answer,
  callTools,
  fakeChatServer,
  inOrder,
  memoryLog,
  memoryTools,
  stubEngine,
  testBot,
  testContext,
  toolResults,
  type FakeChatServer,
} from './test-support.ts';

// Thursday 20 November 2025, 4:00 p.m. in Mexico City (UTC−6).
const now = new Date('2025-11-20T22:00:00Z');

let server: FakeChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(script: Parameters<typeof fakeChatServer>[0], options: { timeoutMs?: number; maxRetries?: number } = {}) {
  server = await fakeChatServer(script);
  const fallback = stubEngine();
  const log = memoryLog();
  const engine = llmEngine({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'test-model', fallback, log, ...options });
  return { server, fallback, log, engine };
}

describe('llmEngine', () => {
  it('answers a question from a knowledge search, with the passages as sources', async () => {
    const { server, fallback, engine } = await setup(
      inOrder(
        callTools({ name: 'search_knowledge', args: { query: 'precio limpieza dental' } }),
        answer('La limpieza dental cuesta $600 MXN e incluye revisión.\n\n¿Le gustaría agendar una cita?'),
      ),
    );
    const context = testContext({ now, incoming: ['¿Cuánto cuesta la limpieza dental?'] });
    const result = await engine.respond(context);

    expect(fallback.calls).toHaveLength(0);
    expect(engine.name).toBe('openai-compatible');
    expect(result.replies).toEqual(['La limpieza dental cuesta $600 MXN e incluye revisión.', '¿Le gustaría agendar una cita?']);
    expect(result.sources.map((s) => s.chunkId)).toEqual([1]);
    expect(result.actions).toEqual([]);
    expect(result.handoff).toBe(false);

    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first!.model).toBe('test-model');
    expect(server.headers[0]!.authorization).toBe('Bearer sk-test');
    const system = first!.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Eres Sofía, el asistente virtual de Clínica Dental Sonrisa');
    expect(system.content).toContain('Habla de usted');
    expect(system.content).toContain('no tengo esa información');
    expect(system.content).toContain('el jueves 20 de noviembre a las 4:00 p. m.');
    expect(first!.messages.at(-1)).toMatchObject({ role: 'user', content: '¿Cuánto cuesta la limpieza dental?' });
    expect(first!.tools?.map((t) => t.function.name).sort()).toEqual(
      [
        'book_appointment',
        'cancel_appointment',
        'check_availability',
        'confirm_appointment',
        'handoff',
        'my_appointments',
        'offer_choices',
        'reschedule_appointment',
        'search_catalog',
        'search_knowledge',
        'update_contact',
      ].sort(),
    );
    const search = first!.tools!.find((t) => t.function.name === 'search_knowledge')!;
    expect(search.function.parameters).toMatchObject({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] });

    // The second call carries the search results back to the model.
    expect(second!.messages.some((m) => m.role === 'assistant' && m.tool_calls?.[0]?.function.name === 'search_knowledge')).toBe(true);
    const [found] = toolResults(second!) as { results: { title: string; text: string }[] }[];
    expect(found!.results[0]).toMatchObject({ title: 'Limpieza dental', text: 'La limpieza dental cuesta $600 MXN e incluye revisión.' });
  });

  it('checks availability and books with the start converted from the bot time zone', async () => {
    const { server, engine } = await setup(
      inOrder(
        callTools({ name: 'check_availability', args: { date: '2025-11-21', time: '11:00' } }),
        callTools({ name: 'book_appointment', args: { start: '2025-11-21T11:00', service: 'Limpieza dental' } }),
        answer('Listo, su cita quedó el viernes 21 de noviembre a las 11:00 a. m.'),
      ),
    );
    const context = testContext({
      now,
      contact: { name: 'Ana López', email: '', phone: '+5213312345678' },
      history: [
        { direction: 'in', text: 'Quiero una limpieza mañana a las 11' },
        { direction: 'out', text: '¿Le confirmo su cita el viernes 21 de noviembre a las 11:00 a. m.?' },
      ],
      incoming: ['Sí, por favor'],
    });
    const result = await engine.respond(context);

    expect(result.actions).toEqual([
      { type: 'book', start: new Date('2025-11-21T17:00:00Z'), end: new Date('2025-11-21T17:30:00Z'), service: 'Limpieza dental' },
    ]);
    expect(result.replies).toEqual(['Listo, su cita quedó el viernes 21 de noviembre a las 11:00 a. m.']);
    expect(result.state).toEqual({ llm: {} });

    const [availability] = toolResults(server.requests[1]!);
    expect(availability).toEqual({ available: true, slot: { start: '2025-11-21T11:00', when: 'el viernes 21 de noviembre a las 11:00 a. m.' } });
    const [, booked] = toolResults(server.requests[2]!);
    expect(booked).toMatchObject({ booked: true, start: '2025-11-21T11:00' });
    // History alternates user and assistant turns.
    expect(server.requests[0]!.messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('does not book a taken slot and keeps the alternative it offered for the next turn', async () => {
    const { server, engine } = await setup(
      inOrder(
        callTools({ name: 'book_appointment', args: { start: '2025-11-21T11:00', service: 'Limpieza' } }),
        answer('Ese horario ya está ocupado. ¿Le parece a las 11:30 a. m.?'),
      ),
    );
    const tools = memoryTools({ now, taken: [new Date('2025-11-21T17:00:00Z')] });
    const result = await engine.respond(testContext({ now, tools, incoming: ['Agéndeme mañana a las 11'] }));

    expect(result.actions).toEqual([]);
    const [booked] = toolResults(server.requests[1]!);
    expect(booked).toMatchObject({ booked: false, available: false, reason: 'already taken', alternative: { start: '2025-11-21T11:30' } });
    expect(result.state).toEqual({ llm: { pendingSlot: '2025-11-21T11:30' } });

    // The next turn's instructions name the slot awaiting confirmation.
    server.script(inOrder(answer('Perfecto.')));
    await engine.respond(testContext({ now, tools, state: result.state, incoming: ['Sí, a esa hora'] }));
    expect(server.requests.at(-1)!.messages[0]!.content).toContain('espera la confirmación del cliente: el viernes 21 de noviembre a las 11:30 a. m. (2025-11-21T11:30)');
  });

  it('records a contact update and a hand-off', async () => {
    const { engine } = await setup(
      inOrder(
        callTools(
          { name: 'update_contact', args: { name: 'Ana López', email: 'Ana@Example.com', phone: null } },
          { name: 'handoff', args: { reason: 'Quiere hablar con la doctora' } },
        ),
        answer('Gracias, Ana. Le comunico con alguien de nuestro equipo; en breve le atienden.'),
      ),
    );
    const result = await engine.respond(
      testContext({ now, incoming: ['Soy Ana López, ana@example.com. Quiero hablar con la doctora, por favor'] }),
    );

    expect(result.actions).toEqual([
      { type: 'update_contact', name: 'Ana López', email: 'ana@example.com' },
      { type: 'handoff', reason: 'Quiere hablar con la doctora' },
    ]);
    expect(result.handoff).toBe(true);
    expect(result.replies).toEqual(['Gracias, Ana. Le comunico con alguien de nuestro equipo; en breve le atienden.']);
  });

  it('cancels and reschedules only the contact’s own appointments', async () => {
    const appointments = [{ id: 'apt-1', start: new Date('2025-11-24T16:00:00Z'), end: new Date('2025-11-24T17:00:00Z'), service: 'Ortodoncia' }];
    const { server, engine } = await setup(
      inOrder(
        callTools({ name: 'cancel_appointment', args: { appointment_id: 'apt-999' } }),
        callTools({ name: 'reschedule_appointment', args: { appointment_id: 'apt-1', new_start: '2025-11-25T12:00' } }),
        answer('Su cita quedó el martes 25 de noviembre a las 12:00 p. m.'),
      ),
    );
    const tools = memoryTools({ now, appointments });
    const result = await engine.respond(testContext({ now, tools, incoming: ['¿Puedo cambiar mi cita al martes a las 12?'] }));

    expect(toolResults(server.requests[1]!)[0]).toMatchObject({ cancelled: false });
    expect(result.actions).toEqual([
      { type: 'reschedule', appointmentId: 'apt-1', start: new Date('2025-11-25T18:00:00Z'), end: new Date('2025-11-25T19:00:00Z') },
    ]);
  });

  it('knows the appointment a reminder announced until the customer answers it, and confirms it', async () => {
    const start = new Date('2025-11-21T16:00:00Z');
    const appointments = [{ id: 'apt-7', start, end: new Date('2025-11-21T16:30:00Z'), service: 'Limpieza', status: 'booked' as const }];
    const reminded = { appointmentId: 'apt-7', start: start.toISOString() };
    const { server, engine } = await setup(inOrder(answer('Claro, ¿qué desea saber?'), callTools({ name: 'confirm_appointment', args: { appointment_id: 'apt-7' } }), answer('Su cita quedó confirmada.')));
    const tools = memoryTools({ now, appointments });

    const asked = await engine.respond(testContext({ now, tools, incoming: ['Una pregunta'], state: { reminded } }));
    const system = String(server.requests[0]!.messages[0]!.content);
    expect(system).toContain('# Recordatorio enviado');
    expect(system).toContain('(Limpieza) para el viernes 21 de noviembre a las 10:00 a. m. (2025-11-21T10:00, id apt-7)');
    expect(asked.actions).toEqual([]);
    expect(asked.state.reminded).toEqual(reminded);

    const confirmed = await engine.respond(testContext({ now, tools, incoming: ['Confirmo'], state: asked.state }));
    expect(confirmed.actions).toEqual([{ type: 'confirm', appointmentId: 'apt-7' }]);
    expect(confirmed.state.reminded).toBeUndefined();
    // A reminder of an appointment that is no longer upcoming is not mentioned.
    await engine.respond(testContext({ now, tools: memoryTools({ now }), incoming: ['Hola'], state: { reminded } }));
    expect(String(server.requests.at(-1)!.messages[0]!.content)).not.toContain('Recordatorio');
  });

  it('lists free times of a day and searches only products in the catalog', async () => {
    const { server, engine } = await setup(
      inOrder(
        callTools({ name: 'check_availability', args: { date: '2025-11-22' } }, { name: 'search_catalog', args: { query: 'limpieza dental' } }),
        answer('El sábado tengo libre a las 9:00 a. m. La limpieza dental cuesta $600 MXN.'),
      ),
    );
    const tools = memoryTools({ now, taken: [new Date('2025-11-22T15:30:00Z')] });
    const result = await engine.respond(testContext({ now, tools, incoming: ['¿Qué horarios tienen el sábado para limpieza dental?'] }));

    const [day, catalog] = toolResults(server.requests[1]!) as [{ free: { start: string }[] }, { results: { kind?: string }[] }];
    expect(day.free.map((f) => f.start)).toEqual(['2025-11-22T09:00', '2025-11-22T10:00', '2025-11-22T10:30', '2025-11-22T11:00']);
    expect(catalog.results.every((r) => r.kind === 'product')).toBe(true);
    expect(result.sources.map((s) => s.chunkId)).toEqual([1]);
  });

  it('shows the picture of the one catalog product a reply was built from; none for several products or none', async () => {
    const images = { 'prod-1': 'https://clinica.mx/img/limpieza.jpg', 'prod-2': 'https://clinica.mx/img/blanqueamiento.jpg' };
    const ask = async (reply: string, incoming: string) => {
      const { engine } = await setup(inOrder(callTools({ name: 'search_catalog', args: { query: 'dental' } }), answer(reply)));
      const result = await engine.respond(testContext({ now, tools: memoryTools({ now, images }), incoming: [incoming] }));
      await server?.close();
      server = undefined;
      return result;
    };
    const one = await ask('La limpieza dental cuesta $600 MXN e incluye revisión.', '¿Cuánto cuesta la limpieza?');
    expect(one.sources.map((s) => s.productId)).toEqual(['prod-1']);
    expect(one.image).toEqual({ url: 'https://clinica.mx/img/limpieza.jpg' });
    const both = await ask('La limpieza dental cuesta $600 MXN y el blanqueamiento $2,500 MXN.', '¿Qué tratamientos dentales tienen?');
    expect(both.image).toBeUndefined();
    expect((await ask('No tengo esa información.', '¿Tienen ortodoncia?')).image).toBeUndefined();
  });

  it('offers the free times as options to tap, and tells the model which start a tapped one stands for', async () => {
    const { server, engine } = await setup(
      inOrder(
        callTools({
          name: 'offer_choices',
          args: {
            options: [
              { title: '9:00 a. m.', description: 'sábado 22 de noviembre', start: '2025-11-22T09:00' },
              { title: '10:00 a. m.', start: '2025-11-22T10:00' },
              { title: '10:00 a. m.' },
              { title: 'Otro día' },
            ],
          },
        }),
        answer('El sábado tengo libre a las 9:00 a. m. o a las 10:00 a. m. ¿Cuál prefiere?'),
      ),
    );
    const result = await engine.respond(testContext({ now, incoming: ['¿Qué horarios tienen el sábado?'] }));
    expect(result.choices).toEqual({
      label: 'Ver opciones',
      options: [
        { id: 'slot:2025-11-22T15:00:00.000Z', title: '9:00 a. m.', description: 'sábado 22 de noviembre' },
        { id: 'slot:2025-11-22T16:00:00.000Z', title: '10:00 a. m.' },
        { id: 'option:4', title: 'Otro día' },
      ],
    });

    server.script(inOrder(answer('Con gusto.')));
    const tapped = await engine.respond(testContext({ now, incoming: ['10:00 a. m.'], chosen: { id: 'slot:2025-11-22T16:00:00.000Z', title: '10:00 a. m.' } }));
    expect(tapped.choices).toBeUndefined();
    expect(server.requests.at(-1)!.messages.at(-1)).toEqual({ role: 'user', content: '10:00 a. m. (opción elegida: inicio 2025-11-22T10:00)' });
  });

  it('words the hand-off itself when the model says nothing after it', async () => {
    const { fallback, engine } = await setup(inOrder(callTools({ name: 'handoff', args: { reason: 'Queja' } }), answer('')));
    const result = await engine.respond(testContext({ now, incoming: ['Quiero hablar con un humano'] }));
    expect(fallback.calls).toHaveLength(0);
    expect(result.handoff).toBe(true);
    expect(result.replies).toEqual(['Con gusto le comunico con alguien de nuestro equipo; en breve le atenderán.']);
  });

  it('falls back when the provider answers 500 every time, after retrying', async () => {
    const { server, fallback, log, engine } = await setup(() => ({
      kind: 'json',
      status: 500,
      body: { error: { message: 'upstream exploded', type: 'server_error' } },
      headers: { 'retry-after-ms': '5' },
    }));
    const context = testContext({ now, incoming: ['Hola'] });
    const result = await engine.respond(context);

    expect(result.replies).toEqual(['Respuesta del motor de respaldo']);
    expect(result.state).toEqual({ stub: true });
    expect(fallback.calls).toEqual([context]);
    expect(server.requests).toHaveLength(3);
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]!.details).toMatchObject({ reason: 'http 500', status: 500, attempts: 3, botId: 'bot-1', fallback: 'stub' });
  });

  it('retries a 429 and answers with the model when the retry succeeds', async () => {
    const { server, fallback, engine } = await setup(
      inOrder(
        { kind: 'json', status: 429, body: { error: { message: 'rate limited' } }, headers: { 'retry-after-ms': '5' } },
        answer('¡Hola! ¿En qué le puedo ayudar?'),
      ),
    );
    const result = await engine.respond(testContext({ now, incoming: ['Hola'] }));
    expect(result.replies).toEqual(['¡Hola! ¿En qué le puedo ayudar?']);
    expect(fallback.calls).toHaveLength(0);
    expect(server.requests).toHaveLength(2);
  });

  it('falls back when the provider hangs past the timeout', async () => {
    const { fallback, log, engine } = await setup(() => ({ kind: 'hang' }), { timeoutMs: 300 });
    const started = Date.now();
    const result = await engine.respond(testContext({ now, incoming: ['Hola'] }));

    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.replies).toEqual(['Respuesta del motor de respaldo']);
    expect(fallback.calls).toHaveLength(1);
    expect(log.entries[0]!.details).toMatchObject({ reason: 'timeout' });
  });

  it('falls back when the provider answers malformed JSON', async () => {
    const { fallback, log, engine } = await setup(() => ({ kind: 'raw', body: '{"choices": [{"message": ' }));
    const result = await engine.respond(testContext({ now, incoming: ['Hola'] }));

    expect(result.replies).toEqual(['Respuesta del motor de respaldo']);
    expect(fallback.calls).toHaveLength(1);
    expect(log.entries).toHaveLength(1);
  });

  it('falls back when the model answers nothing usable', async () => {
    const { fallback, log, engine } = await setup(inOrder(answer('{"name": "search_knowledge", "arguments": {"query": "precio"}}')));
    const result = await engine.respond(testContext({ now, incoming: ['¿Precio?'] }));

    expect(result.replies).toEqual(['Respuesta del motor de respaldo']);
    expect(fallback.calls).toHaveLength(1);
    expect(log.entries[0]!.details).toMatchObject({ reason: 'unusable answer' });
  });

  it('falls back when the model keeps calling tools past the step limit', async () => {
    const { fallback, server, engine } = await setup(() => callTools({ name: 'search_knowledge', args: { query: 'precio' } }));
    const result = await engine.respond(testContext({ now, incoming: ['¿Precio?'] }));

    expect(server.requests).toHaveLength(8);
    expect(result.replies).toEqual(['Respuesta del motor de respaldo']);
    expect(fallback.calls).toHaveLength(1);
  });

  it('words the booking conflict like the fallback and remembers the alternative', async () => {
    const { engine } = await setup(inOrder(answer('x')));
    const alternative = new Date('2025-11-21T17:30:00Z');
    const conflict = engine.bookingConflict(testContext({ now }), alternative);
    expect(conflict.replies).toEqual([`Ese horario se ocupó; ¿le parece ${alternative.toISOString()}?`]);
    expect(conflict.state).toEqual({ stub: 'conflict', llm: { pendingSlot: '2025-11-21T11:30' } });
  });

  it('speaks tú to an informal bot and keeps a human identity to its own name', async () => {
    const { server, engine } = await setup(inOrder(answer('¡Hola! Soy Sofía, ¿en qué te ayudo?')));
    const bot = testBot({ tone: 'Informal', identity: 'Humano' });
    await engine.respond(testContext({ now, bot, incoming: ['Hola'] }));
    const system = server.requests[0]!.messages[0]!.content as string;
    expect(system).toContain('Tutea al cliente (tú)');
    expect(system).toContain('Nunca afirmes ser una persona humana');
    expect(system).toContain('nunca uses otro nombre');
    expect(system).not.toContain('Habla de usted');
  });

  it('accepts a Fastify logger', () => {
    const logger = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const log: LlmLog = logger;
    expect(log).toBe(logger);
  });
});
