/**
 * The first pages a visitor opens, with the code each one renders with. The build turns each
 * `modules` list into the chunk files it became, and index.html starts downloading them (and the
 * words of the stored language) while the app's entry is still on its way, instead of one after
 * another as React reaches each lazy route. Keep in step with app/router.tsx.
 */
export interface LandingRoute {
  /** Regular expression source matched against `location.pathname`. */
  path: string;
  /** Whether it applies with a stored session (signed-out visitors of the dashboard see /login). */
  signedIn: boolean;
  /** Source files (from apps/web) of the lazy routes the page shows. */
  modules: string[];
  /** Regular expression source `location.search` must match for the route to apply. */
  search?: string;
  /** Regular expression source of `location.search` values the route does not apply to. */
  notSearch?: string;
  /** API reads the page opens with, `{name}` filled from the path's named group of that name. */
  reads?: LandingRead[];
}

import { crmSummaryPath, defaultSummaryPeriod, inboxOpeningPath } from './page-reads.ts';

const shell = 'src/app/dashboard/dashboard-shell.tsx';

export const landingRoutes: LandingRoute[] = [
  { path: '^/signup/?$', signedIn: false, modules: ['src/features/auth/components/signup-page.tsx'] },
  { path: '^/(login/?|_app/?|app(/.*)?)?$', signedIn: false, modules: ['src/features/auth/components/login-page.tsx'] },
  { path: '^/app/dashboard/[^/]+/personalizacion/?$', signedIn: true, modules: [shell, 'src/app/pages/personalization-page.tsx'] },
  { path: '^/(login/?|signup/?|_app/?|app/?|app/dashboard/?)?$', signedIn: true, modules: [shell, 'src/app/pages/welcome-page.tsx'] },
  // The CRM opens on Resumen unless the address names another tab (or a conversation).
  {
    path: '^/app/dashboard/(?<botId>[^/]+)/crm/?$',
    signedIn: true,
    notSearch: '[?&](?:tab|c)=',
    modules: [shell, 'src/app/pages/crm-page.tsx', 'src/features/crm/components/summary/summary-tab.tsx'],
    reads: [{ path: crmSummaryPath('{botId}', defaultSummaryPeriod), portal: false }],
  },
  {
    path: '^/app/dashboard/(?<botId>[^/]+)/crm/?$',
    signedIn: true,
    search: '[?&](?:tab=conversaciones|c=)',
    modules: [shell, 'src/app/pages/crm-page.tsx', 'src/features/inbox/components/inbox-view.tsx'],
    reads: [{ path: inboxOpeningPath('{botId}'), portal: false }],
  },
  { path: '^/app/dashboard/[^/]+/crm/?$', signedIn: true, modules: [shell, 'src/app/pages/crm-page.tsx'] },
  { path: '^/app/dashboard/[^/]+/citas/?$', signedIn: true, modules: [shell, 'src/features/appointments/components/citas-page.tsx'] },
  { path: '^/app/dashboard/[^/]+/recursos/?$', signedIn: true, modules: [shell, 'src/features/training/components/training-page.tsx'] },
  { path: '^/app/dashboard/mi-cuenta/?$', signedIn: true, modules: [shell, 'src/app/pages/account-page.tsx'] },
  { path: '^/app/dashboard/', signedIn: true, modules: [shell] },
];

/**
 * The API reads every signed-in page starts with (the user, the assistants), `{userId}` and
 * `{email}` filled from storage; `portal` sends the portal header, as the app's own call does.
 */
export const signedInReads: LandingRead[] = [
  { path: '/client/info/{userId}', portal: true },
  { path: '/bot/{email}', portal: false },
];

export interface LandingRead {
  path: string;
  portal: boolean;
}

/** What index.html is given: each landing route with its built files. */
export interface LandingBoot {
  routes: { path: string; signedIn: boolean; files: string[]; search?: string; notSearch?: string; reads?: LandingRead[] }[];
  userIdKey: string;
  emailKey: string;
  localeKey: string;
  locales: readonly string[];
  defaultLocale: string;
  /** The window property the locale download is left on for i18n to take. */
  localesGlobal: string;
  /** The address of a language's words (`{lng}` filled in). */
  localePath: string;
  reads: LandingRead[];
  /** The window property the API reads are left on for the API client to take. */
  readsGlobal: string;
  portalHeader: string;
  tenantCookie: string;
  /** Readable cookies of a session: the user's, and the one that lives as long as the access token. */
  userCookie: string;
  sessionCookie: string;
  refreshPath: string;
  /** The window property the renewal is left on for the API client to take. */
  renewalGlobal: string;
}

/** Where index.html leaves the locale download it started, by URL. */
export const landingLocalesGlobal = '__charlaLocales';
/** Where index.html leaves the API reads it started, by path. */
export const landingReadsGlobal = '__charlaReads';
/** Where index.html leaves the session renewal it started (the API client takes it instead of renewing twice). */
export const landingRenewalGlobal = '__charlaRenewal';

