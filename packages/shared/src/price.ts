/**
 * A price as people write it → an exact decimal string: "$18,500.00" → "18500.00",
 * "18.500,50" → "18500.50", "1,5" → "1.50". Undefined when it is not a price.
 */
export function parsePrice(input: string): string | undefined {
  let s = input.replace(/[^\d.,-]/g, '');
  if (!s || s.startsWith('-')) return undefined;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  const decimalAt = Math.max(lastDot, lastComma);
  const decimals = decimalAt >= 0 ? s.length - decimalAt - 1 : 0;
  // A lone separator followed by exactly three digits is a thousands separator ("18,500").
  const isDecimal = decimalAt >= 0 && decimals > 0 && decimals <= 2;
  const whole = isDecimal ? s.slice(0, decimalAt) : s;
  if (!/^\d+$/.test(whole) && !/^\d{1,3}([.,]\d{3})+$/.test(whole)) return undefined;
  s = isDecimal ? `${s.slice(0, decimalAt).replace(/[.,]/g, '')}.${s.slice(decimalAt + 1)}` : s.replace(/[.,]/g, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(s)) return undefined;
  const [units, frac = ''] = s.split('.');
  return `${BigInt(units!).toString()}.${frac.padEnd(2, '0')}`;
}
