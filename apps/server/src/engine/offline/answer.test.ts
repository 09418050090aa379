import { describe, expect, it } from 'vitest';
import type { Passage } from '../ports.ts';
import type { Length } from './answer.ts';
import { answerFromKnowledge } from './knowledge-answer.ts';
import { analyzeQuestion } from './question.ts';
import { memoryTools, passage } from './test-support/memory-tools.ts';

const NOW = new Date('2026-03-02T10:00:00-06:00');

/** The answer's text, "(unknown)" when the knowledge does not hold it. */
async function ask(question: string, passages: Passage[], length: Length = 'normal'): Promise<string> {
  const tools = memoryTools({ now: NOW, passages });
  const q = analyzeQuestion(question, { now: NOW, timeZone: 'America/Mexico_City' });
  const answer = await answerFromKnowledge(q, tools.search, { length, language: 'es' });
  if (answer.type !== 'answer') return `(${answer.type})`;
  return [answer.verdict === 'yes' ? 'Sí.' : answer.verdict === 'no' ? 'No.' : '', ...answer.sentences].filter(Boolean).join(' ');
}

const spa = [
  passage('Servicio: Masaje relajante; Precio: 900; Duracion minutos: 60', 'servicios.csv'),
  passage('Servicio: Masaje de piedras calientes; Precio: 1200; Duracion minutos: 75', 'servicios.csv'),
  passage('Servicio: Facial hidratante; Precio: 750; Duracion minutos: 50', 'servicios.csv'),
  passage('Servicio: Manicure spa; Precio: 350; Duracion minutos: 40', 'servicios.csv'),
  passage(
    'Spa Serena\n\nHorario: martes a domingo de 10:00 a 20:00. Los lunes permanece cerrado.\nEstamos en Calle Reforma 55, Col. Centro, Puebla.\n\nPolítica de llegada: le pedimos llegar 10 minutos antes de su cita. Si llega tarde, el tiempo se descuenta de su sesión.',
    'Spa Serena',
  ),
  passage('¿Puedo ir con mi pareja?\nSí, tenemos cabinas dobles para masajes en pareja con reservación previa.\n\n¿Venden tarjetas de regalo?\nSí, vendemos tarjetas de regalo desde $500.', 'Preguntas frecuentes'),
];

const cars = [
  passage('Producto: Nissan Versa Sense 2024; Precio: $289,900.50 MXN; SKU: NV-24-S; Disponibles: 2; Color: Rojo', 'Nissan Versa Sense 2024', { productId: 'p1' }),
  passage('Producto: Nissan Kicks Advance 2024; Precio: $419,900.00 MXN; SKU: NK-24-A; Agotado; Color: Gris', 'Nissan Kicks Advance 2024', { productId: 'p2' }),
  passage('Prueba de manejo\nAgenda tu prueba de manejo de lunes a sábado. Solo necesitas tu licencia de conducir vigente.', 'Prueba de manejo'),
  passage('Financiamiento\nManejamos planes de financiamiento desde 10% de enganche a 12, 24, 36 y 48 meses.', 'Financiamiento'),
];

const school = [
  passage(
    'Inscripciones\nLas inscripciones para el ciclo escolar abren en enero. Requisitos para inscribir a su hijo:\n- Acta de nacimiento\n- CURP\n- Boleta del año anterior\n- Cuatro fotografías tamaño infantil',
    'Admisiones',
  ),
  passage('Colegiaturas\nLa colegiatura mensual de primaria es de $4,200 y la de secundaria de $4,800. La inscripción anual cuesta $6,000.', 'Costos'),
  passage('Transporte escolar\nContamos con transporte escolar en las colonias cercanas por $1,100 al mes.', 'Servicios'),
];

