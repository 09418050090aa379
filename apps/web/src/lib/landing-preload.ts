import type { Namespace } from './locales.ts';

/**
 * The first pages a visitor opens, with the code and the words each one renders with. The build
 * turns each `modules` list into the chunk files it became, and index.html starts downloading
 * them (and the page's locale files) while the app's entry is still on its way, instead of one
 * after another as React reaches each lazy route. Keep in step with app/router.tsx.
 */
export interface LandingRoute {
  /** Regular expression source matched against `location.pathname`. */
  path: string;
  /** Whether it applies with a stored session (signed-out visitors of the dashboard see /login). */
  signedIn: boolean;
  /** Source files (from apps/web) of the lazy routes the page shows. */
  modules: string[];
  namespaces: Namespace[];
}

const shell = 'src/app/dashboard/dashboard-shell.tsx';
const shellNamespaces: Namespace[] = ['common', 'dashboard', 'inbox'];

export const landingRoutes: LandingRoute[] = [
  { path: '^/signup/?$', signedIn: false, modules: ['src/features/auth/components/signup-page.tsx'], namespaces: ['common', 'auth'] },
  { path: '^/(login/?|_app/?|app(/.*)?)?$', signedIn: false, modules: ['src/features/auth/components/login-page.tsx'], namespaces: ['common', 'auth'] },
  // Personalización's own code (with the phone and schema libraries, some 75 KB) is left to the
  // router: downloaded beside the entry, it slows the entry and the shell, which paint first.
  { path: '^/app/dashboard/[^/]+/personalizacion/?$', signedIn: true, modules: [shell], namespaces: [...shellNamespaces, 'bots', 'channels', 'playground'] },
  {
    path: '^/(login/?|signup/?|_app/?|app/?|app/dashboard/?)?$',
    signedIn: true,
    modules: [shell, 'src/features/dashboard/components/welcome-page.tsx'],
    namespaces: [...shellNamespaces, 'bots'],
  },
  { path: '^/app/dashboard/', signedIn: true, modules: [shell], namespaces: shellNamespaces },
];

/** What index.html is given: each landing route with its built files. */
export interface LandingBoot {
  routes: { path: string; signedIn: boolean; files: string[]; namespaces: string[] }[];
  buildId: string;
  userIdKey: string;
  localeKey: string;
  locales: readonly string[];
  defaultLocale: string;
  /** The window property the locale downloads are left on for i18n to take. */
  localesGlobal: string;
}

/** Where index.html leaves the locale downloads it started, by URL. */
export const landingLocalesGlobal = '__charlaLocales';

export type PreloadedLocales = Record<string, Promise<string> | undefined>;

/**
 * Runs inline in index.html, before the entry script has downloaded: its source is copied as it
 * is, so it uses nothing from outside its argument. Picks the landing route from the path and the
 * stored session, adds a modulepreload (or style preload) for each of its files and starts its
 * locale downloads in the stored language.
 */
export function preloadLanding(boot: LandingBoot): void {
  let signedIn = false;
  let lng = boot.defaultLocale;
  try {
    signedIn = Boolean(window.localStorage.getItem(boot.userIdKey));
    const stored = window.localStorage.getItem(boot.localeKey);
    if (stored && boot.locales.includes(stored)) lng = stored;
  } catch {
    // Storage blocked: a signed-out visitor in the default language.
  }
  const route = boot.routes.find((r) => r.signedIn === signedIn && new RegExp(r.path).test(window.location.pathname));
  if (!route) return;
  for (const file of route.files) {
    const link = document.createElement('link');
    // Same request mode as the entry's own preloads, so the later import uses this download.
    link.crossOrigin = '';
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.href = file;
    document.head.appendChild(link);
  }
  const loads: Record<string, Promise<string>> = {};
  for (const ns of route.namespaces) {
    const url = `/locales/${lng}/${ns}.json?v=${boot.buildId}`;
    // Rejects with the status code as its message, as lib/i18n.ts reads it.
    const load = fetch(url).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))));
    load.catch(() => undefined);
    loads[url] = load;
  }
  (window as unknown as Record<string, unknown>)[boot.localesGlobal] = loads;
}
