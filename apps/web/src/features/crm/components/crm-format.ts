import { dealCurrency } from '@charla/shared/constants';
import { parsePrice } from '@charla/shared/input-rules';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatPrice } from '../../billing/index.ts';
import { dateFormat, intlLocale } from '../../../lib/intl.ts';

/** A date and time in the reader's language ("25 nov 2026, 13:05"). */
export function formatWhen(at: string, language: string = currentLocale()): string {
  return dateFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
}

/** A deal value in cents as people read it, in the deals' currency ("$18,500.50"). */
export const formatDealValue = (cents: number, language: string = currentLocale()): string => formatPrice(cents, dealCurrency, intlLocale(language));

/** A deal value in cents as the drawer's field shows it ("18500.50"; empty when not set). */
export const dealValueText = (cents: number | null): string => (cents === null ? '' : (cents / 100).toFixed(2));

/**
 * A deal value as typed ("$18,500", "18.500,50") → cents, or null when the field is empty. Text
 * that is not an amount is sent as typed, so the server answers with its field message.
 */
export function dealValueForServer(input: string): number | string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const decimal = parsePrice(trimmed);
  if (decimal === undefined) return trimmed;
  const [units, cents] = decimal.split('.');
  return Number(units) * 100 + Number(cents);
}
