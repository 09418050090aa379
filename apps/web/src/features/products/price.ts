import { parsePrice } from '@charla/shared/input-rules';
import { intlLocale, numberFormat } from '../../lib/intl.ts';


/** An exact decimal price ("18500.00") in its currency, as people read it: "$18,500.00", "USD 120.00". */
export function formatPrice(price: string | null, currency: string, locale: string): string | null {
  if (price === null || price === '') return null;
  const amount = Number(price);
  if (!Number.isFinite(amount)) return `${price} ${currency}`;
  try {
    return numberFormat(intlLocale(locale), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    // Not a currency Intl knows: the amount with the code after it.
    return `${numberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/**
 * A price as typed ("$18,500", "18.500,50", "1,5") → the exact decimal text the server stores,
 * or null when the field is empty. Text that is not a price is sent as typed, so the server
 * answers with its field message.
 */
export function priceForServer(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  return parsePrice(trimmed) ?? trimmed;
}
