import type { ImportMapping } from '@charla/shared';
import { importTargets } from '@charla/shared/constants';
import type { MappingRules } from '../../components/csv-import/column-mapping.ts';

export type MappingTarget = ImportMapping[string];

/**
 * The catalog's columns: each catalog field in one column; "attribute" (kept with its column's
 * name, e.g. "Color: Gris") and "ignore" may repeat, and a column nobody named is an attribute.
 * A name column is required.
 */
export const catalogMapping: MappingRules<MappingTarget> = {
  choices: [...importTargets, 'attribute', 'ignore'],
  fallback: 'attribute',
  repeatable: ['attribute', 'ignore'],
  problem: (targets) => (targets.has('name') ? null : 'nameMissing'),
};
