import { cardTemplates, type TemplateKey } from '@charla/shared/constants';

/** Translation keys of the welcome cards, in card order (card1 … card18 ↔ cardTemplates). */
export const cardKeys = [
  'card1',
  'card2',
  'card3',
  'card4',
  'card5',
  'card6',
  'card7',
  'card8',
  'card9',
  'card10',
  'card11',
  'card12',
  'card13',
  'card14',
  'card15',
  'card16',
  'card17',
  'card18',
] as const;
export type CardKey = (typeof cardKeys)[number];

/** The card of a template; none for the keys without a label. */
export function cardKeyOf(template: string): CardKey | null {
  const index = (cardTemplates as readonly string[]).indexOf(template);
  return index === -1 ? null : (cardKeys[index] ?? null);
}

export function isCardTemplate(value: string | null | undefined): value is TemplateKey {
  return cardKeyOf(value ?? '') !== null;
}