describe('buildAnswer', () => {
  it('answers "¿desde qué edad?" with the level that starts youngest, and of a named level with that one', async () => {
    const levels = [
      passage('Maternal: de 1 año 6 meses a 3 años.', 'Edades por nivel'),
      passage('Preescolar (Casa de Niños): de 3 a 6 años.', 'Edades por nivel'),
      passage('Primaria (Taller): de 6 a 12 años.', 'Edades por nivel'),
    ];
    expect(await ask('¿Desde qué edad reciben niños?', levels)).toBe('Maternal: de 1 año 6 meses a 3 años.');
    expect(await ask('¿Hasta qué edad reciben niños?', levels)).toBe('Primaria (Taller): de 6 a 12 años.');
    expect(await ask('a partir de cuantos años entran a primaria?', levels)).toBe('Primaria (Taller): de 6 a 12 años.');
  });

  it('answers a question about one kind of a thing with a refusal of the whole thing, and only then', async () => {
    const optician = [
      passage('Seguros y convenios: no trabajamos con aseguradoras. Damos 10% de descuento a maestros.', 'Políticas'),
      passage('No transportamos plantas grandes en maceta, animales, materiales inflamables ni dinero en efectivo.', 'Políticas'),
      passage('Clases: no tenemos clases los domingos. Las clases de pintura cuestan $300.', 'Clases'),
    ];
    expect(await ask('aceptan seguro de gastos medicos?', optician)).toContain('no trabajamos con aseguradoras');
    expect(await ask('¿Llevan animales de granja?', optician)).toContain('No transportamos');
    // A refusal of the thing on one day is no answer about another kind of it.
    expect(await ask('¿Tienen clases de natación?', optician)).toBe('(unknown)');
  });

  it('knows clothes by their everyday name: ropa asks for prendas', async () => {
    const cleaners = [
      passage('Prendas olvidadas: las prendas que no se recogen en 60 días se donan a beneficencia.', 'Políticas'),
      passage('Alfombras: entrega en 5 días.', 'Entregas'),
    ];
    expect(await ask('¿Qué pasa si no recojo mi ropa?', cleaners)).toContain('60 días');
  });

  it('renders a table row with the asked facts, not the whole row', async () => {
    expect(await ask('¿Cuánto cuesta el masaje relajante?', spa)).toBe('El masaje relajante cuesta $900 MXN y dura 60 minutos.');
    expect(await ask('¿Cuánto dura el facial?', spa)).toBe('El facial hidratante dura 50 minutos y cuesta $750 MXN.');
    // A cell read in mid-sentence loses the capital of its first word; a note after the sentence starts its own.
    const loans = [passage('Producto: Crédito automotriz; Monto: Desde $80,000; Plazo: De 12 a 60 meses; Notas: sin penalización por pago anticipado', 'creditos.csv')];
    expect(await ask('¿Cómo es el crédito automotriz?', loans, 'long')).toBe('El crédito automotriz cuesta desde $80,000; plazo: de 12 a 60 meses. Sin penalización por pago anticipado.');
  });

  it('takes the sentence that holds the fact from prose', async () => {
    expect(await ask('¿A qué hora abren?', spa)).toContain('10:00 a 20:00');
    expect(await ask('¿Dónde están?', spa)).toBe('Estamos en Calle Reforma 55, Col. Centro, Puebla.');
    expect(await ask('¿Qué pasa si llego tarde?', spa)).toContain('se descuenta');
  });

  it('answers a FAQ with its answer, never with the question', async () => {
    const reply = await ask('¿Tienen tarjetas de regalo?', spa);
    expect(reply).toContain('$500');
    expect(reply).not.toContain('¿');
  });

  it('drops the "No." a FAQ answer gives to its own question when it answers another', async () => {
    const faq = [passage('¿Tienen horario fijo?\nNo. Las clases están grabadas; hay sesión de dudas cada jueves a las 19:00.', 'Preguntas frecuentes')];
    expect(await ask('¿Cuándo es la sesión de dudas?', faq)).toMatch(/^Las clases están grabadas/);
    expect(await ask('¿Tienen horario fijo las clases?', faq)).toMatch(/^No\. Las clases/);
  });

  it('keeps a list with its intro', async () => {
    const reply = await ask('¿Qué documentos piden para inscribir a mi hijo?', school);
    expect(reply).toContain('Acta de nacimiento');
    expect(reply).toContain('CURP');
  });

  it('reads catalog products: price, stock and sold-out', async () => {
    expect(await ask('¿Cuánto cuesta el Versa?', cars)).toContain('$289,900.50 MXN');
    expect(await ask('¿Tienen el Kicks disponible?', cars)).toContain('agotado');
  });

  it('lists several rows that fit equally well', async () => {
    const reply = await ask('¿Qué masajes tienen?', spa);
    expect(reply).toContain('masaje relajante');
    expect(reply).toContain('piedras calientes');
  });

  it('gives the row naming the asked size, not its neighbour without it', async () => {
    const cakes = [
      passage('Producto: Pastel de tres leches; Tamaño: grande; Porciones: 25; Precio mxn: 720', 'precios.csv'),
      passage('Producto: Pastel de tres leches; Tamaño: chico; Porciones: 10; Precio mxn: 380', 'precios.csv'),
    ];
    const reply = await ask('cuanto cuesta el pastel de tres leches grande?', cakes);
    expect(reply).toContain('720');
    expect(reply).not.toContain('380');
    // Asked without a size, both are options.
    expect(await ask('cuanto cuesta el pastel de tres leches?', cakes)).toMatch(/720[\s\S]*380|380[\s\S]*720/);
  });

  it('answers of a named thing from a passage about every one of its kind', async () => {
    const coffee = [
      passage('Producto: Café Chiapas en grano; Presentación: 500 g; Precio: 250', 'precios.csv'),
      passage('Producto: Café Veracruz en grano; Presentación: 500 g; Precio: 230', 'precios.csv'),
      passage('Molienda\nTodos los cafés en grano se pueden pedir molidos sin costo extra: para espresso, goteo o prensa francesa.', 'Pedidos'),
    ];
    expect(await ask('Quiero el de Chiapas en grano, ¿me lo pueden moler para espresso?', coffee)).toContain('sin costo extra');
    // A name no passage says is still not answered for.
    expect(await ask('¿El de Oaxaca en grano me lo pueden moler?', coffee)).not.toContain('Oaxaca');
  });

  it('reads a measure written as customers write it and prefers the row priced by that measure', async () => {
    expect(analyzeQuestion('una lona de 2x1 metros cuanto sale?', { now: NOW, timeZone: 'America/Mexico_City' }).amount).toEqual({ value: 2, unit: 'm2' });
    expect(analyzeQuestion('la necesito un par de meses', { now: NOW, timeZone: 'America/Mexico_City' }).amount).toEqual({ value: 2, unit: 'meses' });
    const prints = [
      passage('Servicio: Lona impresa (por m²); Precio mxn: 160', 'precios.csv'),
      passage('Servicio: Lona con ojillos para colgar; Precio mxn: 450', 'precios.csv'),
    ];
    const reply = await ask('cuanto cuesta una lona de 3x2 metros?', prints);
    expect(reply).toContain('160');
    expect(reply).not.toContain('450');
  });

  it('answers a question about a time from the passage that states it, not a row that only names the thing', async () => {
    const cleaner = [
      passage('Prenda: Traje de 2 piezas; Servicio: tintorería; Precio mxn: 210', 'precios.csv'),
      passage('Tiempos de entrega: el servicio normal de tintorería se entrega en 48 horas.', 'Servicios'),
    ];
    expect(await ask('¿En cuánto tiempo me entregan un traje?', cleaner)).toContain('48 horas');
  });

  it('answers a yes-or-no question with the verb the text repeats', async () => {
    expect(await ask('¿Manejan financiamiento?', cars)).toMatch(/^Sí\. Manejamos planes de financiamiento/);
  });

  it('says how much for a school from prose with several amounts', async () => {
    expect(await ask('¿Cuánto cuesta la colegiatura de secundaria?', school)).toContain('$4,800');
  });

  it('bounds the facts by response length', async () => {
    const short = await ask('¿Cuánto cuesta el Versa?', cars, 'short');
    const long = await ask('¿Cuánto cuesta el Versa?', cars, 'long');
    expect(short).not.toMatch(/rojo/i);
    expect(long).toMatch(/rojo/i);
  });

  it.each([
    ['¿Hacen depilación láser?', spa],
    ['¿Venden motos?', cars],
    ['¿Tienen clases de natación?', school],
    ['¿Aceptan perros?', spa],
  ])('does not invent an answer: %s', async (question, passages) => {
    expect(await ask(question, passages)).toBe('(unknown)');
  });

  const homes = [
    passage('Clave: A-1; Titulo: Departamento en Centro; Operacion: renta; Recamaras: 2; Metros cuadrados: 70; Precio mxn: 12000; Acepta mascotas: no', 'inmuebles.csv'),
    passage('Clave: A-2; Titulo: Departamento en Norte; Operacion: renta; Recamaras: 3; Metros cuadrados: 95; Precio mxn: 15000; Acepta mascotas: sí', 'inmuebles.csv'),
    passage('Clave: A-3; Titulo: Casa en Sur; Operacion: venta; Recamaras: 3; Metros cuadrados: 180; Precio mxn: 3200000; Acepta mascotas: sí', 'inmuebles.csv'),
    passage('Somos una agencia con 12 asesores certificados y 3 oficinas en la ciudad.', 'Nosotros'),
  ];

  it('picks the cheapest row when asked for it', async () => {
    expect(await ask('¿Cuál es el depa más barato?', homes)).toContain('departamento en Centro');
    expect(await ask('¿Cuál es el departamento más caro?', homes)).toContain('departamento en Norte');
  });

  it('says the column asked first, found by a related word', async () => {
    expect(await ask('¿Cuánto mide el departamento en Norte?', homes)).toMatch(/^El departamento en Norte \(renta\): 95 metros cuadrados/);
  });

  it('answers about the row named even when its yes-or-no column says no', async () => {
    expect(await ask('¿El departamento en Centro acepta mascotas?', homes)).toContain('no acepta mascotas');
    expect(await ask('¿Tienen algo en renta que acepte mascotas?', homes)).not.toContain('Centro');
  });

  it('counts what is asked to be counted', async () => {
    expect(await ask('¿Cuántas oficinas tienen?', homes)).toContain('3 oficinas');
  });

  it('says which name it knows nothing of, with what it knows of the rest', async () => {
    const tools = memoryTools({ now: NOW, passages: school });
    const q = analyzeQuestion('¿Cuánto cuesta el transporte escolar a Querétaro?', { now: NOW, timeZone: 'America/Mexico_City' });
    const answer = await answerFromKnowledge(q, tools.search, { length: 'normal', language: 'es' });
    expect(answer.type === 'answer' && answer.missing).toEqual(['queretaro']);
    expect(answer.type === 'answer' && answer.sentences.join(' ')).toContain('colonias cercanas');
  });

  it('does not offer the catalog for the customer\'s own thing', async () => {
    expect(await ask('quiero vender mi casa', homes)).not.toContain('Casa en Sur');
  });

  it('does not answer "is it …?" about a property the passages never state', async () => {
    expect(await ask('¿Es amplio el departamento en Norte?', homes)).toBe('(unknown)');
  });

  it('asks which thing when only a price is asked', async () => {
    expect(await ask('¿Cuánto cuesta?', spa)).toBe('(which)');
  });

  it('prefers the part of the day asked', async () => {
    const club = [passage('- Horario valle, de 7:00 a 17:00 entre semana: $450 la cancha.\n- Horario pico, de 17:00 a 23:00 entre semana y todo el día en fin de semana: $650 la cancha.', 'Renta de canchas')];
    expect(await ask('¿Cuánto cuesta la cancha en la noche?', club, 'short')).toContain('$650');
    expect(await ask('¿Cuánto cuesta la cancha en la mañana?', club, 'short')).toContain('$450');
  });

  it('answers with an irregular participle of the verb asked ("ver" and "visto", "impriman" and "impresa")', async () => {
    const shop = [
      passage('Prueba de color: antes de imprimir te mandamos una prueba digital por WhatsApp para tu visto bueno.', 'Imprenta'),
      passage('Horario: lunes a viernes de 9:00 a 19:00.', 'Imprenta'),
    ];
    expect(await ask('puedo ver como queda antes de q lo impriman?', shop)).toContain('prueba digital');
  });

  describe('a place sent to', () => {
    const shop = [
      passage('Envíos: entregamos sin costo en el centro de Mérida y al resto de la ciudad por $70. Enviamos a todo México por paquetería.', 'Imprenta'),
      passage('Producto: Lona impresa (por m²); Precio: 160', 'precios.csv'),
      passage('Producto: Tarjetas de presentación; Cantidad: 100; Precio: 250', 'precios.csv'),
    ];

    it('is answered by a passage that sends to the whole country', async () => {
      expect(await ask('mandan a cancun?', shop)).toContain('todo México');
      expect(await ask('¿Mandan a Cancún?', shop)).toContain('todo México');
    });

    it('is not answered by other rows, nor by "a todo" that is not about sending', async () => {
      expect(await ask('¿Tienen sucursal en Cholula?', shop)).toBe('(unknown)');
      expect(await ask('mandan a cancun?', [passage('Imprimimos a todo color en papel couché. Te mandamos la prueba por WhatsApp.', 'Imprenta')])).toBe('(unknown)');
    });
  });

  it('answers with the thing asked when the passage does not say what it is for', async () => {
    const plans = [
      passage('Plan: Domicilio fiscal mensual; Incluye: dirección fiscal y recepción de correspondencia; Precio: 1200', 'planes.csv'),
      passage('Plan: Pase de día; Incluye: escritorio compartido; Precio: 220', 'planes.csv'),
      passage('Colmena Coworking — Blvd. Campestre 1520, piso 3, León, Gto.', 'Colmena'),
    ];
    expect(await ask('ocupo una direccion para darme de alta en el SAT, tienen eso?', plans)).toContain('1,200');
  });

  describe('a thing no passage names, looked for by its kinds', () => {
    const movers = [
      passage('Zona de servicio: mudanzas locales dentro de la ciudad y su área metropolitana.', 'Información'),
      passage('Servicio: Mudanza local de departamento; Incluye: camión y 2 cargadores; Precio: 3200', 'tarifas.csv'),
      passage('No transportamos plantas grandes en maceta, animales, materiales inflamables ni dinero en efectivo.', 'Información'),
    ];

    it('answers from a refusal of its kind', async () => {
      expect(await ask('¿me pueden llevar a mi perro en el camión?', movers)).toContain('animales');
    });

    it('says nothing when no passage names the kind either', async () => {
      expect(await ask('¿me pueden llevar a mi perro en el camión?', movers.filter((p) => !p.text.includes('animales')))).toBe('(unknown)');
    });

    it('does not take an offer of the kind for an offer of the thing', async () => {
      const shop = [passage('Vendemos electrodomésticos de las mejores marcas con envío a domicilio.', 'Tienda')];
      expect(await ask('¿Venden lavadoras?', shop)).toBe('(unknown)');
    });
  });
});
