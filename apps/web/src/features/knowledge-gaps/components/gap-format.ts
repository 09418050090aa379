/** When a question was asked, in the reader's language ("25 nov 2026, 13:05"). */
export function formatAsked(at: string, language: string): string {
  return new Date(at).toLocaleString(language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'medium', timeStyle: 'short' });
}
