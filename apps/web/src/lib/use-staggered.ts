import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` pieces to show: none at first, then one more after each commit, each in a
 * render React can interrupt. A long page mounts piece by piece, so no single task builds and
 * lays out all of it while a tap waits.
 */
export function useStaggered(total: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => Math.min(count + 1, total))), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return shown;
}
