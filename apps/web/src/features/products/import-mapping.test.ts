import { describe, expect, it } from 'vitest';
import { suggestMapping } from '@charla/shared';
import * as mapping from '../../components/csv-import/column-mapping.ts';
import { catalogMapping } from './import-mapping.ts';

const initialMapping = (cols: readonly string[], suggested: Readonly<Record<string, string>>) => mapping.initialMapping(cols, suggested, catalogMapping);
const setColumnTarget = (state: mapping.MappingState<(typeof catalogMapping.choices)[number]>, column: string, target: (typeof catalogMapping.choices)[number]) =>
  mapping.setColumnTarget(state, column, target, catalogMapping);
const mappingProblems = (state: mapping.MappingState<(typeof catalogMapping.choices)[number]>) => [mapping.mappingProblem(state, catalogMapping)].filter(Boolean);
const serializeMapping = (state: mapping.MappingState<(typeof catalogMapping.choices)[number]>) => mapping.serializeMapping(state, catalogMapping);
const { columnFor, sampleValues } = mapping;
const mappingChoices = catalogMapping.choices;

const columns = ['Modelo', 'Precio', 'Código', 'Existencias', 'Color'];

describe('catalog import column mapping', () => {
  it('starts from the server suggestion', () => {
    const state = initialMapping(columns, suggestMapping(columns));
    expect(state.mapping).toEqual({ Modelo: 'name', Precio: 'price', Código: 'sku', Existencias: 'stock', Color: 'attribute' });
    expect(mappingProblems(state)).toEqual([]);
    expect(columnFor(state, 'price')).toBe('Precio');
  });

  it('keeps unnamed columns as attributes and never starts with a field twice', () => {
    const state = initialMapping(['Nombre', 'Título', 'Extra'], { Nombre: 'name', Título: 'name' });
    expect(state.mapping).toEqual({ Nombre: 'name', Título: 'attribute', Extra: 'attribute' });
  });

  it('gives a field to one column only: the previous one keeps its data as an attribute', () => {
    let state = initialMapping(columns, suggestMapping(columns));
    state = setColumnTarget(state, 'Color', 'name');
    expect(state.mapping).toMatchObject({ Color: 'name', Modelo: 'attribute' });
    expect(mappingProblems(state)).toEqual([]);
  });

  it('lets many columns be attributes or ignored', () => {
    let state = initialMapping(columns, suggestMapping(columns));
    state = setColumnTarget(state, 'Precio', 'ignore');
    state = setColumnTarget(state, 'Código', 'ignore');
    state = setColumnTarget(state, 'Existencias', 'attribute');
    expect(state.mapping).toEqual({ Modelo: 'name', Precio: 'ignore', Código: 'ignore', Existencias: 'attribute', Color: 'attribute' });
  });

  it('asks for a name column before importing', () => {
    const state = setColumnTarget(initialMapping(columns, suggestMapping(columns)), 'Modelo', 'description');
    expect(mappingProblems(state)).toEqual(['nameMissing']);
    expect(columnFor(state, 'name')).toBeUndefined();
  });

  it('ignores a column it does not know', () => {
    const state = initialMapping(columns, suggestMapping(columns));
    expect(setColumnTarget(state, 'Nope', 'name')).toBe(state);
  });

  it('sends every column, as JSON, in the file order', () => {
    const state = setColumnTarget(initialMapping(columns, suggestMapping(columns)), 'Color', 'ignore');
    expect(serializeMapping(state)).toBe('{"Modelo":"name","Precio":"price","Código":"sku","Existencias":"stock","Color":"ignore"}');
  });

  it('offers every catalog field plus attribute and ignore', () => {
    expect(mappingChoices).toEqual(['name', 'description', 'price', 'currency', 'sku', 'stock', 'url', 'image_url', 'attribute', 'ignore']);
  });

  it('shows the first values a column holds', () => {
    const sample = [{ Color: '' }, { Color: ' Rojo ' }, { Color: 'Blanco' }, { Color: 'Azul' }];
    expect(sampleValues(sample, 'Color')).toEqual(['Rojo', 'Blanco']);
    expect(sampleValues(sample, 'Otra')).toEqual([]);
  });
});
