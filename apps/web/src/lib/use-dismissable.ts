import { useEffect, type RefObject } from 'react';

/**
 * A <details> used as a menu closes like one: on a press outside it and on Escape (the focus then
 * goes back to its summary).
 */
export function useDismissable(ref: RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    const outside = (event: Event) => {
      const menu = ref.current;
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    const escape = (event: KeyboardEvent) => {
      const menu = ref.current;
      if (event.key !== 'Escape' || !menu?.open) return;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [ref]);
}
