#!/usr/bin/env node
// Fails when the locale files do not all have exactly the same keys as Spanish.
import { fileURLToPath } from 'node:url';
import { compareLocales } from './locale-keys.mjs';

const localesDir = fileURLToPath(new URL('../public/locales', import.meta.url));
const problems = compareLocales(localesDir);
if (problems.length > 0) {
  console.error(`Locale files differ:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
process.stdout.write('Locale files match: es and en have the same keys.\n');
