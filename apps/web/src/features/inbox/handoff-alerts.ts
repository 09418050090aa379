import { createStore, useStore } from '../../lib/store.ts';

/** Hand-offs the owner has not looked at yet, per bot: the CRM item's badge and the tab title. */
export const handoffStore = createStore<{ pending: Record<string, number> }>({ pending: {} });

export function addHandoff(botId: string): void {
  handoffStore.set((s) => ({ pending: { ...s.pending, [botId]: (s.pending[botId] ?? 0) + 1 } }));
}

/** The owner opened the bot's inbox: its hand-offs are seen. */
export function clearHandoffs(botId: string): void {
  if (!handoffStore.get().pending[botId]) return;
  handoffStore.set((s) => {
    const { [botId]: _seen, ...rest } = s.pending;
    return { pending: rest };
  });
}

export const totalHandoffs = (pending: Record<string, number>) => Object.values(pending).reduce((a, b) => a + b, 0);

export const usePendingHandoffs = (botId: string | null) => useStore(handoffStore, (s) => (botId ? (s.pending[botId] ?? 0) : 0));
export const useTotalHandoffs = () => useStore(handoffStore, (s) => totalHandoffs(s.pending));
