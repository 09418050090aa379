/** Only paths inside the app are accepted as a place to return to after sign-in. */
export function safeReturnPath(from: unknown): string | null {
  return typeof from === 'string' && from.startsWith('/app/') && !from.startsWith('//') ? from : null;
}
