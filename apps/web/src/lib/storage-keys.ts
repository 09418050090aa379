/** Local-storage keys the app reads and writes (spec section 3). */
export const storageKeys = {
  selectedBot: 'selectedBot',
  email: 'email',
  userId: 'userId',
  phoneNumber: 'phoneNumber',
  loggedWith: 'loggedWith',
  accessToken: 'accessToken',
  loginState: 'loginState',
  referralId: 'referralId',
  locale: 'locale',
  /** The currency plans are priced in, once the visitor picked one. */
  billingCurrency: 'billingCurrency',
  /** The plan an owner left for Stripe Checkout on (session storage): back, a different plan means it applied. */
  checkoutFromPlan: 'checkoutFromPlan',
  /** The bot wizard's unfinished answers (session storage), so a reload keeps what was typed. */
  wizardDraft: 'wizardDraft',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** Per-bot tour completion record: `tours_{botId}`. */
export const toursKeyPrefix = 'tours_';
export const toursKey = (botId: string): string => `${toursKeyPrefix}${botId}`;

/** Tour-progress flags (which tour is running and how far it got). */
export const tourProgressKeys = {
  active: 'tourActive',
  step: 'tourStep',
  botId: 'tourBotId',
  guideRequested: 'tourGuideRequested',
} as const;

/** Every other key whose name starts with this prefix is a tour-progress flag too. */
export const tourProgressPrefix = 'tourProgress_';

/** Values removed on sign-out. `locale` and `billingCurrency` are kept so the next visitor keeps their language. */
export const keysClearedOnSignOut: readonly StorageKey[] = [
  storageKeys.selectedBot,
  storageKeys.email,
  storageKeys.userId,
  storageKeys.phoneNumber,
  storageKeys.loggedWith,
  storageKeys.accessToken,
  storageKeys.loginState,
  storageKeys.referralId,
];

export function isTourKey(key: string): boolean {
  return (
    key.startsWith(toursKeyPrefix) ||
    key.startsWith(tourProgressPrefix) ||
    (Object.values(tourProgressKeys) as string[]).includes(key)
  );
}

/** Cookies the app knows by name. */
export const cookieNames = {
  user: 'user',
  tenant: 'tenant',
  /** Set beside the access token and gone with it: its absence means "renew before calling". */
  sessionExpires: 'session_expires',
} as const;

/** The storage calls we use; `window.localStorage` fits, and so does a Map-backed fake. */
export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** Reads a key without throwing when storage is blocked (private mode, disabled cookies). */
export function readStorage(key: string, storage: KeyValueStorage | undefined = safeLocalStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string, storage: KeyValueStorage | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the app keeps working with in-memory state.
  }
}

export function removeStorage(key: string, storage: KeyValueStorage | undefined = safeLocalStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

export function safeLocalStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function safeSessionStorage(): KeyValueStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