export type PreloadedLocales = Record<string, Promise<string> | undefined>;
export type PreloadedReads = Record<string, Promise<Response> | undefined>;

/**
 * Runs inline in index.html, before the entry script has downloaded: its source is copied as it
 * is, so it uses nothing from outside its argument. Picks the landing route from the path and the
 * stored session, adds a modulepreload (or style preload) for each of its files, starts the
 * download of the stored language's words and, for a signed-in owner, the API reads every page
 * starts with (lib/api.ts takes each answer once).
 */
export function preloadLanding(boot: LandingBoot): void {
  let userId = '';
  let email = '';
  let lng = boot.defaultLocale;
  try {
    userId = window.localStorage.getItem(boot.userIdKey) ?? '';
    email = window.localStorage.getItem(boot.emailKey) ?? '';
    const stored = window.localStorage.getItem(boot.localeKey);
    if (stored && boot.locales.includes(stored)) lng = stored;
  } catch {
    // Storage blocked: a signed-out visitor in the default language.
  }
  const signedIn = userId !== '';
  const route = boot.routes.find(
    (r) =>
      r.signedIn === signedIn &&
      new RegExp(r.path).test(window.location.pathname) &&
      (!r.search || new RegExp(r.search).test(window.location.search)) &&
      !(r.notSearch && new RegExp(r.notSearch).test(window.location.search)),
  );
  if (!route) return;
  // The path's named groups as the router reads them (decoded), to be encoded again in a read's address.
  const groups: Record<string, string> = {};
  for (const [name, value] of Object.entries(new RegExp(route.path).exec(window.location.pathname)?.groups ?? {})) {
    try {
      groups[name] = decodeURIComponent(value);
    } catch {
      groups[name] = value;
    }
  }
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
  const url = boot.localePath.replace('{lng}', lng);
  // Rejects with the status code as its message, as lib/i18n.ts reads it.
  const load = fetch(url).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))));
  load.catch(() => undefined);
  (window as unknown as Record<string, unknown>)[boot.localesGlobal] = { [url]: load };
  if (signedIn) {
    // Each read of document.cookie asks the browser's network process: read once.
    const cookies = document.cookie;
    let tenant = '';
    try {
      tenant = decodeURIComponent(new RegExp(`(?:^|;)\\s*${boot.tenantCookie}=([^;]*)`).exec(cookies)?.[1] ?? '').trim();
    } catch {
      // A malformed cookie: the main product, as lib/tenant.ts reads it.
    }
    // The access token expired (its companion cookie is gone): renew first, then read.
    const hasCookie = (name: string) => new RegExp(`(?:^|;)\\s*${name}=`).test(cookies);
    let renewed: Promise<unknown> | undefined;
    if (hasCookie(boot.userCookie) && !hasCookie(boot.sessionCookie)) {
      const renewal = fetch(boot.refreshPath, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
      (window as unknown as Record<string, unknown>)[boot.renewalGlobal] = renewal;
      renewed = renewal.catch(() => undefined);
    }
    const reads: Record<string, Promise<Response>> = {};
    for (const read of [...boot.reads, ...(route.reads ?? [])]) {
      if (read.path.includes('{email}') && !email) continue;
      const path = read.path
        .replace('{userId}', encodeURIComponent(userId))
        .replace('{email}', encodeURIComponent(email))
        .replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(groups[name] ?? ''));
      const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lng };
      if (read.portal) headers[boot.portalHeader] = tenant;
      const start = () => fetch(path, { credentials: 'include', headers });
      const answer = renewed ? renewed.then(start) : start();
      answer.catch(() => undefined);
      reads[path] = answer;
    }
    (window as unknown as Record<string, unknown>)[boot.readsGlobal] = reads;
  }
}

/**
 * The answer index.html already asked for this GET, taken once (a later call asks anew). A read
 * that failed on the network, or that was refused for an expired session (401), is asked again:
 * the API client then renews the session as for any call, without mistaking an answer sent before
 * another call's renewal for one sent after it.
 */
export function takeLandingRead(path: string, init: RequestInit, fetcher: (input: string, init: RequestInit) => Promise<Response>): Promise<Response> | undefined {
  if ((init.method ?? 'GET') !== 'GET' || typeof window === 'undefined') return undefined;
  const reads = (window as unknown as Record<string, PreloadedReads | undefined>)[landingReadsGlobal];
  const started = reads?.[path];
  if (!started || !reads) return undefined;
  delete reads[path];
  return started.then(
    (answer) => (answer.status === 401 ? fetcher(path, init) : answer),
    () => fetcher(path, init),
  );
}

/** The session renewal index.html started for an expired access token, taken once. */
export function takeLandingRenewal(): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const holder = window as unknown as Record<string, Promise<Response> | undefined>;
  const renewal = holder[landingRenewalGlobal];
  delete holder[landingRenewalGlobal];
  return renewal;
}
