/**
 * Moves the focus to the page's heading (the first h1 in `#main`) once it is on screen, unless
 * something else has the focus already: after signing in, opening a page or closing the tour,
 * keyboard and screen-reader users start at the top of what they came for, not on <body>.
 */
export function focusPageHeading(doc: Document = document, { force = false, timeoutMs = 3000 } = {}): () => void {
  let frame = 0;
  const started = performance.now();
  const attempt = () => {
    const active = doc.activeElement;
    if (!force && active && active !== doc.body && active !== doc.documentElement) return;
    const heading = doc.querySelector<HTMLElement>('#main h1');
    if (!heading) {
      if (performance.now() - started < timeoutMs) frame = requestAnimationFrame(attempt);
      return;
    }
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
