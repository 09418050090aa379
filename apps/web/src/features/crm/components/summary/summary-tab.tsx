import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/use-translation.ts';
import type { CrmSummary, SummaryPeriod } from '@charla/shared';
import { summaryMetrics, summaryPeriods } from '@charla/shared/constants';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { LoadFailed } from '../../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { fieldErrors } from '../../../../lib/error-text.ts';
import { defaultSummaryPeriod, useSummary, type SummaryChoice } from '../../api/summary-api.ts';
import { timeZonePlace } from '../../../../lib/time-zones.ts';
import { HoursHeatmap } from './hours-heatmap.tsx';
import { SummaryCharts } from './summary-charts.tsx';
import { seriesColors } from './series-colors.ts';
import { dayLabel, formatCount, formatPercent, periodChange, solvedShare } from './summary-figures.ts';

const switchButton = (on: boolean) => `focus-ring whitespace-nowrap rounded-lg px-2.5 py-1.5 sm:px-3 text-sm font-semibold ${on ? 'bg-highlight text-on-highlight shadow' : 'text-muted hover:text-fg'}`;

/** 7, 30 or 90 days, or a range of the owner's: buttons that say which one is on. */
function PeriodSwitch({ value, onChange }: { value: SummaryPeriod | 'custom'; onChange: (p: SummaryPeriod | 'custom') => void }) {
  const { t } = useTranslation('crmSummary');
  return (
    <div role="group" aria-label={t('period.label')} className="inline-flex rounded-xl border border-line bg-field p-0.5">
      {summaryPeriods.map((p) => (
        <button key={p} type="button" aria-pressed={value === p} onClick={() => onChange(p)} className={switchButton(value === p)}>
          {t(`period.${p}`)}
        </button>
      ))}
      <button type="button" aria-pressed={value === 'custom'} onClick={() => onChange('custom')} className={switchButton(value === 'custom')}>
        {t('period.custom')}
      </button>
    </div>
  );
}

/** The owner's own range: two days (the bot's calendar days), read when applied. */
function RangeForm({ initial, errors, onApply }: { initial: { from: string; to: string }; errors: Record<string, string>; onApply: (range: { from: string; to: string }) => void }) {
  const { t } = useTranslation('crmSummary');
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ from, to });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label={t('range.label')}>
      <TextField className="w-40" type="date" label={t('range.from')} value={from} max={to || undefined} required error={errors.from} onChange={(e) => setFrom(e.target.value)} />
      <TextField className="w-40" type="date" label={t('range.to')} value={to} min={from || undefined} required error={errors.to} onChange={(e) => setTo(e.target.value)} />
      <Button type="submit" size="sm" className="mb-1.5" disabled={!from || !to}>
        {t('range.apply')}
      </Button>
    </form>
  );
}

/** How a figure moved against the period before: "+12% vs. periodo anterior", green up, red down. */
function Change({ current, previous }: { current: number; previous: number }) {
  const { t, i18n } = useTranslation('crmSummary');
  const lng = i18n.resolvedLanguage ?? 'es';
  const change = periodChange(current, previous);
  if (change === null) return <dd className="mt-0.5 text-xs text-muted">{t('compare.noBase', { previous: formatCount(previous, lng) })}</dd>;
  const tone = change > 0 ? 'text-success' : change < 0 ? 'text-danger' : 'text-muted';
  return (
    <dd className="mt-0.5 text-xs" data-change={change}>
      <span className={`font-semibold tabular-nums ${tone}`}>{t('compare.change', { change: formatPercent(change, lng, true) })}</span>{' '}
      <span className="text-muted">{t('compare.before', { previous: formatCount(previous, lng) })}</span>
    </dd>
  );
}

