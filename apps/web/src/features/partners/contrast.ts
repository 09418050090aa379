const hex = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Relative luminance of a #rgb or #rrggbb colour (WCAG 2), or null for anything else. */
export function relativeLuminance(color: string): number | null {
  if (!hex.test(color)) return null;
  let h = color.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const channel = (i: number) => {
    const v = parseInt(h.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** WCAG contrast ratio of two colours (1 to 21), or null when one is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal text: at least 4.5:1. */
export const aaNormalText = 4.5;

/** Whether text of `font` on `background` passes WCAG AA (true when either colour cannot be judged). */
export function passesAA(font: string, background: string): boolean {
  const ratio = contrastRatio(font, background);
  return ratio === null || ratio >= aaNormalText;
}
