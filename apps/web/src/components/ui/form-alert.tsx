import { errorText } from '../../lib/error-text.ts';
import { Alert } from './alert.tsx';

/** What went wrong with a form's call, above its fields: the server's message, or nothing while there is no error. */
export function FormAlert({ error }: { error: unknown }) {
  return error ? <Alert tone="error">{errorText(error)}</Alert> : null;
}
