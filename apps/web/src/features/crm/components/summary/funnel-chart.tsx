import { useTranslation } from 'react-i18next';
import { Bar, BarChart, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { SummaryCounts } from '@charla/shared';
import { ChartFigure } from './chart-figure.tsx';
import { DataTable } from './data-table.tsx';
import { seriesColors } from './series-colors.ts';
import { formatCount, formatPercent, funnelSteps } from './summary-figures.ts';

/** The period's funnel: one bar per step, with the share of the step before it. */
export function FunnelChart({ totals }: { totals: SummaryCounts }) {
  const { t, i18n } = useTranslation('crmSummary');
  const lng = i18n.resolvedLanguage ?? 'es';
  const steps = funnelSteps(totals).map((s) => ({ ...s, name: t(`metrics.${s.metric}`), label: s.rate === null ? formatCount(s.value, lng) : `${formatCount(s.value, lng)} · ${formatPercent(s.rate, lng)}` }));
  return (
    <ChartFigure id="summary-funnel-title" title={t('funnel.title')} description={t('funnel.description')}>
      <div className="mt-3 h-56 overflow-hidden text-xs text-muted" aria-hidden="true" data-chart="funnel">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={steps} layout="vertical" margin={{ top: 0, right: 96, bottom: 0, left: 0 }}>
            <XAxis type="number" hide allowDecimals={false} />
            <YAxis type="category" dataKey="name" width={120} tick={{ fill: 'currentColor' }} tickLine={false} axisLine={false} />
            <Bar dataKey="value" radius={[0, 6, 6, 0]} isAnimationActive={false} minPointSize={2}>
              {steps.map((s) => (
                <Cell key={s.metric} fill={seriesColors[s.metric]} />
              ))}
              <LabelList dataKey="label" position="right" fill="currentColor" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <DataTable
        caption={t('funnel.title')}
        head={[t('funnel.step'), t('funnel.count'), t('funnel.share')]}
        rows={funnelSteps(totals).map((s) => [t(`metrics.${s.metric}`), formatCount(s.value, lng), s.rate === null ? '—' : formatPercent(s.rate, lng)])}
      />
    </ChartFigure>
  );
}
