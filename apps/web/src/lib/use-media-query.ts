import { useSyncExternalStore } from 'react';

export const mobileQuery = '(max-width: 900px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Mobile means a width of 900 px or less (spec section 2). */
export function useIsMobile(): boolean {
  return useMediaQuery(mobileQuery);
}
