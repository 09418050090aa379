import type { MetaSettingsResponse } from '@charla/shared';

/** Meta's pages that post the embedded signup's messages; anything else is ignored. */
export const metaOrigins = ['https://www.facebook.com', 'https://web.facebook.com'] as const;

export const facebookSdkUrl = 'https://connect.facebook.net/es_MX/sdk.js';
export const graphApiVersion = 'v23.0';

export function isMetaOrigin(origin: string): boolean {
  return (metaOrigins as readonly string[]).includes(origin);
}

export type SignupEvent =
  | { type: 'finish'; phoneNumberId: string; wabaId: string }
  | { type: 'cancel'; currentStep: string | null }
  | { type: 'error'; message: string | null };

/**
 * A `message` event of the embedded signup, or null when it is not one (wrong origin, another
 * kind of message, or not JSON). Meta posts a JSON string `{type:'WA_EMBEDDED_SIGNUP', event, data}`.
 */
export function readSignupMessage(event: { origin: string; data: unknown }): SignupEvent | null {
  if (!isMetaOrigin(event.origin)) return null;
  let payload: unknown = event.data;
  if (typeof payload === 'string') {
    try {
      payload = JSON.parse(payload);
    } catch {
      return null;
    }
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { type, event: kind, data } = payload as { type?: unknown; event?: unknown; data?: Record<string, unknown> };
  if (type !== 'WA_EMBEDDED_SIGNUP') return null;
  const field = (name: string) => (typeof data?.[name] === 'string' ? (data[name] as string) : null);
  if (kind === 'FINISH' || kind === 'FINISH_ONLY_WABA' || kind === 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING') {
    const phoneNumberId = field('phone_number_id');
    const wabaId = field('waba_id');
    return phoneNumberId && wabaId ? { type: 'finish', phoneNumberId, wabaId } : { type: 'error', message: null };
  }
  if (kind === 'CANCEL') return { type: 'cancel', currentStep: field('current_step') };
  if (kind === 'ERROR') return { type: 'error', message: field('error_message') };
  return null;
}

/** Listens to the embedded signup's messages on `target`; returns what stops listening. */
export function listenToSignup(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, onEvent: (event: SignupEvent) => void): () => void {
  const handler = (event: MessageEvent) => {
    const read = readSignupMessage(event);
    if (read) onEvent(read);
  };
  target.addEventListener('message', handler);
  return () => target.removeEventListener('message', handler);
}

/** The Meta app the signup runs under, as the server's GET /api/meta/settings gives it; without an app id the button is off. */
export interface SignupConfig {
  appId: string;
  configId: string | null;
  graphVersion: string;
}

export function signupConfig(settings: (Omit<MetaSettingsResponse, 'graph_version'> & Partial<Pick<MetaSettingsResponse, 'graph_version'>>) | null | undefined): SignupConfig | null {
  const appId = settings?.app_id?.trim() ?? '';
  if (!/^\d+$/.test(appId)) return null;
  const configId = settings?.config_id?.trim() || null;
  const graphVersion = settings?.graph_version && /^v\d+\.\d+$/.test(settings.graph_version) ? settings.graph_version : graphApiVersion;
  return { appId, configId, graphVersion };
}

interface FacebookSdk {
  init(options: { appId: string; autoLogAppEvents: boolean; xfbml: boolean; version: string }): void;
  login(callback: (response: { authResponse?: { code?: string } | null; status?: string }) => void, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

let sdkLoading: Promise<FacebookSdk> | null = null;

/** Loads Facebook's JS SDK (es_MX) once and initialises it for the app. */
export function loadFacebookSdk(appId: string, version: string = graphApiVersion): Promise<FacebookSdk> {
  if (sdkLoading) return sdkLoading;
  sdkLoading = new Promise<FacebookSdk>((resolve, reject) => {
    window.fbAsyncInit = () => {
      const fb = window.FB;
      if (!fb) return reject(new Error('Facebook SDK missing'));
      fb.init({ appId, autoLogAppEvents: true, xfbml: false, version });
      resolve(fb);
    };
    const script = document.createElement('script');
    script.src = facebookSdkUrl;
    script.async = true;
    script.defer = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => {
      sdkLoading = null;
      reject(new Error('Facebook SDK could not be loaded'));
    };
    document.body.appendChild(script);
  });
  return sdkLoading;
}
