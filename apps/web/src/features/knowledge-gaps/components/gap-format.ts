import { dateFormat, intlLocale } from '../../../lib/intl.ts';
/** When a question was asked, in the reader's language ("25 nov 2026, 13:05"). */
export function formatAsked(at: string, language: string): string {
  return dateFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
}
