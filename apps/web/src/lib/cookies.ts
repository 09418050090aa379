/** Reads one cookie from a `document.cookie` string. */
export function readCookie(name: string, cookieString: string): string | null {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * `document.cookie` assignments that expire a cookie for this host and for each parent
 * domain (a cookie set for `.example.com` is only removed when the domain matches).
 */
export function expireCookieStatements(name: string, hostname: string): string[] {
  const base = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  const statements = [base];
  const labels = hostname.split('.').filter(Boolean);
  const isIp = /^[0-9.]+$/.test(hostname) || hostname.includes(':');
  if (!isIp) {
    for (let i = 0; i <= labels.length - 2; i += 1) {
      statements.push(`${base}; Domain=.${labels.slice(i).join('.')}`);
    }
  }
  return statements;
}

export interface CookieDocument {
  cookie: string;
}

export function expireCookie(name: string, doc: CookieDocument, hostname: string): void {
  for (const statement of expireCookieStatements(name, hostname)) doc.cookie = statement;
}
