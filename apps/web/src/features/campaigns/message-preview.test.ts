import { describe, expect, it } from 'vitest';
import { fillTemplate, fillText, insertAt, textVariables, unknownVariables } from './message-preview.ts';

const ana = { nombre: 'Ana', ciudad: 'Guadalajara' };

describe('message preview', () => {
  it('lists the variables of a text once each', () => {
    expect(textVariables('Hola {{nombre}}, {{ ciudad }} te espera, {{nombre}}')).toEqual(['nombre', 'ciudad']);
  });

  it('fills variables and tidies the spaces a missing one leaves', () => {
    expect(fillText('Hola {{nombre}}, te esperamos en {{ciudad}}.', ana)).toBe('Hola Ana, te esperamos en Guadalajara.');
    expect(fillText('Hola {{apellido}} , ¿cómo estás?', ana)).toBe('Hola, ¿cómo estás?');
  });

  it('fills a template body with the values the owner gave, themselves filled for the recipient', () => {
    expect(fillTemplate('Hola {{1}}, tu pedido llega el {{2}}.', ['{{nombre}}', 'lunes'], ana)).toBe('Hola Ana, tu pedido llega el lunes.');
    // A placeholder still without a value stays visible.
    expect(fillTemplate('Hola {{1}}, tu pedido llega el {{2}}.', ['{{nombre}}'], ana)).toBe('Hola Ana, tu pedido llega el {{2}}.');
  });

  it('names the variables the audience does not have', () => {
    expect(unknownVariables('Hola {{nombre}}, tu cupón es {{cupon}}', ['nombre', 'telefono'])).toEqual(['cupon']);
  });

  it('writes a variable where the caret was, or at the end', () => {
    expect(insertAt('Hola , bienvenido', '{{nombre}}', 5)).toEqual({ text: 'Hola {{nombre}}, bienvenido', caret: 15 });
    expect(insertAt('Hola ', '{{nombre}}', null)).toEqual({ text: 'Hola {{nombre}}', caret: 15 });
  });
});
