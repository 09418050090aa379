import { useTranslation } from '../../../../lib/use-translation.ts';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CrmSummary, SummaryCounts } from '@charla/shared';
import { summaryMetrics } from '@charla/shared/constants';
import { seriesColors } from './series-colors.ts';
import { dayLabel, formatCount, formatPercent, funnelSteps } from './summary-figures.ts';

// The only module of the summary that needs the charts' library: it is downloaded when a chart
// comes into view (see chart-plot.tsx), after the figures and tables are on screen.

const tooltipStyle = { background: 'var(--bg-color)', border: '1px solid var(--line-color)', borderRadius: 12, color: 'var(--font-color)', fontSize: 13 };

/** Each metric per day of the period, as lines. */
export function DailyPlot({ summary }: { summary: CrmSummary }) {
  const { t, i18n } = useTranslation('crmSummary');
  const lng = i18n.resolvedLanguage ?? 'es';
  const data = summary.daily.map((d) => ({ ...d, label: dayLabel(d.date, lng) }));
  return (
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
  );
}

/** The period's funnel: one bar per step, with the share of the step before it. */
export function FunnelPlot({ totals }: { totals: SummaryCounts }) {
  const { t, i18n } = useTranslation('crmSummary');
  const lng = i18n.resolvedLanguage ?? 'es';
  const steps = funnelSteps(totals).map((s) => ({ ...s, name: t(`metrics.${s.metric}`), label: s.rate === null ? formatCount(s.value, lng) : `${formatCount(s.value, lng)} · ${formatPercent(s.rate, lng)}` }));
  return (
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
  );
}
