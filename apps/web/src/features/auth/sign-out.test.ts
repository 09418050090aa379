import { describe, expect, it, vi } from 'vitest';
import type { KeyValueStorage } from '../../lib/storage-keys.ts';
import { createSignOut, signOut, type SignOutDeps } from './sign-out.ts';

class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  constructor(entries: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(entries)) this.data.set(k, v);
  }
  get length() {
    return this.data.size;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  clear() {
    this.data.clear();
  }
}

function fakeDocument(dialogCount: number) {
  const removed: number[] = [];
  const cookieWrites: string[] = [];
  const dialogs = Array.from({ length: dialogCount }, (_, i) => ({ remove: () => removed.push(i) }));
  const selectors: string[] = [];
  const doc = {
    get cookie() {
      return '';
    },
    set cookie(value: string) {
      cookieWrites.push(value);
    },
    querySelectorAll(selector: string) {
      selectors.push(selector);
      return dialogs;
    },
  };
  return { doc, removed, cookieWrites, selectors };
}

function setup(logout: () => Promise<unknown>) {
  const steps: string[] = [];
  const local = new MemoryStorage({
    selectedBot: 'b1',
    email: 'ana@clinica.mx',
    userId: 'u1',
    phoneNumber: '+52 33 1234 5678',
    loggedWith: 'email',
    accessToken: 't',
    loginState: 'true',
    referralId: 'REF1',
    locale: 'en',
    tours_b1: '{"personalizacion":true}',
    tourStep: '3',
    tourProgress_b1_crm: '2',
    unrelated: 'kept',
  });
  const session = new MemoryStorage({ draft: 'x' });
  const { doc, removed, cookieWrites, selectors } = fakeDocument(2);
  const navigate = vi.fn<SignOutDeps['navigate']>(() => steps.push('navigate'));
  const logError = vi.fn();
  const deps: SignOutDeps = {
    logout: () => {
      steps.push('logout');
      return logout();
    },
    localStorage: local,
    sessionStorage: session,
    document: doc,
    hostname: 'app.charla.mx',
    navigate,
    onCleared: () => steps.push('cleared'),
    logError,
  };
  return { deps, local, session, removed, cookieWrites, selectors, navigate, logError, steps };
}

describe('sign-out', () => {
  it('logs out on the server, clears local state, removes tour dialogs, expires the user and session cookies and goes to /login', async () => {
    const s = setup(() => Promise.resolve({ ok: true }));
    await signOut(s.deps);

    expect(s.steps).toEqual(['logout', 'cleared', 'navigate']);
    expect(s.session.length).toBe(0);
    expect(Object.fromEntries(s.local.data)).toEqual({ locale: 'en', unrelated: 'kept' });
    expect(s.selectors).toEqual(['[data-tour-dialog]']);
    expect(s.removed).toEqual([0, 1]);
    expect(s.cookieWrites[0]).toMatch(/^user=; Max-Age=0;.*Path=\//);
    expect(s.cookieWrites).toContain('user=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; Domain=.charla.mx');
    expect(s.cookieWrites.every((w) => w.startsWith('user=') || w.startsWith('session_expires='))).toBe(true);
    expect(s.cookieWrites).toContain('session_expires=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/');
    expect(s.navigate).toHaveBeenCalledWith('/login', 'user');
    expect(s.logError).not.toHaveBeenCalled();
  });

  it('logs a failed server logout and still clears everything', async () => {
    const failure = new Error('offline');
    const s = setup(() => Promise.reject(failure));
    await signOut(s.deps, 'Authentication failed');

    expect(s.logError).toHaveBeenCalledWith('Logout failed', failure);
    expect(s.local.getItem('userId')).toBeNull();
    expect(s.local.getItem('tours_b1')).toBeNull();
    expect(s.local.getItem('locale')).toBe('en');
    expect(s.removed).toHaveLength(2);
    expect(s.navigate).toHaveBeenCalledWith('/login', 'Authentication failed');
  });

  it('runs once when several failures ask for it together', async () => {
    const logout = vi.fn(() => Promise.resolve());
    const s = setup(logout);
    const once = createSignOut(s.deps);
    await Promise.all([once('Authentication failed'), once('Authentication failed after refresh')]);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(s.navigate).toHaveBeenCalledTimes(1);
  });

  it('works without storage (blocked by the browser)', async () => {
    const s = setup(() => Promise.resolve());
    await signOut({ ...s.deps, localStorage: undefined, sessionStorage: undefined });
    expect(s.navigate).toHaveBeenCalledWith('/login', 'user');
  });
});
