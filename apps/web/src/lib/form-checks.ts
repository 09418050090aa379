/** Names of the empty fields among the required ones (the server checks the rest). */
export function missingFields<T extends Record<string, string>>(values: T, required: readonly (keyof T & string)[]): (keyof T & string)[] {
  return required.filter((name) => values[name]?.trim() === '');
}
