import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  landingLocalesGlobal,
  landingReadsGlobal,
  landingRenewalGlobal,
  landingRoutes,
  preloadLanding,
  signedInReads,
  takeLandingRead,
  takeLandingRenewal,
  type LandingBoot,
  type PreloadedLocales,
  type PreloadedReads,
} from './landing-preload.ts';
import { crmSummaryPath, defaultSummaryPeriod, inboxOpeningPath } from './page-reads.ts';
import { listQuery, openingFilter } from '../features/inbox/inbox-state.ts';

const webRoot = fileURLToPath(new URL('../../', import.meta.url));

const boot: LandingBoot = {
  routes: landingRoutes.map((route) => ({ path: route.path, signedIn: route.signedIn, search: route.search, notSearch: route.notSearch, reads: route.reads, files: route.modules.map((m) => `/${m}.js`) })),
  userIdKey: 'userId',
  emailKey: 'email',
  localeKey: 'locale',
  locales: ['es', 'en'],
  defaultLocale: 'es',
  localesGlobal: landingLocalesGlobal,
  localePath: '/locales/{lng}.json?v=b1',
  reads: signedInReads,
  readsGlobal: landingReadsGlobal,
  portalHeader: 'x-portal',
  tenantCookie: 'tenant',
  userCookie: 'user',
  sessionCookie: 'session_expires',
  refreshPath: '/client/refresh-token',
  renewalGlobal: landingRenewalGlobal,
};

interface FakeLink {
  rel: string;
  as?: string;
  href: string;
  crossOrigin?: string;
}

