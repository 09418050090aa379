import { useEffect, useState } from 'react';

/**
 * True once `flag` has stayed true for `ms` (a state worth a word only when it lasts). A new
 * `since` (say, a retry's number) starts the wait again even when `flag` never went false.
 */
export function useLasting(flag: boolean, ms: number, since: unknown = null): boolean {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    setLasting(false);
    if (!flag) return;
    const timer = setTimeout(() => setLasting(true), ms);
    return () => clearTimeout(timer);
  }, [flag, ms, since]);
  return lasting;
}
