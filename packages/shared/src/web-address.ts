/**
 * A web address as an owner types it: "sonrisaplena.mx", "www.sonrisaplena.mx/citas" or a full
 * "https://…" one. Answers it with its scheme (https:// when none was written), '' for '', or
 * undefined when it is not a web address.
 */
export function normalizeWebAddress(input: string): string | undefined {
  const text = input.trim();
  if (!text) return '';
  if (/\s/.test(text)) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // A host with a dot and a top-level name of letters (or an IP address), or localhost.
  const host = url.hostname;
  if (!/^(localhost|\[[0-9a-f:.]+\]|(\d{1,3}\.){3}\d{1,3}|([a-z0-9\u00a1-\uffff-]+\.)+[a-z\u00a1-\uffff-]{2,}|xn--[a-z0-9-]+)$/i.test(host)) return undefined;
  return /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : withScheme;
}
