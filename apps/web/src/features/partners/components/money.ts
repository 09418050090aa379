import { fromMinorUnits } from '@charla/shared/constants';
import { numberFormat } from '../../../lib/intl.ts';

/** An amount in minor units, as people read it in the current language. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(fromMinorUnits(amount, currency));
}
