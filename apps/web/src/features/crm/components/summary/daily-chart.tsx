import { useTranslation } from '../../../../lib/use-translation.ts';
import type { CrmSummary } from '@charla/shared';
import { summaryMetrics } from '@charla/shared/constants';
import { ChartFigure } from './chart-figure.tsx';
import { ChartPlot, DailyPlot } from './chart-plot.tsx';
import { DataTable } from './data-table.tsx';
import { dayLabel, formatCount } from './summary-figures.ts';

/** Each metric per day of the period, as lines; the same numbers in a table below. */
export function DailyChart({ summary }: { summary: CrmSummary }) {
  const { t, i18n } = useTranslation('crmSummary');
  const lng = i18n.resolvedLanguage ?? 'es';
  return (
    <ChartFigure id="summary-daily-title" title={t('daily.title')} description={t('daily.description')}>
      <ChartPlot name="daily" className="h-64">
        <DailyPlot summary={summary} />
      </ChartPlot>
      <DataTable
        caption={t('daily.title')}
        head={[t('table.date'), ...summaryMetrics.map((m) => t(`metrics.${m}`))]}
        rows={summary.daily.map((d) => [dayLabel(d.date, lng), ...summaryMetrics.map((m) => formatCount(d[m], lng))])}
      />
    </ChartFigure>
  );
}
