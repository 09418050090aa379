import type { SessionLifecycle } from './session-lifecycle.ts';
import type { SessionState } from './session-state.ts';

/**
 * The sweeper of leases: each round renews this process's sessions (stopping one another process
 * took, logging out one disconnected elsewhere or whose bot is gone) and, on workers, claims the
 * sessions nobody runs, ending the lock of a silent owner.
 */
export function ownershipLoop(state: SessionState, lifecycle: Pick<SessionLifecycle, 'halt' | 'finish' | 'own'>) {
  const { deps, running } = state;
  const { repo, lease, log, options } = deps;
  const { halt, finish, own } = lifecycle;
  let ticking: Promise<void> | undefined;

  async function tick(): Promise<void> {
    if (state.closed) return;
    if (!(await lease.ensure())) return;
    const mine = [...running.keys()];
    const renewed = new Map((await repo.renew(mine, lease.id, options.leaseMs)).map((r) => [r.botId, r]));
    for (const botId of mine) {
      const s = running.get(botId);
      if (!s || s.stopped) continue;
      const row = renewed.get(botId);
      if (!row) {
        // Another process holds it now (we were too slow to renew): stop without touching its state.
        log.warn({ botId }, 'whatsapp web: session taken over by another process');
        halt(s);
        await lease.release(botId);
      } else if (row.status === 'disconnected' || row.botDeleted) {
        // Disconnected from a process that could not reach us (its reason kept), or the bot is gone: log out here.
        await finish(s, { status: 'disconnected', pairError: row.status === 'disconnected' ? row.pairError : null, clear: true, logout: true });
      }
    }
    if (!options.runsSessions) return;
    for (const u of await repo.unclaimed(lease.id)) {
      if (running.has(u.botId) || (await own(u.botId))) continue;
      // Its owner stopped renewing but still holds the lock: end that lock; the next round takes over.
      if (u.expired && u.owner && lease.shared && (await lease.fence(u.botId))) {
        log.warn({ botId: u.botId, owner: u.owner }, 'whatsapp web: took the lock of a silent owner');
      }
    }
  }

  function runTick(): Promise<void> {
    ticking ??= tick()
      .catch((err) => log.error({ err }, 'whatsapp web: lease round failed'))
      .finally(() => (ticking = undefined));
    return ticking;
  }

  return { runTick, ticking: () => ticking };
}
