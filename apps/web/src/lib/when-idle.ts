import { useEffect, useState } from 'react';

/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs`), so downloads a screen
 * does not need to paint start after it has painted; answers a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, Math.min(timeoutMs, 300));
  return () => window.clearTimeout(handle);
}

/** False until the browser has been idle once since the component mounted (at the latest after `timeoutMs`). */
export function useIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
