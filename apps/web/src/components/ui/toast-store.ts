import { createStore } from '../../lib/store.ts';

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  /** A button beside the message, e.g. "Deshacer"; pressing it closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  run: () => void;
}

export const toastStore = createStore<{ toasts: Toast[] }>({ toasts: [] });

let nextId = 1;

export function dismissToast(id: number): void {
  toastStore.set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

/** Shows a short message in the corner; it goes away by itself. */
export function showToast(message: string, tone: ToastTone = 'success', durationMs = 5000, action?: ToastAction): number {
  const id = nextId++;
  toastStore.set((state) => ({ toasts: [...state.toasts.slice(-2), { id, tone, message, ...(action && { action }) }] }));
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs);
  return id;
}
