import { describe, expect, it } from 'vitest';
import type { EngineBot } from '../types.ts';
import { offlineEngine } from './offline-engine.ts';
import { MONDAY } from './test-support/clock.ts';
import { conversation, testBot } from './test-support/conversation.ts';
import { memoryTools, passage } from './test-support/memory-tools.ts';


const dental = [
  passage('Servicio: Limpieza dental; Precio mxn: 650; Duracion minutos: 45', 'precios.csv'),
  passage('Servicio: Endodoncia; Precio mxn: 4500; Duracion minutos: 90', 'precios.csv'),
  passage('Servicio: Alineadores transparentes (tratamiento completo); Precio mxn: 42000; Duracion minutos: 60', 'precios.csv'),
  passage(
    'Dirección: Av. Chapultepec 1234, Col. Americana, Guadalajara, Jalisco.\nHorario: lunes a viernes de 9:00 a 19:00; sábados de 9:00 a 14:00. Los domingos la clínica está cerrada.\n\nEstacionamiento: contamos con estacionamiento gratuito para pacientes en el sótano del edificio.\n\nUrgencias: atendemos urgencias dentales el mismo día dentro del horario de la clínica.',
    'Clínica Dental Sonrisa',
  ),
];

const store = [
  passage('Producto: Camisa Oxford; Precio: $589.00 MXN; SKU: CO-1; Disponibles: 4; Color: Azul', 'Camisa Oxford', { productId: 'p1' }),
  passage('Producto: Pantalón chino; Precio: $799.00 MXN; SKU: PC-2; Disponibles: 3; Color: Beige', 'Pantalón chino', { productId: 'p2' }),
];

const chat = (bot: Partial<EngineBot> = {}, passages = dental) => conversation({ now: MONDAY, passages, bot });

