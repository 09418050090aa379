import { isApiError } from './api-client.ts';
import { i18n } from './i18n.ts';

/** What to tell the user about a failed call: the server's own (localized) message when it sent one. */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.message) return error.message;
    if (error.code === 'NETWORK_ERROR') return i18n.t('common:errors.network');
  }
  return i18n.t('common:errors.generic');
}

/** Field name → message from an API validation error. */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  return isApiError(error) && error.fields ? error.fields : {};
}
