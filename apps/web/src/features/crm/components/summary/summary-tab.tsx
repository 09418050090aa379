import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmSummary, SummaryPeriod } from '@charla/shared';
import { summaryMetrics, summaryPeriods } from '@charla/shared/constants';
import { Card } from '../../../../components/ui/card.tsx';
import { LoadFailed } from '../../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { defaultSummaryPeriod, useSummary } from '../../api/summary-api.ts';
import { timeZonePlace } from '../../../../lib/time-zones.ts';
import { HoursHeatmap } from './hours-heatmap.tsx';
import { SummaryCharts } from './summary-charts.tsx';
import { seriesColors } from './series-colors.ts';
import { dayLabel, formatCount, solvedShare } from './summary-figures.ts';


/** 7, 30 or 90 days: buttons that say which one is on. */
function PeriodSwitch({ value, onChange }: { value: SummaryPeriod; onChange: (p: SummaryPeriod) => void }) {
  const { t } = useTranslation('crmSummary');
  return (
    <div role="group" aria-label={t('period.label')} className="inline-flex rounded-xl border border-line bg-field p-0.5">
      {summaryPeriods.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={value === p}
          onClick={() => onChange(p)}
          className={`focus-ring rounded-lg px-3 py-1.5 text-sm font-semibold ${value === p ? 'bg-highlight text-on-highlight shadow' : 'text-muted hover:text-fg'}`}
        >
          {t(`period.${p}`)}
        </button>
      ))}
    </div>
  );
}

/** The period's totals, one card each, and the share the bot solved alone. */
function Figures({ summary }: { summary: CrmSummary }) {
  const { t, i18n } = useTranslation('crmSummary');
  const lng = i18n.resolvedLanguage ?? 'es';
  const share = solvedShare(summary.botSolved, summary.totals.conversations);
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
      {summaryMetrics.map((m) => (
        <Card key={m} className="p-3" data-metric={m}>
          <dt className="flex items-center gap-1.5 text-xs font-semibold text-muted">
            <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: seriesColors[m] }} aria-hidden="true" />
            {t(`metrics.${m}`)}
          </dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{formatCount(summary.totals[m], lng)}</dd>
          <dd className="mt-0.5 text-xs text-muted">{m === 'won' ? (summary.wonStage ? t('hints.won', { stage: summary.wonStage }) : t('hints.wonNone')) : t(`hints.${m}`)}</dd>
        </Card>
      ))}
      <Card className="p-3" data-metric="solved">
        <dt className="text-xs font-semibold text-muted">{t('solved.title')}</dt>
        <dd className="mt-1 text-2xl font-bold tabular-nums">{share === null ? '—' : t('solved.value', { share })}</dd>
        <dd className="mt-1">
          <span className="block h-1.5 overflow-hidden rounded-full bg-field" aria-hidden="true">
            <span className="block h-full rounded-full bg-[#16a34a]" style={{ width: `${share ?? 0}%` }} />
          </span>
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
  const [days, setDays] = useState<SummaryPeriod>(defaultSummaryPeriod);
  const summary = useSummary(botId, days);
  const data = summary.data;
  return (
    <div className="space-y-4" data-summary={data ? data.days : undefined}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 className="text-lg font-bold">{t('title')}</h2>
        <PeriodSwitch value={days} onChange={setDays} />
        {data ? (
          <p className="text-sm text-muted">
            {t('period.range', { from: dayLabel(data.from, lng), to: dayLabel(data.to, lng), timeZone: timeZonePlace(data.timeZone) })}
          </p>
        ) : null}
        <p className="text-sm text-muted" role="status">
          {summary.isFetching && data ? t('updating') : ''}
        </p>
      </div>
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
