import { foldHeader } from '@charla/shared';
import type { ContactFieldRow } from './contact-fields.repository.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** A calendar date as YYYY-MM-DD, or undefined when the day does not exist. */
function isoDate(y: number, m: number, d: number): string | undefined {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A number as people write it: "1500", "1,500.50", "1500,5", "$ 2,000". */
function parseNumber(text: string): number | undefined {
  let s = text.replace(/[\s$€]/g, '');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  else if (/^-?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A value of an owner's field as the API or a CSV gives it, checked against the field's kind:
 * text as text; a number from a number or its text; a date from YYYY-MM-DD or DD/MM/YYYY
 * (kept as YYYY-MM-DD); a choice as one of the options (matched without case or accents, kept
 * as the option is written). Undefined when it does not fit.
 */
export function parseFieldValue(field: Pick<ContactFieldRow, 'type' | 'options'>, value: string | number): string | number | undefined {
  switch (field.type) {
    case 'number':
      return typeof value === 'number' ? value : parseNumber(value);
    case 'date': {
      const text = String(value).trim();
      const iso = ISO_DATE.exec(text);
      if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
      const dmy = DMY_DATE.exec(text);
      return dmy ? isoDate(Number(dmy[3]), Number(dmy[2]), Number(dmy[1])) : undefined;
    }
    case 'choice': {
      const wanted = foldHeader(String(value));
      return field.options.find((o) => foldHeader(o) === wanted);
    }
    default:
      return String(value);
  }
}
