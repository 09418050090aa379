import type { limits } from '@charla/shared';

/** The sign-up's password rules (packages/shared `limits`), checked before sending. */
export const passwordMin: (typeof limits)['passwordMin'] = 8;
export const passwordMax: (typeof limits)['passwordMax'] = 256;

export interface NewPasswordProblems {
  password?: 'tooShort' | 'tooLong';
  confirm?: 'mismatch';
}

/** What is wrong with a new password and its confirmation (nothing when both are fine). */
export function newPasswordProblems(password: string, confirm: string): NewPasswordProblems {
  const problems: NewPasswordProblems = {};
  if (password.length < passwordMin) problems.password = 'tooShort';
  else if (password.length > passwordMax) problems.password = 'tooLong';
  if (confirm !== password) problems.confirm = 'mismatch';
  return problems;
}

/** The token of a reset link's `?token=`, or null when it is missing or cannot be one. */
export function resetTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : null;
}
