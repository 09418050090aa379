import { describe, expect, it } from 'vitest';
import type { EngineBot } from '../types.ts';
import { MONDAY } from './test-support/clock.ts';
import { conversation } from './test-support/conversation.ts';
import { passage } from './test-support/memory-tools.ts';

/** A dental clinic trained with a text, a CSV and the same services in its catalog. */
const clinic = [
  passage('Producto: Limpieza dental; Precio: $650.00 MXN; Duración: 30 minutos', 'Limpieza dental', { productId: 'p1' }),
  passage('Servicio: Limpieza dental; Precio: 650; Duracion minutos: 30', 'servicios.csv'),
  passage('Servicio: Endodoncia; Precio: 4500; Duracion minutos: 90', 'servicios.csv'),
  passage(
    'Horario\nLunes a viernes de 9:00 a 19:00 y sábados de 9:00 a 14:00. Domingos cerrado.\n\nSeguros\nNo tenemos convenio directo con aseguradoras; le damos factura para que solicite el reembolso a GNP o AXA.',
    'Clínica',
  ),
];

const vet = [
  passage('Servicio: Baño perro chico (hasta 10 kg); Precio: 350', 'servicios.csv'),
  passage('Servicio: Baño perro mediano (de 10 a 25 kg); Precio: 450', 'servicios.csv'),
  passage('Servicio: Baño perro grande (más de 25 kg); Precio: 600', 'servicios.csv'),
  passage('Servicio: Esterilización de gata; Precio: 1800', 'servicios.csv'),
  passage('Servicio: Esterilización de perra; Precio: 2500', 'servicios.csv'),
  passage('Mascotas\nAceptamos perros pequeños de hasta 10 kg con un cargo de $350 por noche. No aceptamos gatos.', 'Hotel'),
  passage('Congelar la membresía\nPuedes congelar tu membresía hasta 2 meses al año sin costo.', 'Gimnasio'),
  passage('Domiciliación\nPuedes domiciliar tu mensualidad a tarjeta; el cargo se hace el día 1 de cada mes.', 'Gimnasio'),
];

const chat = (passages = clinic, bot: Partial<EngineBot> = {}) => conversation({ now: MONDAY, passages, bot });

