import { useEffect, useState } from 'react';

/** True once `flag` has stayed true for `ms` (a state worth a word only when it lasts). */
export function useLasting(flag: boolean, ms: number): boolean {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    if (!flag) {
      setLasting(false);
      return;
    }
    const timer = setTimeout(() => setLasting(true), ms);
    return () => clearTimeout(timer);
  }, [flag, ms]);
  return lasting;
}
