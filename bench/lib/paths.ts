import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/ sits directly under it). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
