import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Dotted paths of every string in a translation file. */
export function keyPaths(value, prefix = '') {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

/**
 * Compares every namespace of every locale with the reference locale.
 * Returns one line per problem; empty when all locales have exactly the same keys.
 */
export function compareLocales(localesDir, reference = 'es') {
  const problems = [];
  const locales = readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const namespaces = (locale) => readdirSync(join(localesDir, locale)).filter((file) => file.endsWith('.json')).sort();
  const load = (locale, file) => {
    const text = readFileSync(join(localesDir, locale, file), 'utf8');
    return JSON.parse(text);
  };
  const refFiles = namespaces(reference);
  for (const locale of locales) {
    if (locale === reference) continue;
    const files = namespaces(locale);
    for (const file of refFiles.filter((f) => !files.includes(f))) problems.push(`${locale}/${file}: missing namespace`);
    for (const file of files.filter((f) => !refFiles.includes(f))) problems.push(`${locale}/${file}: namespace not in ${reference}`);
    for (const file of refFiles.filter((f) => files.includes(f))) {
      const refKeys = new Set(keyPaths(load(reference, file)));
      const keys = new Set(keyPaths(load(locale, file)));
      for (const key of refKeys) if (!keys.has(key)) problems.push(`${locale}/${file}: missing "${key}"`);
      for (const key of keys) if (!refKeys.has(key)) problems.push(`${locale}/${file}: extra "${key}" (not in ${reference})`);
      for (const key of keys) {
        const value = key.split('.').reduce((node, part) => node?.[part], load(locale, file));
        if (typeof value !== 'string' || value.trim() === '') problems.push(`${locale}/${file}: "${key}" is empty or not text`);
      }
    }
  }
  return problems;
}
