import { describe, expect, it, vi } from 'vitest';
import { isMetaOrigin, listenToSignup, readSignupMessage, signupConfig } from './embedded-signup.ts';

const finish = JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { phone_number_id: '106540352242922', waba_id: '524126980791429' } });
const cancel = JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'PHONE_NUMBER_SETUP' } });

describe('embedded signup origin check', () => {
  it('accepts only Meta origins', () => {
    expect(isMetaOrigin('https://www.facebook.com')).toBe(true);
    expect(isMetaOrigin('https://web.facebook.com')).toBe(true);
    for (const origin of ['http://www.facebook.com', 'https://facebook.com', 'https://www.facebook.com.evil.io', 'https://evil.io', 'null', '']) {
      expect(isMetaOrigin(origin)).toBe(false);
    }
  });

  it('ignores messages from any other origin, even well-formed ones', () => {
    expect(readSignupMessage({ origin: 'https://evil.io', data: finish })).toBeNull();
    expect(readSignupMessage({ origin: 'https://www.facebook.com', data: finish })).toEqual({ type: 'finish', phoneNumberId: '106540352242922', wabaId: '524126980791429' });
    expect(readSignupMessage({ origin: 'https://web.facebook.com', data: cancel })).toEqual({ type: 'cancel', currentStep: 'PHONE_NUMBER_SETUP' });
  });

  it('ignores other messages from Meta', () => {
    expect(readSignupMessage({ origin: 'https://www.facebook.com', data: 'not json' })).toBeNull();
    expect(readSignupMessage({ origin: 'https://www.facebook.com', data: JSON.stringify({ type: 'OTHER', event: 'FINISH' }) })).toBeNull();
    expect(readSignupMessage({ origin: 'https://www.facebook.com', data: JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: {} }) })).toEqual({ type: 'error', message: null });
  });

  it('the listener hands on only accepted events and stops when asked', () => {
    const target = new EventTarget();
    const onEvent = vi.fn();
    const stop = listenToSignup(target as unknown as Window, onEvent);
    const post = (origin: string, data: string) => target.dispatchEvent(Object.assign(new Event('message'), { origin, data }));
    post('https://evil.io', finish);
    post('https://www.facebook.com', cancel);
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ type: 'cancel', currentStep: 'PHONE_NUMBER_SETUP' });
    stop();
    post('https://www.facebook.com', finish);
    expect(onEvent).toHaveBeenCalledTimes(1);
  });
});

describe('signupConfig', () => {
  it("turns the server's public Meta settings into the signup's configuration; no numeric app id, no signup", () => {
    expect(signupConfig(undefined)).toBeNull();
    expect(signupConfig({ app_id: null, config_id: '42', graph_version: 'v23.0' })).toBeNull();
    expect(signupConfig({ app_id: 'abc', config_id: null })).toBeNull();
    expect(signupConfig({ app_id: '1234567890', config_id: '42', graph_version: 'v24.0' })).toEqual({ appId: '1234567890', configId: '42', graphVersion: 'v24.0' });
    expect(signupConfig({ app_id: ' 1234567890 ', config_id: ' ', graph_version: 'latest' })).toEqual({ appId: '1234567890', configId: null, graphVersion: 'v23.0' });
  });
});
