/**
 * Moves the focus to the page's heading (the first h1 in `#main`) once it is on screen, unless
 * something else has the focus already: after signing in, opening a page or closing the tour,
 * keyboard and screen-reader users start at the top of what they came for, not on <body>.
 * It waits up to 15 s for the heading: a page whose data arrives late on a slow phone still gets it
 * (unless the person has moved the focus meanwhile).
 * While the heading is not there yet, it waits for the page's DOM to change (no polling each
 * frame, which would keep the browser drawing while the page loads). The focus itself waits for
 * the frame after the heading appeared: focusing before the browser laid the new page out would
 * make it lay the whole page out at once, in the middle of the page's first render.
 */
export function focusPageHeading(doc: Document = document, { force = false, timeoutMs = 15_000 } = {}): () => void {
  let observer: MutationObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  let settle: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const stop = () => {
    observer?.disconnect();
    clearTimeout(timer);
  };
  const taken = () => {
    const active = doc.activeElement;
    return !force && active !== null && active !== doc.body && active !== doc.documentElement;
  };
  /** True when there is nothing left to do. */
  const attempt = (): boolean => {
    if (taken()) return true;
    if (!doc.querySelector('#main h1')) return false;
    frame = requestAnimationFrame(() => {
      // After this frame's layout and paint.
      settle = setTimeout(() => {
        const heading = doc.querySelector<HTMLElement>('#main h1');
        if (cancelled || !heading || taken()) return;
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }, 0);
    });
    return true;
  };
  frame = requestAnimationFrame(() => {
    if (attempt()) return;
    observer = new MutationObserver(() => {
      if (attempt()) stop();
    });
    observer.observe(doc.body, { childList: true, subtree: true });
    timer = setTimeout(stop, timeoutMs);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    clearTimeout(settle);
    stop();
  };
}
