import { importTargets, type ImportMapping, type ImportTarget } from '@charla/shared';

export type MappingTarget = ImportMapping[string];

/** The choices of each column's select, in the order shown. */
export const mappingChoices: readonly MappingTarget[] = [...importTargets, 'attribute', 'ignore'];

/** Targets only one column may have; "attribute" and "ignore" may repeat. */
const isSingle = (target: MappingTarget): target is ImportTarget => target !== 'attribute' && target !== 'ignore';

export interface MappingState {
  columns: readonly string[];
  mapping: Readonly<Record<string, MappingTarget>>;
}

/** The mapping screen starts from the server's suggestion; a column it did not name is kept as an attribute. */
export function initialMapping(columns: readonly string[], suggested: ImportMapping): MappingState {
  const used = new Set<MappingTarget>();
  const mapping: Record<string, MappingTarget> = {};
  for (const column of columns) {
    const target = suggested[column] ?? 'attribute';
    // A suggestion that repeats a single field becomes an attribute, so the state is always valid.
    mapping[column] = isSingle(target) && used.has(target) ? 'attribute' : target;
    used.add(mapping[column]);
  }
  return { columns, mapping };
}

/** One column gets a target; the column that had that field before keeps its data as an attribute. */
export function setColumnTarget(state: MappingState, column: string, target: MappingTarget): MappingState {
  if (!state.columns.includes(column)) return state;
  const mapping: Record<string, MappingTarget> = { ...state.mapping };
  if (isSingle(target)) {
    for (const other of state.columns) if (other !== column && mapping[other] === target) mapping[other] = 'attribute';
  }
  mapping[column] = target;
  return { ...state, mapping };
}

export type MappingProblem = 'nameMissing';

export function mappingProblems(state: MappingState): MappingProblem[] {
  return Object.values(state.mapping).includes('name') ? [] : ['nameMissing'];
}

/** The column mapped to each catalog field. */
export function columnFor(state: MappingState, target: ImportTarget): string | undefined {
  return state.columns.find((column) => state.mapping[column] === target);
}

/** The mapping as the import call wants it: a JSON string with every column. */
export function serializeMapping(state: MappingState): string {
  return JSON.stringify(Object.fromEntries(state.columns.map((column) => [column, state.mapping[column] ?? 'ignore'])));
}

/** A column's first non-empty values, to show what it holds. */
export function sampleValues(sample: ReadonlyArray<Record<string, string>>, column: string, count = 2): string[] {
  return sample
    .map((row) => (row[column] ?? '').trim())
    .filter(Boolean)
    .slice(0, count);
}