/** Runs the inline script on a fake page: its path and stored values; returns what it started. */
function run(address: string, stored: Record<string, string> = {}, cookie = '') {
  const links: FakeLink[] = [];
  const fetched: string[] = [];
  const reads: { url: string; init: RequestInit | undefined }[] = [];
  const [pathname = '', search = ''] = address.split(/(?=\?)/);
  const window = { location: { pathname, search }, localStorage: { getItem: (key: string) => stored[key] ?? null } } as Record<string, unknown>;
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', { cookie, createElement: () => ({}) as FakeLink, head: { appendChild: (link: FakeLink) => links.push(link) } });
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (url.startsWith('/locales/')) fetched.push(url);
    else reads.push({ url, init });
    return Promise.resolve({ ok: true, text: () => Promise.resolve('{}') });
  });
  preloadLanding(boot);
  return { window, links, fetched, reads, loads: window[landingLocalesGlobal] as PreloadedLocales | undefined, answers: window[landingReadsGlobal] as PreloadedReads | undefined };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('landing preload', () => {
  it('names source files that exist (a moved page must move here too)', () => {
    for (const route of landingRoutes) for (const source of route.modules) expect(existsSync(`${webRoot}${source}`), source).toBe(true);
  });

  it('starts the login page and its Spanish words for a signed-out visitor, wherever they land', async () => {
    for (const path of ['/', '/login', '/app/dashboard', '/app/dashboard/abc/personalizacion']) {
      const { links, fetched, loads, reads } = run(path);
      expect(reads).toEqual([]);
      expect(links.map((l) => l.href)).toEqual(['/src/features/auth/components/login-page.tsx.js']);
      expect(links[0]).toMatchObject({ rel: 'modulepreload', crossOrigin: '' });
      expect(fetched).toEqual(['/locales/es.json?v=b1']);
      await expect(loads?.['/locales/es.json?v=b1']).resolves.toBe('{}');
    }
  });

  it('starts the signup page on /signup', () => {
    expect(run('/signup').links.map((l) => l.href)).toEqual(['/src/features/auth/components/signup-page.tsx.js']);
  });

  it('starts the shell and the welcome view for a signed-in owner on the dashboard or /login', () => {
    for (const path of ['/app/dashboard', '/app/dashboard/', '/login', '/']) {
      const { links, fetched } = run(path, { userId: 'u1' });
      expect(links.map((l) => l.href)).toEqual(['/src/app/dashboard/dashboard-shell.tsx.js', '/src/app/pages/welcome-page.tsx.js']);
      expect(fetched).toEqual(['/locales/es.json?v=b1']);
    }
  });

  it('starts the shell, personalización and the words in the stored language, and only the shell for other sections', () => {
    const personalization = run('/app/dashboard/abc/personalizacion', { userId: 'u1', locale: 'en' });
    expect(personalization.links.map((l) => l.href)).toEqual(['/src/app/dashboard/dashboard-shell.tsx.js', '/src/app/pages/personalization-page.tsx.js']);
    expect(personalization.fetched).toEqual(['/locales/en.json?v=b1']);
    expect(run('/app/dashboard/abc/productos', { userId: 'u1' }).links.map((l) => l.href)).toEqual(['/src/app/dashboard/dashboard-shell.tsx.js']);
  });

  it("starts the CRM's Resumen with its figures of the opening period, the inbox's code for Conversaciones, and only the CRM page for another tab", () => {
    const summary = run('/app/dashboard/bot%201/crm', { userId: 'u1', email: 'ana@clinica.mx' }, 'user=x; session_expires=1');
    expect(summary.links.map((l) => l.href)).toEqual([
      '/src/app/dashboard/dashboard-shell.tsx.js',
      '/src/app/pages/crm-page.tsx.js',
      '/src/features/crm/components/summary/summary-tab.tsx.js',
    ]);
    // The same address as the summary's own query (summaryApi.get), so the page takes this answer.
    expect(summary.reads.map((r) => r.url)).toEqual(['/client/info/u1', '/bot/ana%40clinica.mx', crmSummaryPath(encodeURIComponent('bot 1'), defaultSummaryPeriod)]);
    for (const inbox of ['/app/dashboard/b1/crm?tab=conversaciones', '/app/dashboard/b1/crm?c=c9']) {
      const run2 = run(inbox, { userId: 'u1' }, 'user=x; session_expires=1');
      expect(run2.links.map((l) => l.href)).toEqual(['/src/app/dashboard/dashboard-shell.tsx.js', '/src/app/pages/crm-page.tsx.js', '/src/features/inbox/components/inbox-view.tsx.js']);
      // The inbox's opening list, at the same address as its own query (inboxApi.list), so the page takes this answer.
      expect(run2.reads.map((r) => r.url)).toEqual(['/client/info/u1', inboxOpeningPath('b1')]);
    }
    const botId = '2f9c1a4e-6b1d-4c8e-9a55-0d3e7f1b2c44';
    expect(inboxOpeningPath(encodeURIComponent(botId))).toBe(`/api/conversations?${listQuery(botId, openingFilter)}`);
    expect(run('/app/dashboard/b1/crm?tab=embudo', { userId: 'u1' }).links.map((l) => l.href)).toEqual(['/src/app/dashboard/dashboard-shell.tsx.js', '/src/app/pages/crm-page.tsx.js']);
  });

  it("asks for the signed-in owner's user and assistants beside the code, as the API client would", () => {
    const { reads, answers } = run('/app/dashboard/abc/personalizacion', { userId: 'u 1', email: 'ana@clinica.mx', locale: 'en' }, 'user=x; session_expires=1; tenant=dental%20sur');
    expect(reads.map((r) => r.url)).toEqual(['/client/info/u%201', '/bot/ana%40clinica.mx']);
    expect(reads[0]?.init).toEqual({ credentials: 'include', headers: { Accept: 'application/json', 'Accept-Language': 'en', 'x-portal': 'dental sur' } });
    expect(reads[1]?.init).toEqual({ credentials: 'include', headers: { Accept: 'application/json', 'Accept-Language': 'en' } });
    expect(Object.keys(answers ?? {})).toEqual(['/client/info/u%201', '/bot/ana%40clinica.mx']);
    // Without a stored e-mail there is no list to ask for; the main product without a tenant cookie.
    const bare = run('/app/dashboard', { userId: 'u1' });
    expect(bare.reads.map((r) => [r.url, (r.init?.headers as Record<string, string>)['x-portal']])).toEqual([['/client/info/u1', '']]);
  });

  it('renews an expired session first (its companion cookie is gone), then reads, and hands the renewal to the API client once', async () => {
    const { reads, window } = run('/app/dashboard', { userId: 'u1' }, 'user=u1');
    expect(reads.map((r) => [r.url, r.init?.method])).toEqual([['/client/refresh-token', 'POST']]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads.map((r) => r.url)).toEqual(['/client/refresh-token', '/client/info/u1']);
    vi.stubGlobal('window', window);
    expect(takeLandingRenewal()).toBeInstanceOf(Promise);
    expect(takeLandingRenewal()).toBeUndefined();
    // Signed out (no user cookie): nothing to renew.
    expect(run('/app/dashboard', { userId: 'u1' }).reads.map((r) => r.url)).toEqual(['/client/info/u1']);
  });

  it('hands each started read to the API client once, and asks again when it failed on the network or for the session', async () => {
    const answer = new Response('{}');
    const fresh = new Response('[]');
    const fetcher = vi.fn(() => Promise.resolve(fresh));
    const expired = new Response('{}', { status: 401 });
    vi.stubGlobal('window', { [landingReadsGlobal]: { '/a': Promise.resolve(answer), '/b': Promise.reject(new TypeError('offline')), '/d': Promise.resolve(expired) } });
    expect(takeLandingRead('/a', { method: 'POST' }, fetcher)).toBeUndefined();
    await expect(takeLandingRead('/a', { method: 'GET' }, fetcher)).resolves.toBe(answer);
    expect(takeLandingRead('/a', { method: 'GET' }, fetcher)).toBeUndefined();
    await expect(takeLandingRead('/b', { method: 'GET' }, fetcher)).resolves.toBe(fresh);
    expect(fetcher).toHaveBeenCalledWith('/b', { method: 'GET' });
    expect(takeLandingRead('/c', { method: 'GET' }, fetcher)).toBeUndefined();
    await expect(takeLandingRead('/d', { method: 'GET' }, fetcher)).resolves.toBe(fresh);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('starts nothing on a path no landing route knows, and ignores an unknown stored language', () => {
    expect(run('/nada', { userId: 'u1' })).toMatchObject({ links: [], fetched: [], loads: undefined });
    expect(run('/login', { locale: 'fr' }).fetched).toEqual(['/locales/es.json?v=b1']);
  });
});