describe('offline engine: answers', () => {
  it('answers from the knowledge and names its sources', async () => {
    const reply = await chat().send('¿Cuánto cuesta una limpieza dental?');
    expect(reply.text).toContain('La limpieza dental cuesta $650 MXN');
    expect(reply.sources.map((s) => s.text)).toEqual([dental[0]!.text]);
    expect(reply.handoff).toBe(false);
  });

  it('says it does not have what the knowledge lacks and offers a person', async () => {
    const c = chat();
    const reply = await c.send('¿Hacen cirugía plástica de nariz?');
    expect(reply.text).toContain('No tengo esa información');
    expect(reply.text).toContain('alguien de nuestro equipo');
    expect(reply.sources).toEqual([]);
    const yes = await c.send('sí, por favor');
    expect(yes.handoff).toBe(true);
    expect(yes.actions.some((a) => a.type === 'handoff')).toBe(true);
  });

  it('captures the lead and answers in the same message', async () => {
    const reply = await chat().send('Hola, soy Marta Ruiz y mi correo es marta.ruiz@example.com. ¿Cuánto cuestan los alineadores?');
    expect(reply.actions).toContainEqual({ type: 'update_contact', name: 'Marta Ruiz', email: 'marta.ruiz@example.com' });
    expect(reply.text).toContain('$42,000');
    expect(reply.text).toMatch(/^¡Hola, Marta!/);
  });

  it('does not repeat details the contact already has', async () => {
    const c = conversation({ now: MONDAY, passages: dental, contact: { name: 'Marta Ruiz', email: 'marta.ruiz@example.com' } });
    expect((await c.send('soy Marta Ruiz, ¿dónde están?')).actions).toEqual([]);
  });

  it('follows up on the same kind of question: "¿y la endodoncia?"', async () => {
    const c = chat();
    await c.send('¿Cuánto cuesta la limpieza dental?');
    expect((await c.send('¿y la endodoncia?')).text).toContain('$4,500');
  });

  it('follows up on the same thing: "¿y cuánto dura?"', async () => {
    const c = chat();
    await c.send('Me interesa la endodoncia');
    expect((await c.send('¿y cuánto dura?')).text).toContain('90 minutos');
  });

  it('follows up in a catalog: "¿y un pantalón?"', async () => {
    const c = chat({ purpose: 'sales', personality: 'Persuasivo' }, store);
    expect((await c.send('¿Cuánto cuesta la camisa?')).text).toContain('$589.00 MXN');
    const next = await c.send('¿y un pantalón?');
    expect(next.text).toContain('$799.00 MXN');
    expect(next.text).toContain('¿Quieres que te ayude con tu compra?');
  });

  it('asks a question about an attribute of the thing named before: "Me interesa el Jetta" / "¿Cuántos kilómetros tiene?"', async () => {
    const cars = [
      passage('Marca: Nissan; Modelo: Versa; Kilometraje: 38000; Precio mxn: 289000', 'inventario.csv'),
      passage('Marca: Volkswagen; Modelo: Jetta; Kilometraje: 52000; Precio mxn: 365000', 'inventario.csv'),
      passage('Marca: Toyota; Modelo: Corolla; Kilometraje: 21000; Precio mxn: 418000', 'inventario.csv'),
    ];
    const c = chat({ purpose: 'sales' }, cars);
    await c.send('Me interesa el Jetta');
    const reply = await c.send('¿Cuántos kilómetros tiene?');
    expect(reply.text).toContain('52,000');
    expect(reply.text).not.toContain('38,000');
    expect(reply.text).not.toContain('21,000');
  });

  it('answers a question written after another without its marks: "¿traen las cajas o las consigo yo? cuanto cuestan"', async () => {
    const moving = [
      passage('Servicio: Flete pequeño; Precio mxn: 1400', 'tarifas.csv'),
      passage('Servicio: Cajas de cartón (paquete de 10); Precio mxn: 280', 'tarifas.csv'),
      passage('Embalaje: los cargadores envuelven los muebles con cobijas sin costo. Las cajas se cobran aparte.', 'Mudanzas'),
    ];
    const reply = await chat({}, moving).send('ustedes traen las cajas o las consigo yo? cuanto cuestan');
    expect(reply.text).toContain('$280');
  });

  it("shows the picture of the one product a reply is about, not of a list nor of a document's row", async () => {
    const images = { p1: 'https://tienda.mx/img/camisa-oxford.jpg', p2: 'https://tienda.mx/img/pantalon.jpg' };
    const c = conversation({ now: MONDAY, passages: store, bot: { purpose: 'sales' }, images });
    const one = await c.send('¿Cuánto cuesta la camisa Oxford?');
    expect(one.text).toContain('$589.00 MXN');
    expect(one.image).toEqual({ url: 'https://tienda.mx/img/camisa-oxford.jpg' });
    const shirts = [...store, passage('Producto: Camisa de lino; Precio: $699.00 MXN; SKU: CL-2; Disponibles: 3; Color: Blanco', 'Camisa de lino', { productId: 'p3' })];
    const list = await conversation({ now: MONDAY, passages: shirts, bot: { purpose: 'sales' }, images: { ...images, p3: 'https://tienda.mx/img/lino.jpg' } }).send('¿Qué camisas tienen?');
    expect(list.text).toContain('Tenemos estas opciones');
    expect(list.image).toBeUndefined();
    // A product without a picture, and a document's row: text alone.
    expect((await conversation({ now: MONDAY, passages: store, bot: { purpose: 'sales' }, images: { p2: images.p2 } }).send('¿Cuánto cuesta la camisa Oxford?')).image).toBeUndefined();
    expect((await chat().send('¿Cuánto cuesta una limpieza dental?')).image).toBeUndefined();
  });

  it('shows understanding for pain or urgency', async () => {
    const reply = await chat({ personality: 'Comprensible' }).send('Tengo una urgencia, me duele muchísimo una muela');
    expect(reply.text).toContain('Lamento');
    expect(reply.text).toContain('mismo día');
  });
});

describe('offline engine: more at once', () => {
  it('answers the price asked along with a booking', async () => {
    const reply = await chat().send('Quiero agendar una endodoncia el jueves a las 10, ¿cuánto cuesta?');
    expect(reply.text).toContain('La endodoncia cuesta $4,500 MXN');
    expect(reply.text).toContain('jueves 5 de marzo a las 10:00 a. m. está disponible');
  });

  it('lists prices when asked for them all', async () => {
    const reply = await chat().send('¿Cuáles son sus precios?');
    expect(reply.text).toContain('Tenemos estas opciones');
    expect(reply.text).toContain('$650');
  });

  it('takes a name given with thanks', async () => {
    const c = chat();
    await c.send('Quiero una cita el jueves a las 10');
    expect((await c.send('Laura Gómez, gracias')).actions).toContainEqual({ type: 'update_contact', name: 'Laura Gómez' });
  });
});

