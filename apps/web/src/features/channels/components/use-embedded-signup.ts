import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { MetaRegisterResponse } from '@charla/shared';
import { showToast } from '../../../components/ui/toast-store.ts';
import { sendSignupToServer } from '../api/channels-calls.ts';
import { useMetaSettings } from '../api/use-channels.ts';
import { listenToSignup, loadFacebookSdk, signupConfig } from '../embedded-signup.ts';

export type SignupState = 'idle' | 'running' | 'canceled';

/**
 * Meta's embedded signup: Facebook's window gives a code and the number's ids, which go to the
 * server; `onDone` gets its answer, `onFailed` its error. Off while the server names no Meta app.
 */
export function useEmbeddedSignup(botId: string, { onStart, onDone, onFailed }: {
  onStart: () => void;
  onDone: (answer: MetaRegisterResponse) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation('channels');
  const settings = useMetaSettings();
  const config = signupConfig(settings.data);
  const [state, setState] = useState<SignupState>('idle');

  const start = async () => {
    if (!config) return;
    setState('running');
    onStart();
    let code: string | null = null;
    let ids: { phoneNumberId: string; wabaId: string } | null = null;
    const finish = async () => {
      if (!code || !ids) return;
      stop();
      const result = await sendSignupToServer({ bot_id: botId, phone_number_id: ids.phoneNumberId, waba_id: ids.wabaId, code });
      setState('idle');
      if (result.ok) onDone(result.value);
      else onFailed(result.error);
    };
    const stop = listenToSignup(window, (event) => {
      if (event.type === 'finish') {
        ids = event;
        void finish();
      } else if (event.type === 'cancel') {
        console.warn('WhatsApp embedded signup canceled', { step: event.currentStep });
        stop();
        setState('canceled');
      } else {
        console.error('WhatsApp embedded signup error', event.message);
      }
    });
    try {
      const fb = await loadFacebookSdk(config.appId, config.graphVersion);
      fb.login(
        (response) => {
          code = response.authResponse?.code ?? null;
          if (code) void finish();
          else if (!ids) {
            stop();
            setState('canceled');
          }
        },
        {
          ...(config.configId ? { config_id: config.configId } : {}),
          response_type: 'code',
          override_default_response_type: true,
          extras: { setup: {}, featureType: '', sessionInfoVersion: '3' },
        },
      );
    } catch (error) {
      stop();
      setState('idle');
      console.error('Could not load the Facebook SDK', error);
      showToast(t('api.sdkFailed'), 'error');
    }
  };

  return { state, start, available: config !== null, unavailable: !config && !settings.isPending };
}
