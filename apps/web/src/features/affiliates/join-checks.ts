import { isValidClabe } from '@charla/shared/constants';

/** What is wrong with a CLABE as typed (spaces and dashes allowed), or null when it is right. */
export function clabeProblem(typed: string): { kind: 'length'; count: number } | { kind: 'control' } | null {
  const digits = typed.replace(/[\s-]/g, '');
  if (digits.length !== 18) return { kind: 'length', count: digits.length };
  return isValidClabe(digits) ? null : { kind: 'control' };
}

/** A quick look before sending (the server checks it fully). */
export const looksLikeEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
