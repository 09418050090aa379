import { Suspense, lazy, useRef, type ReactNode } from 'react';
import { useNearViewport } from '../../../../lib/use-near-viewport.ts';
import { useIdle } from '../../../../lib/when-idle.ts';

const plots = () => import('./summary-plots.tsx');
export const DailyPlot = lazy(() => plots().then((m) => ({ default: m.DailyPlot })));
export const FunnelPlot = lazy(() => plots().then((m) => ({ default: m.FunnelPlot })));

/**
 * A chart's drawing area, of a fixed height whether drawn or not (nothing below it moves): the
 * charts' library is downloaded and drawn once the page has painted and the area is in view,
 * so the figures and tables come first. Hidden from assistive technology: the table under each
 * chart holds its numbers.
 */
export function ChartPlot({ name, className, children }: { name: string; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const idle = useIdle();
  // In view: its top above the last sixth of the screen, not a sliver at the bottom edge.
  const inView = useNearViewport(ref, '0px 0px -16% 0px');
  return (
    <div ref={ref} className={`mt-3 overflow-hidden text-xs text-muted ${className}`} aria-hidden="true" data-chart={name}>
      {idle && inView ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}
