import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` of the viewport, and from then on: what lies
 * below the fold renders its full body only when the reader gets near it. Without
 * IntersectionObserver it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '200% 0px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
