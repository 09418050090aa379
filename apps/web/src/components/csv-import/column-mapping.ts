/**
 * The column mapping of a CSV import (catalog, contacts): which field each column of the file
 * fills. Each import names its own fields through `MappingRules`.
 */
export interface MappingRules<T extends string = string> {
  /** The choices of each column's select, in the order shown. */
  choices: readonly T[];
  /** What a column nobody named becomes, and what a column gives way to when another takes its field. */
  fallback: T;
  /** Targets any number of columns may have (the others go to one column only). */
  repeatable: readonly T[];
  /** The problem of a mapping that cannot be imported yet (a field it must fill), or null. */
  problem: (targets: ReadonlySet<T>) => string | null;
}

export interface MappingState<T extends string = string> {
  columns: readonly string[];
  mapping: Readonly<Record<string, T>>;
}

const single = <T extends string>(rules: MappingRules<T>, target: T) => !rules.repeatable.includes(target);

/** The mapping screen starts from the server's suggestion; an unknown or repeated suggestion becomes the fallback. */
export function initialMapping<T extends string>(columns: readonly string[], suggested: Readonly<Record<string, string>>, rules: MappingRules<T>): MappingState<T> {
  const used = new Set<T>();
  const mapping: Record<string, T> = {};
  for (const column of columns) {
    const given = suggested[column];
    const target = given && (rules.choices as readonly string[]).includes(given) ? (given as T) : rules.fallback;
    mapping[column] = single(rules, target) && used.has(target) ? rules.fallback : target;
    used.add(mapping[column]);
  }
  return { columns, mapping };
}

/** One column gets a target; the column that had that field before gets the fallback. */
export function setColumnTarget<T extends string>(state: MappingState<T>, column: string, target: T, rules: MappingRules<T>): MappingState<T> {
  if (!state.columns.includes(column)) return state;
  const mapping: Record<string, T> = { ...state.mapping };
  if (single(rules, target)) {
    for (const other of state.columns) if (other !== column && mapping[other] === target) mapping[other] = rules.fallback;
  }
  mapping[column] = target;
  return { ...state, mapping };
}

/** Why the mapping cannot be imported yet, or null. */
export function mappingProblem<T extends string>(state: MappingState<T>, rules: MappingRules<T>): string | null {
  return rules.problem(new Set(Object.values(state.mapping)));
}

/** The column mapped to a field. */
export function columnFor<T extends string>(state: MappingState<T>, target: T): string | undefined {
  return state.columns.find((column) => state.mapping[column] === target);
}

/** The mapping as the import call wants it: a JSON string with every column. */
export function serializeMapping<T extends string>(state: MappingState<T>, rules: MappingRules<T>): string {
  return JSON.stringify(Object.fromEntries(state.columns.map((column) => [column, state.mapping[column] ?? rules.fallback])));
}

/** A column's first non-empty values, to show what it holds. */
export function sampleValues(sample: ReadonlyArray<Record<string, string>>, column: string, count = 2): string[] {
  return sample
    .map((row) => (row[column] ?? '').trim())
    .filter(Boolean)
    .slice(0, count);
}
