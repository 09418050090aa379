export function keyPaths(value: unknown, prefix?: string): string[];
export function compareLocales(localesDir: string, reference?: string): string[];
