import { importTargets, type ImportMapping } from '@charla/shared';
import type { MappingRules } from '../../components/csv-import/column-mapping.ts';

export type MappingTarget = ImportMapping[string];

/**
 * The catalog's columns: each product field in one column, any number of free attributes
 * (kept with their column's name) or ignored columns; a name column is required.
 */
export const productMapping: MappingRules<MappingTarget> = {
  choices: [...importTargets, 'attribute', 'ignore'],
  fallback: 'attribute',
  repeatable: ['attribute', 'ignore'],
  problem: (targets) => (targets.has('name') ? null : 'nameMissing'),
};
