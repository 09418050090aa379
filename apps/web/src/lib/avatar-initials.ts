import { nameInitials } from '@charla/shared/input-rules';

/** The avatar's letters: titles such as "Dra." are skipped ("Dra. Lucía Herrera" → "LH"). */
export function initials(name: string): string {
  return nameInitials(name) || '?';
}