describe('offline engine: answers a customer can trust', () => {
  it('answers every question of a message', async () => {
    const reply = await chat().send('¿Qué horario tienen? ¿Cuánto cuesta la endodoncia?');
    expect(reply.text).toContain('19:00');
    expect(reply.text).toContain('$4,500');
  });

  it('says what it knows and what it does not when one question of two has no answer', async () => {
    const reply = await chat().send('¿Cuánto cuesta la endodoncia? ¿Tienen rayos X panorámicos?');
    expect(reply.text).toContain('$4,500');
    expect(reply.text).toContain('no tengo información');
  });

  it('says one fact once: the catalog product and the CSV row of the same service are not two options', async () => {
    const reply = await chat().send('¿Cuánto cuesta una limpieza dental?');
    expect(reply.text).not.toContain('opciones');
    expect(reply.text.match(/650/g)).toHaveLength(1);
  });

  it('keeps the thread: a follow-up naming only a measure asks about the same service', async () => {
    const c = chat(vet);
    await c.send('¿Cuánto cuesta el baño para un perro chico?');
    const reply = await c.send('¿y para uno de 20 kilos?');
    expect(reply.text).toContain('$450');
    expect(reply.text).not.toContain('$600');
  });

  it('answers about the row asked, not its neighbour', async () => {
    const reply = await chat(vet).send('¿Cuánto cuesta esterilizar a mi gata?');
    expect(reply.text).toContain('$1,800');
    expect(reply.text).not.toContain('$2,500');
  });

  it('finds the fact under other words: a breed, a synonym, a phrase', async () => {
    expect((await chat(vet).send('¿Puedo llevar a mi chihuahua?')).text).toContain('10 kg');
    expect((await chat(vet).send('¿Puedo pausar mi membresía?')).text).toContain('congelar');
    expect((await chat(vet).send('¿Se puede hacer cargo automático a mi tarjeta?')).text).toContain('domiciliar');
  });

  it('reads what a phrase asks: an urgency, the day of a charge', async () => {
    const club = [
      passage('Urgencias\nPara urgencias fuera de horario tenemos un teléfono de guardia 24 horas: 55 1234 5678.', 'Clínica'),
      passage('Producto: Suscripción mensual; Precio: 480; Descripcion: Un café distinto cada mes', 'productos.csv'),
      passage('Suscripción\nPuedes pausarla cuando quieras. El cargo es automático el día 5 de cada mes.', 'Tienda'),
    ];
    expect((await chat(club).send('Mi gato está muy mal, ¿qué hago?')).text).toContain('24 horas');
    expect((await chat(club).send('¿Qué día me cobran la suscripción?')).text).toContain('día 5');
  });

  it('answers about a kind with what the knowledge says of that kind', async () => {
    expect((await chat().send('¿Aceptan seguros?')).text).toContain('reembolso');
  });

  it('never offers a person while hand-off is off, and does not hand off', async () => {
    const c = chat(clinic, { redirectionEnabled: false });
    const unknown = await c.send('¿Hacen cirugía plástica de nariz?');
    expect(unknown.text).toContain('No tengo esa información');
    expect(unknown.text).not.toMatch(/alguien de nuestro equipo|una persona|le comunico|te comunico/);
    const asked = await c.send('Quiero hablar con una persona');
    expect(asked.handoff).toBe(false);
    expect(asked.actions.some((a) => a.type === 'handoff')).toBe(false);
    expect(asked.text).not.toContain('alguien de nuestro equipo');
  });

  it('hands off when asked while hand-off is on', async () => {
    const reply = await chat(clinic, { redirectionEnabled: true }).send('Quiero hablar con el veterinario responsable');
    expect(reply.handoff).toBe(true);
  });

  it('writes every time of day one way ("p. m.")', async () => {
    const reply = await chat([passage('Horario\nAbrimos de 9 am a 5:00pm de lunes a viernes.', 'Clínica')]).send('¿Qué horario tienen?');
    expect(reply.text).toContain('9:00 a. m.');
    expect(reply.text).toContain('5:00 p. m.');
  });
});

describe('offline engine: part of a question known', () => {
  it('says what it does not know about a name and what it knows about the rest', async () => {
    const reply = await chat().send('¿Aceptan el seguro de MetLife?');
    expect(reply.text).toContain('No tengo información sobre MetLife');
    expect(reply.text).toContain('reembolso');
  });
  it('does not answer whether a thing is offered with a sentence about its broader kind', async () => {
    const lender = [
      passage('Pagos\nTodos los créditos permiten pagos anticipados a capital sin penalización.', 'Créditos'),
      passage('Producto: Crédito personal; Monto: De $10,000 a $300,000; Requisito: Ingreso comprobable', 'productos.csv'),
    ];
    const reply = await chat(lender, { redirectionEnabled: false }).send('¿Ustedes dan tarjetas de crédito?');
    expect(reply.text).not.toContain('anticipados');
    expect(reply.text).toContain('No tengo');
    // A question about paying still finds how payments are made.
    const paying = await chat([passage('Formas de pago\nAceptamos efectivo y transferencia.', 'Tienda')]).send('¿Cómo puedo pagar?');
    expect(paying.text).toContain('transferencia');
  });

  it('does not take a word of the same root for a typo: a coffee shop is not a coffee maker', async () => {
    const roaster = [
      passage('Producto: Café Chiapas molido; Precio: 290; Notas: Molido para cafetera de goteo', 'productos.csv'),
      passage('Mayoreo\nPara cafeterías y oficinas tenemos precio de mayoreo a partir de 10 kg.', 'Tienda'),
    ];
    const reply = await chat(roaster).send('Tengo una cafetería, ¿me dan precio especial?');
    expect(reply.text).not.toContain('290');
  });
  it('reads a clause of why or while as the customer\'s circumstance, not the thing asked', async () => {
    const clinic = [...vet, passage('Pensión\nNo tenemos servicio de pensión ni guardería para mascotas.', 'Clínica')];
    const reply = await chat(clinic).send('¿Me pueden cuidar a mi perro mientras salgo de viaje?');
    expect(reply.text).toContain('guardería');
  });
});
