import { describe, expect, it } from 'vitest';
import { bareName, captureLead } from './lead-capture.ts';

describe('captureLead', () => {
  it.each([
    ['Me llamo Laura Gómez', 'Laura Gómez'],
    ['Soy Pedro Salas', 'Pedro Salas'],
    ['A nombre de Diego Treviño', 'Diego Treviño'],
    ['mi nombre es ana lópez', 'Ana López'],
    ['Hola, soy Marta Ruiz y mi correo es marta.ruiz@example.com. ¿Cuánto cuestan los alineadores?', 'Marta Ruiz'],
    ['Me interesa el departamento de Polanco, soy Sofía Herrera, mi teléfono es 55 4433 2211', 'Sofía Herrera'],
    ['Habla Juan Pérez de la constructora', 'Juan Pérez'],
    ['hola soy marta, quiero una cita', 'Marta'],
    ['Soy María de la Luz Hernández', 'María de la Luz Hernández'],
    ["Hi, I'm John Smith", 'John Smith'],
    ['my name is Emily Stone', 'Emily Stone'],
  ])('name in "%s"', (text, name) => {
    expect(captureLead(text).name).toBe(name);
  });

  it.each([
    'Soy de Monterrey',
    'soy cliente desde hace años',
    'soy nuevo aquí',
    'soy alérgico a la penicilina',
    'Habla inglés el doctor?',
    '¿Cuánto cuesta la limpieza?',
    'Soy paciente de la Dra. Torres',
  ])('no name in "%s"', (text) => {
    expect(captureLead(text).name).toBeUndefined();
  });

  it('reads e-mails in any case', () => {
    expect(captureLead('mi correo es Marta.Ruiz@Example.com').email).toBe('marta.ruiz@example.com');
  });

  it.each([
    ['mi teléfono es 55 4433 2211', '5544332211'],
    ['cel: 55-4433-2211', '5544332211'],
    ['tel (33) 1234.5678', '3312345678'],
    ['mi whatsapp +52 1 55 1234 5678', '+5215512345678'],
  ])('phone in "%s"', (text, phone) => {
    expect(captureLead(text).phone).toBe(phone);
  });

  it.each(['cuesta $4,500', 'el 05/03/2026 a las 10', 'son 1200 pesos', 'la casa cuesta 12500000'])('no phone in "%s"', (text) => {
    expect(captureLead(text).phone).toBeUndefined();
  });

  it('leaves the question once the details are taken out', () => {
    expect(captureLead('Hola, soy Marta Ruiz y mi correo es marta.ruiz@example.com. ¿Cuánto cuestan los alineadores?').rest).toBe(
      'Hola, ¿Cuánto cuestan los alineadores?',
    );
    expect(captureLead('Me interesa el departamento de Polanco, soy Sofía Herrera, mi teléfono es 55 4433 2211').rest).toBe(
      'Me interesa el departamento de Polanco',
    );
  });
});

describe('bareName', () => {
  it.each([
    ['Laura Gómez', 'Laura Gómez'],
    ['laura gómez', 'Laura Gómez'],
    ['Pedro', 'Pedro'],
  ])('%s', (text, name) => expect(bareName(text)).toBe(name));
  it.each(['sí', 'el jueves', 'no gracias', '¿cuánto cuesta?', 'cliente'])('not a name: %s', (text) => expect(bareName(text)).toBeUndefined());
});
