import { currentLocale } from '../../../lib/i18n.ts';

/** A date and time in the reader's language ("25 nov 2026, 13:05"). */
export function formatWhen(at: string, language: string = currentLocale()): string {
  return new Date(at).toLocaleString(language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'medium', timeStyle: 'short' });
}