describe('offline engine: hand-off, identity, greetings', () => {
  it('hands off when asked for a person, with the redirection number when set', async () => {
    const reply = await chat({ redirectionEnabled: true, redirectionPhone: '33 1234 5678' }).send('Quiero hablar con una persona, por favor');
    expect(reply.handoff).toBe(true);
    expect(reply.actions[0]).toMatchObject({ type: 'handoff' });
    expect(reply.text).toContain('alguien de nuestro equipo');
    expect(reply.text).toContain('33 1234 5678');
    const quiet = await chat().send('que me llame un asesor');
    expect(quiet.text).not.toMatch(/\d{4}/);
  });

  it('says it is a virtual assistant when its identity is AI', async () => {
    const reply = await chat({ identity: 'Inteligencia Artificial', botName: 'Andrés' }).send('¿Eres un bot?');
    expect(reply.text).toContain('Soy Andrés, el asistente virtual de Clínica Dental Sonrisa');
  });

  it('never claims to be a person nor invents a name when its identity is human', async () => {
    for (const question of ['¿Eres un bot?', '¿eres humano?', '¿con quién hablo?']) {
      const reply = await chat({ identity: 'Humano', botName: 'Sofía' }).send(question);
      expect(reply.text).toContain('Soy Sofía');
      expect(reply.text).not.toMatch(/soy (una persona|humana?|real)|asistente virtual|\bbot\b/i);
    }
  });

  it('greets and introduces itself on the first reply only', async () => {
    const c = chat();
    expect((await c.send('Hola')).text).toBe('¡Hola! Soy Sofía, de Clínica Dental Sonrisa. ¿En qué te puedo ayudar?');
    expect((await c.send('hola otra vez')).text).not.toContain('Soy Sofía');
  });

  it('thanks and says goodbye', async () => {
    const c = chat();
    expect((await c.send('muchas gracias')).text).toContain('gusto');
    expect((await c.send('adiós')).text).toContain('Gracias por escribirnos');
  });

  it('says what the business does from its description', async () => {
    expect((await chat().send('¿A qué se dedican?')).text).toContain('Clínica dental familiar en Guadalajara.');
  });

  it('asks what about when nothing concrete is asked', async () => {
    expect((await chat().send('¿me das informes?')).text).toContain('¿De qué servicio o producto te gustaría saber?');
  });

  it('keeps the details given alone', async () => {
    const reply = await chat().send('mi correo es ana@correo.mx y mi cel 33 1111 2222');
    expect(reply.actions).toEqual([{ type: 'update_contact', email: 'ana@correo.mx', phone: '3311112222' }]);
    expect(reply.text).toContain('guardé tus datos');
  });
});

describe('offline engine: wording', () => {
  it('speaks with usted in a formal tone and with tú otherwise', async () => {
    const formal = await chat({ tone: 'Formal' }).send('Hola');
    expect(formal.text).toContain('¿En qué puedo ayudarle?');
    const fallbackFormal = await chat({ tone: 'Formal' }).send('¿Venden cepillos eléctricos?');
    expect(fallbackFormal.text).toContain('ayudarle');
    const informal = await chat({ tone: 'Informal' }).send('Hola');
    expect(informal.text).toContain('¿En qué te ayudo?');
  });

  it('invites to book when persuasive, and not otherwise', async () => {
    const persuasive = await chat({ personality: 'Persuasivo' }).send('¿Tienen estacionamiento?');
    expect(persuasive.text).toContain('¿Te gustaría agendar una cita?');
    const friendly = await chat({ personality: 'Comprensible' }).send('¿Tienen estacionamiento?');
    expect(friendly.text).not.toContain('agendar');
  });

  it('takes a "sí" to its invitation to book, for the service asked about', async () => {
    const c = chat({ personality: 'Persuasivo' });
    await c.send('¿Cuánto cuesta la endodoncia?');
    const yes = await c.send('sí');
    expect(yes.text).toContain('¿Qué día y a qué hora te gustaría tu cita de endodoncia?');
    expect((await c.send('el jueves a las 10')).text).toContain('jueves 5 de marzo a las 10:00 a. m.');
  });

  it('passes a "sí" to its offer to help buy to a person', async () => {
    const c = chat({ personality: 'Persuasivo', purpose: 'sales' }, store);
    await c.send('¿Cuánto cuesta la camisa?');
    const yes = await c.send('sí, la quiero');
    expect(yes.handoff).toBe(true);
    expect(yes.text).toContain('completar tu compra');
    expect(yes.actions[0]).toMatchObject({ type: 'handoff', reason: expect.stringContaining('quiere comprar') });
  });

  it('gives more facts in a long answer than in a short one', async () => {
    const short = await chat({ responseLength: 'short' }).send('¿Dónde están y cuál es su horario?');
    const long = await chat({ responseLength: 'long' }).send('¿Dónde están y cuál es su horario?');
    expect(long.text.length).toBeGreaterThan(short.text.length);
    expect(long.text).toContain('Chapultepec');
    expect(long.text).toContain('9:00 a 19:00');
  });

  it('answers in English when written to in English', async () => {
    const reply = await chat().send('Hello, do you have parking?');
    expect(reply.text).toMatch(/^Hello!/);
    expect(reply.text).toContain('estacionamiento gratuito');
    const unknown = await chat().send('Do you sell electric toothbrushes?');
    expect(unknown.text).toContain("I don't have that information");
  });
});

