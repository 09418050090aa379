import { beforeEach, describe, expect, it } from 'vitest';
import {
  activeFlag,
  realtimeStore,
  resetBotLimitReached,
  resetMessageLimitReached,
  resetPaymentError,
  resetRealtime,
  setBotLimitReached,
  setConnectionStatus,
  setMessageLimitReached,
  setPaymentError,
} from './realtime-store.ts';

beforeEach(resetRealtime);

describe('realtime flags', () => {
  it('sets each modal flag from its event and resets it', () => {
    setMessageLimitReached({ limit: 500 });
    expect(realtimeStore.get().messageLimitReached).toEqual({ limit: 500 });
    expect(activeFlag(realtimeStore.get())).toBe('messageLimitReached');
    resetMessageLimitReached();
    expect(activeFlag(realtimeStore.get())).toBeNull();

    setBotLimitReached({});
    expect(activeFlag(realtimeStore.get())).toBe('botLimitReached');
    resetBotLimitReached();

    setPaymentError({ message: 'card declined' });
    expect(activeFlag(realtimeStore.get())).toBe('paymentError');
    resetPaymentError();
    expect(realtimeStore.get().paymentError).toBeNull();
  });

  it('shows a payment error before the limit modals and keeps the others pending', () => {
    setMessageLimitReached({});
    setPaymentError({});
    expect(activeFlag(realtimeStore.get())).toBe('paymentError');
    resetPaymentError();
    expect(activeFlag(realtimeStore.get())).toBe('messageLimitReached');
  });

  it('notifies subscribers and tracks the connection', () => {
    let calls = 0;
    const unsubscribe = realtimeStore.subscribe(() => (calls += 1));
    setConnectionStatus(false, new Error('websocket error'));
    expect(realtimeStore.get().connectError).toBe('websocket error');
    setConnectionStatus(true, null);
    expect(realtimeStore.get()).toMatchObject({ connected: true, connectError: null });
    unsubscribe();
    setConnectionStatus(false, null);
    expect(calls).toBe(2);
  });
});
