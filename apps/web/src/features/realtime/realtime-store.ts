import type { LimitEventPayload, PaymentErrorPayload, ServerToClientEvents } from '@charla/shared';
import { createStore, useStore } from '../../lib/store.ts';

/** Server events that open a modal (spec section 4). */
export type RealtimeFlag = Extract<keyof ServerToClientEvents, 'messageLimitReached' | 'botLimitReached' | 'paymentError'>;

/** Shown in this order when several arrive together. */
export const realtimeFlags = ['paymentError', 'botLimitReached', 'messageLimitReached'] as const satisfies readonly RealtimeFlag[];

export interface RealtimeState {
  messageLimitReached: LimitEventPayload | null;
  botLimitReached: LimitEventPayload | null;
  paymentError: PaymentErrorPayload | null;
  connected: boolean;
  connectError: string | null;
}

export const initialRealtimeState: RealtimeState = {
  messageLimitReached: null,
  botLimitReached: null,
  paymentError: null,
  connected: false,
  connectError: null,
};

export const realtimeStore = createStore<RealtimeState>(initialRealtimeState);

/** Each server event sets its modal flag (a non-null payload)… */
export const setMessageLimitReached = (payload: LimitEventPayload) => realtimeStore.set({ messageLimitReached: payload });
export const setBotLimitReached = (payload: LimitEventPayload) => realtimeStore.set({ botLimitReached: payload });
export const setPaymentError = (payload: PaymentErrorPayload) => realtimeStore.set({ paymentError: payload });

/** …and each flag has its reset. */
export const resetMessageLimitReached = () => realtimeStore.set({ messageLimitReached: null });
export const resetBotLimitReached = () => realtimeStore.set({ botLimitReached: null });
export const resetPaymentError = () => realtimeStore.set({ paymentError: null });

export const resetFlag: Record<RealtimeFlag, () => void> = {
  messageLimitReached: resetMessageLimitReached,
  botLimitReached: resetBotLimitReached,
  paymentError: resetPaymentError,
};

export function setConnectionStatus(connected: boolean, error: Error | null): void {
  realtimeStore.set({ connected, connectError: connected ? null : (error?.message ?? null) });
}

/** Clears everything, for sign-out. */
export function resetRealtime(): void {
  realtimeStore.set(initialRealtimeState);
}

/** The flag whose modal should be open now, if any. */
export function activeFlag(state: RealtimeState): RealtimeFlag | null {
  return realtimeFlags.find((flag) => state[flag] !== null) ?? null;
}

export function useRealtime<S>(select: (state: RealtimeState) => S): S {
  return useStore(realtimeStore, select);
}
