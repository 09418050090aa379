import { useTranslation } from '../../../../lib/use-translation.ts';
import type { SummaryCounts } from '@charla/shared';
import { ChartFigure } from './chart-figure.tsx';
import { ChartPlot, FunnelPlot } from './chart-plot.tsx';
import { DataTable } from './data-table.tsx';
import { formatCount, formatPercent, funnelSteps } from './summary-figures.ts';

/** The period's funnel: one bar per step, with the share of the step before it. */
export function FunnelChart({ totals }: { totals: SummaryCounts }) {
  const { t, i18n } = useTranslation('crmSummary');
  const lng = i18n.resolvedLanguage ?? 'es';
  return (
    <ChartFigure id="summary-funnel-title" title={t('funnel.title')} description={t('funnel.description')}>
      <ChartPlot name="funnel" className="h-56">
        <FunnelPlot totals={totals} />
      </ChartPlot>
      <DataTable
        caption={t('funnel.title')}
        head={[t('funnel.step'), t('funnel.count'), t('funnel.share')]}
        rows={funnelSteps(totals).map((s) => [t(`metrics.${s.metric}`), formatCount(s.value, lng), s.rate === null ? '—' : formatPercent(s.rate, lng)])}
      />
    </ChartFigure>
  );
}
