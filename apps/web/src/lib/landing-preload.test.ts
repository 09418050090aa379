import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { landingLocalesGlobal, landingRoutes, preloadLanding, type LandingBoot, type PreloadedLocales } from './landing-preload.ts';

const webRoot = fileURLToPath(new URL('../../', import.meta.url));

const boot: LandingBoot = {
  routes: landingRoutes.map((route) => ({ path: route.path, signedIn: route.signedIn, files: route.modules.map((m) => `/${m}.js`), namespaces: route.namespaces })),
  buildId: 'b1',
  userIdKey: 'userId',
  localeKey: 'locale',
  locales: ['es', 'en'],
  defaultLocale: 'es',
  localesGlobal: landingLocalesGlobal,
};

interface FakeLink {
  rel: string;
  as?: string;
  href: string;
  crossOrigin?: string;
}

/** Runs the inline script on a fake page: its path and stored values; returns what it started. */
function run(pathname: string, stored: Record<string, string> = {}) {
  const links: FakeLink[] = [];
  const fetched: string[] = [];
  const window = { location: { pathname }, localStorage: { getItem: (key: string) => stored[key] ?? null } } as Record<string, unknown>;
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', { createElement: () => ({}) as FakeLink, head: { appendChild: (link: FakeLink) => links.push(link) } });
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    return Promise.resolve({ ok: true, text: () => Promise.resolve('{}') });
  });
  preloadLanding(boot);
  return { links, fetched, loads: window[landingLocalesGlobal] as PreloadedLocales | undefined };
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
      const { links, fetched, loads } = run(path);
      expect(links.map((l) => l.href)).toEqual(['/src/features/auth/components/login-page.tsx.js']);
      expect(links[0]).toMatchObject({ rel: 'modulepreload', crossOrigin: '' });
      expect(fetched).toEqual(['/locales/es/common.json?v=b1', '/locales/es/auth.json?v=b1']);
      await expect(loads?.['/locales/es/auth.json?v=b1']).resolves.toBe('{}');
    }
  });

  it('starts the signup page on /signup', () => {
    expect(run('/signup').links.map((l) => l.href)).toEqual(['/src/features/auth/components/signup-page.tsx.js']);
  });

  it('starts the shell and the welcome view for a signed-in owner on the dashboard or /login', () => {
    for (const path of ['/app/dashboard', '/app/dashboard/', '/login', '/']) {
      const { links, fetched } = run(path, { userId: 'u1' });
      expect(links.map((l) => l.href)).toEqual(['/src/app/dashboard/dashboard-shell.tsx.js', '/src/features/dashboard/components/welcome-page.tsx.js']);
      expect(fetched).toContain('/locales/es/dashboard.json?v=b1');
      expect(fetched).not.toContain('/locales/en/dashboard.json?v=b1');
    }
  });

  it('starts the shell and the words of personalización in the stored language, and only the shell for other sections', () => {
    const personalization = run('/app/dashboard/abc/personalizacion', { userId: 'u1', locale: 'en' });
    expect(personalization.links.map((l) => l.href)).toEqual(['/src/app/dashboard/dashboard-shell.tsx.js']);
    expect(personalization.fetched).toEqual(['common', 'dashboard', 'inbox', 'bots', 'channels', 'playground'].map((ns) => `/locales/en/${ns}.json?v=b1`));
    expect(run('/app/dashboard/abc/crm', { userId: 'u1' }).links.map((l) => l.href)).toEqual(['/src/app/dashboard/dashboard-shell.tsx.js']);
  });

  it('starts nothing on a path no landing route knows, and ignores an unknown stored language', () => {
    expect(run('/nada', { userId: 'u1' })).toMatchObject({ links: [], fetched: [], loads: undefined });
    expect(run('/login', { locale: 'fr' }).fetched[0]).toBe('/locales/es/common.json?v=b1');
  });
});