/** The period's totals, one card each, and the share the bot solved alone. */
function Figures({ summary }: { summary: CrmSummary }) {
  const { t, i18n } = useTranslation('crmSummary');
  const lng = i18n.resolvedLanguage ?? 'es';
  const share = solvedShare(summary.botSolved, summary.totals.conversations);
  const before = solvedShare(summary.previous.botSolved, summary.previous.totals.conversations);
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
      {summaryMetrics.map((m) => (
        <Card key={m} className="p-3" data-metric={m}>
          <dt className="flex items-center gap-1.5 text-xs font-semibold text-muted">
            <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: seriesColors[m] }} aria-hidden="true" />
            {t(`metrics.${m}`)}
          </dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{formatCount(summary.totals[m], lng)}</dd>
          <Change current={summary.totals[m]} previous={summary.previous.totals[m]} />
          <dd className="mt-0.5 text-xs text-muted">{m === 'won' ? (summary.wonStage ? t('hints.won', { stage: summary.wonStage }) : t('hints.wonNone')) : t(`hints.${m}`)}</dd>
        </Card>
      ))}
      <Card className="p-3" data-metric="solved">
        <dt className="text-xs font-semibold text-muted">{t('solved.title')}</dt>
        <dd className="mt-1 text-2xl font-bold tabular-nums">{share === null ? '—' : formatPercent(share, lng)}</dd>
        <dd className="mt-1">
          <span className="block h-1.5 overflow-hidden rounded-full bg-field" aria-hidden="true">
            <span className="block h-full rounded-full bg-[#16a34a]" style={{ width: `${(share ?? 0) * 100}%` }} />
          </span>
        </dd>
        <dd className="mt-1 text-xs text-muted">
          {before === null ? t('solved.noBefore') : t('solved.before', { share: formatPercent(before, lng) })}
        </dd>
        <dd className="mt-1 text-xs text-muted">
          {share === null ? t('solved.none') : t('solved.detail', { solved: formatCount(summary.botSolved, lng), total: formatCount(summary.totals.conversations, lng) })}
        </dd>
      </Card>
    </dl>
  );
}

/** Resumen: the bot's conversations, contacts, leads, appointments and won customers over a period. */
export function SummaryTab({ botId }: { botId: string }) {
  const { t, i18n } = useTranslation('crmSummary');
  const lng = i18n.resolvedLanguage ?? 'es';
  const [choice, setChoice] = useState<SummaryChoice>({ days: defaultSummaryPeriod });
  const [custom, setCustom] = useState(false);
  const summary = useSummary(botId, choice);
  const data = summary.data;
  const errors = fieldErrors(summary.error);
  const onPeriod = (p: SummaryPeriod | 'custom') => {
    setCustom(p === 'custom');
    if (p !== 'custom') setChoice({ days: p });
  };
  return (
    <div className="space-y-4" data-summary={data ? data.days : undefined}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 className="text-lg font-bold">{t('title')}</h2>
        <PeriodSwitch value={custom ? 'custom' : 'days' in choice ? choice.days : 'custom'} onChange={onPeriod} />
        {data ? (
          <p className="text-sm text-muted" data-range={`${data.from}..${data.to}`}>
            {t('period.range', { from: dayLabel(data.from, lng), to: dayLabel(data.to, lng), timeZone: timeZonePlace(data.timeZone) })}{' '}
            {t('period.previous', { from: dayLabel(data.previous.from, lng), to: dayLabel(data.previous.to, lng) })}
          </p>
        ) : null}
        <p className="text-sm text-muted" role="status">
          {summary.isFetching && data ? t('updating') : ''}
        </p>
      </div>
      {custom ? <RangeForm initial={data ? { from: data.from, to: data.to } : { from: '', to: '' }} errors={errors} onApply={setChoice} /> : null}
      {summary.isError && !data ? (
        <LoadFailed title={t('loadFailed')} error={summary.error} retryLabel={t('retry')} retrying={summary.isRefetching} onRetry={() => void summary.refetch()} />
      ) : !data ? (
        <div className="grid place-items-center py-10">
          <Spinner />
        </div>
      ) : (
        <>
          <Figures summary={data} />
          <SummaryCharts summary={data} />
          <Card className="min-w-0 p-4">
            <HoursHeatmap hours={data.hours} />
          </Card>
        </>
      )}
    </div>
  );
}
