import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CrmSummary } from '@charla/shared';
import { summaryMetrics } from '@charla/shared/constants';
import { ChartFigure } from './chart-figure.tsx';
import { DataTable } from './data-table.tsx';
import { seriesColors } from './series-colors.ts';
import { dayLabel, formatCount } from './summary-figures.ts';

const tooltipStyle = { background: 'var(--bg-color)', border: '1px solid var(--line-color)', borderRadius: 12, color: 'var(--font-color)', fontSize: 13 };

/** Each metric per day of the period, as lines; the same numbers in a table below. */
export function DailyChart({ summary }: { summary: CrmSummary }) {
  const { t, i18n } = useTranslation('crmSummary');
  const lng = i18n.resolvedLanguage ?? 'es';
  const data = summary.daily.map((d) => ({ ...d, label: dayLabel(d.date, lng) }));
  return (
    <ChartFigure id="summary-daily-title" title={t('daily.title')} description={t('daily.description')}>
      <div className="mt-3 h-64 overflow-hidden text-xs text-muted" aria-hidden="true" data-chart="daily">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
            <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
            <XAxis dataKey="label" tick={{ fill: 'currentColor' }} tickLine={false} axisLine={false} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fill: 'currentColor' }} tickLine={false} axisLine={false} width={48} />
            <Tooltip contentStyle={tooltipStyle} formatter={(v) => formatCount(Number(v), lng)} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {summaryMetrics.map((m) => (
              <Line key={m} type="monotone" dataKey={m} name={t(`metrics.${m}`)} stroke={seriesColors[m]} strokeWidth={2} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <DataTable
        caption={t('daily.title')}
        head={[t('table.date'), ...summaryMetrics.map((m) => t(`metrics.${m}`))]}
        rows={summary.daily.map((d) => [dayLabel(d.date, lng), ...summaryMetrics.map((m) => formatCount(d[m], lng))])}
      />
    </ChartFigure>
  );
}