describe('offline engine: an English-speaking business', () => {
  const barber = [
    passage('Opening hours: Monday to Friday from 9:00 to 18:00, Saturday from 10:00 to 14:00. Closed on Sundays.', 'Barber Bros'),
    passage('Service: Haircut; Price usd: 25; Duration minutes: 30', 'services.csv'),
    passage('Service: Beard trim; Price usd: 15; Duration minutes: 20', 'services.csv'),
    passage('We are at 120 Main Street, Austin, Texas. Free parking behind the shop.', 'Location'),
  ];
  const english = () =>
    conversation({
      now: new Date('2026-03-02T10:00:00-06:00'),
      passages: barber,
      bot: { language: 'en', botName: 'Sam', businessName: 'Barber Bros', businessDesc: 'Barber shop in Austin', timezone: 'America/Chicago', appointmentMinutes: 30 },
    });

  it('answers, follows up and does not carry a price question into a location one', async () => {
    const c = english();
    expect((await c.send('What time do you open on Saturday?')).text).toContain('Saturday from 10:00 to 14:00');
    expect((await c.send('How much is a haircut?')).text).toContain('Haircut costs $25 USD');
    expect((await c.send('and the beard trim?')).text).toContain('$15 USD');
    expect((await c.send('Where are you located?')).text).toContain('120 Main Street');
    expect((await c.send('Do you do hair coloring?')).text).toContain("I don't have that information");
  });

  it('books in English', async () => {
    const c = english();
    expect((await c.send('I want to book a haircut tomorrow at 3pm')).text).toContain('Tuesday, March 3 at 3:00 PM is available');
    expect((await c.send('My name is John Smith')).text).toBe('Shall I confirm your haircut for John Smith on Tuesday, March 3 at 3:00 PM?');
    const done = await c.send('yes');
    expect(done.actions).toContainEqual(expect.objectContaining({ type: 'book', service: 'Haircut' }));
  });
});

describe('offline engine: bad input', () => {
  it.each([
    ['nothing', []],
    ['an empty message', ['']],
    ['white space', ['   \n ']],
    ['emoji only', ['😀😀🙏']],
    ['signs only', ['???!!!']],
    ['another language', ['Wie viel kostet eine Zahnreinigung?']],
    ['a huge message', ['¿Cuánto cuesta la limpieza dental? '.repeat(300)]],
    ['random characters', ['asdkjh qwpoeiru zxmcnv']],
  ])('answers %s without throwing', async (_name, incoming) => {
    const c = chat();
    const reply = await c.send(...(incoming as string[]));
    expect(reply.replies.length).toBeGreaterThan(0);
    expect(reply.replies.every((r) => r.trim().length > 0)).toBe(true);
    expect(reply.handoff).toBe(false);
  });

  it('reads only the start of a very long message', async () => {
    const reply = await chat().send(`¿Cuánto cuesta la limpieza dental? ${'bla '.repeat(2500)}`);
    expect(reply.text).toContain('$650');
  });

  it('still answers when the search fails', async () => {
    const reply = await conversation({ now: MONDAY, failingSearch: true }).send('¿Cuánto cuesta la limpieza?');
    expect(reply.text).toContain('No tengo esa información');
  });

  it('survives a stored state of any shape', async () => {
    const engine = offlineEngine();
    const tools = memoryTools({ now: MONDAY, passages: dental });
    for (const state of [{ booking: 'x' }, { booking: { step: 'confirm', start: 'not a date' } }, { topic: { words: [1, 2], kinds: 'price' } }, { cancel: {} }]) {
      const result = await engine.respond({ bot: testBot(), now: MONDAY, contact: { name: '', email: '', phone: '' }, history: [], incoming: ['sí'], state, tools });
      expect(result.replies.length).toBeGreaterThan(0);
    }
  });

  it('answers a burst of messages as one', async () => {
    const reply = await chat().send('Hola', 'una pregunta', '¿cuánto cuesta la endodoncia?');
    expect(reply.text).toContain('$4,500');
  });
});
