/**
 * Moves the focus to the page's heading (the first h1 in `#main`) once it is on screen, unless
 * something else has the focus already: after signing in, opening a page or closing the tour,
 * keyboard and screen-reader users start at the top of what they came for, not on <body>.
 * While the heading is not there yet, it waits for the page's DOM to change (no polling each
 * frame, which would keep the browser drawing while the page loads).
 */
export function focusPageHeading(doc: Document = document, { force = false, timeoutMs = 3000 } = {}): () => void {
  let observer: MutationObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    observer?.disconnect();
    clearTimeout(timer);
  };
  /** True when there is nothing left to do. */
  const attempt = (): boolean => {
    const active = doc.activeElement;
    if (!force && active && active !== doc.body && active !== doc.documentElement) return true;
    const heading = doc.querySelector<HTMLElement>('#main h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };
  const frame = requestAnimationFrame(() => {
    if (attempt()) return;
    observer = new MutationObserver(() => {
      if (attempt()) stop();
    });
    observer.observe(doc.body, { childList: true, subtree: true });
    timer = setTimeout(stop, timeoutMs);
  });
  return () => {
    cancelAnimationFrame(frame);
    stop();
  };
}
