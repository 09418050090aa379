import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Campaign, CampaignAction, RecipientFilter } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { ChevronLeftIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { paths } from '../../../lib/navigation.ts';
import type { Bot } from '../../bots/index.ts';
import { formatInZone } from '../../appointments/index.ts';
import { useCampaignProgress } from '../api/use-campaign-progress.ts';
import { isPlanRequired, useCampaign, useCampaignAction } from '../api/use-campaigns.ts';
import { campaignPaths } from '../campaign-paths.ts';
import { actionsOf } from '../campaign-progress.ts';
import { CampaignMessageSummary } from './campaign-message-summary.tsx';
import { HumanPaceNotice } from './human-pace-notice.tsx';
import { ConfirmActionModal } from './confirm-action-modal.tsx';
import { PlanRequiredModal, PlanRequiredState } from './plan-required.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { RecipientsTable } from './recipients-table.tsx';
import { StatusBadge } from './status-badge.tsx';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

/** /app/dashboard/{botId}/massive-sender/{id}: one campaign, live — progress, counts, its recipients and its controls. */
export function CampaignView({ bot, campaignId }: { bot: Bot; campaignId: string }) {
  const { t } = useTranslation('campaigns');
  const campaign = useCampaign(campaignId);
  const live = useCampaignProgress(bot.id);
  const back = (
    <Link to={campaignPaths.list(bot.id)} className="focus-ring mb-3 inline-flex items-center gap-1 rounded text-sm text-muted hover:text-fg">
      <ChevronLeftIcon className="size-4" />
      {t('view.back')}
    </Link>
  );
  if (campaign.isPending) return <ContentSpinner />;
  if (campaign.isError) {
    return (
      <>
        {back}
        {isPlanRequired(campaign.error) ? (
          <PlanRequiredState />
        ) : (
          <LoadFailed title={t('view.loadFailed')} error={campaign.error} retryLabel={t('actions.retry')} retrying={campaign.isFetching} onRetry={() => void campaign.refetch()} />
        )}
      </>
    );
  }
  return (
    <>
      {back}
      <CampaignDetail bot={bot} campaign={campaign.data} live={live} />
    </>
  );
}

function CampaignDetail({ bot, campaign, live }: { bot: Bot; campaign: Campaign; live: boolean }) {
  const { t, i18n } = useTranslation('campaigns');
  const locale = i18n.resolvedLanguage ?? 'es';
  const number = numberFormat(intlLocale(locale));
  const act = useCampaignAction();
  const [asking, setAsking] = useState<CampaignAction | null>(null);
  const [planBlocked, setPlanBlocked] = useState(false);
  const [filter, setFilter] = useState<RecipientFilter | null>(null);
  const { counts } = campaign;
  const when = (iso: string) => formatInZone(iso, bot.timezone, locale);

  const confirm = () => {
    if (!asking) return;
    act.mutate(
      { id: campaign.id, action: asking },
      {
        onSuccess: () => showToast(t(`confirm.${asking}.done`), 'success'),
        onError: (error) => (isPlanRequired(error) ? setPlanBlocked(true) : showToast(errorText(error), 'error')),
        onSettled: () => setAsking(null),
      },
    );
  };

  const figures = [
    ['total', counts.total],
    ['queued', counts.queued],
    ['sent', counts.sent],
    ['delivered', counts.delivered],
    ['read', counts.read],
    ['replied', counts.replied],
    ['failed', counts.failed],
    ['skipped', counts.skipped],
    ['optedOut', counts.optedOut],
  ] as const;
  const showFilter = (key: (typeof figures)[number][0]) => setFilter(key === 'total' ? null : key);
  const stopped = campaign.status === 'paused' && campaign.pauseReason !== null && campaign.pauseReason !== 'owner' ? campaign.pauseReason : null;

  return (
    <>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-balance text-2xl font-bold tracking-tight text-fg sm:text-3xl">{campaign.name}</h1>
            <StatusBadge status={campaign.status} />
            {live && campaign.status === 'running' ? <span className="text-xs text-success">{t('view.live')}</span> : null}
          </div>
          <p className="mt-1 text-sm text-muted">
            {t(`channels.${campaign.channel}`)}
            {campaign.audience.kind === 'csv' ? ` · ${t('view.csvAudience', { name: campaign.audience.fileName })}` : ` · ${t('view.crmAudience')}`}
            {campaign.scheduledAt && campaign.status === 'scheduled' ? ` · ${t('list.scheduledFor', { when: when(campaign.scheduledAt) })}` : ''}
            {campaign.startedAt ? ` · ${t('list.startedAt', { when: when(campaign.startedAt) })}` : ''}
            {campaign.finishedAt ? ` · ${t('list.finishedAt', { when: when(campaign.finishedAt) })}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {actionsOf[campaign.status].map((action) => (
            <Button key={action} variant={action === 'cancel' ? 'danger' : action === 'pause' ? 'secondary' : 'primary'} onClick={() => setAsking(action)} disabled={act.isPending}>
              {t(`actions.${action}`)}
            </Button>
          ))}
        </div>
      </header>

      {stopped ? (
        <Alert tone="error" title={t('view.stoppedTitle')} className="mb-4">
          {t(`pauseReasons.${stopped}`)}
          {stopped === 'token' || stopped === 'channel' ? (
            <>
              {' '}
              <Link to={`${paths.bot(bot.id, 'personalizacion')}#canales`} className="font-semibold underline underline-offset-2">
                {t('view.reconnect')}
              </Link>
            </>
          ) : stopped === 'quota' ? (
            <>
              {' '}
              <Link to={paths.plan} className="font-semibold underline underline-offset-2">
                {t('plan.viewPlans')}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}

      <Card className="p-4 sm:p-5">
        <ProgressBar counts={counts} large />
        {campaign.nextSendAt && campaign.status === 'running' ? <p className="mt-2 text-sm text-muted">{t('view.nextSend', { when: when(campaign.nextSendAt) })}</p> : null}
        <ul className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-5 2xl:grid-cols-9" data-counts aria-label={t('view.counts')}>
          {figures.map(([key, value]) => (
            <li key={key} className="min-w-0">
              <button
                type="button"
                onClick={() => showFilter(key)}
                className={`focus-ring w-full rounded-xl border px-2 py-2 text-center transition hover:border-highlight/60 ${
                  (key === 'total' ? filter === null : filter === key) ? 'border-highlight bg-highlight/10' : 'border-line'
                }`}
                aria-pressed={key === 'total' ? filter === null : filter === key}
              >
                <span className="block truncate text-[11px] text-muted">{t(`counts.${key}`)}</span>
                <span data-count={key} className={`block text-lg font-semibold tabular-nums ${key === 'failed' && value > 0 ? 'text-danger' : 'text-fg'}`}>
                  {number.format(value)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Card>

      <CampaignMessageSummary message={campaign.message} />

      {campaign.channel === 'whatsmeow' && (campaign.status === 'running' || campaign.status === 'scheduled' || campaign.status === 'paused') ? (
        <div className="mt-4">
          <HumanPaceNotice pace={campaign.pace} />
        </div>
      ) : null}

      <RecipientsTable campaignId={campaign.id} counts={counts} filter={filter} onFilter={setFilter} timeZone={bot.timezone} />

      <ConfirmActionModal action={asking} name={campaign.name} busy={act.isPending} onConfirm={confirm} onClose={() => setAsking(null)} />
      <PlanRequiredModal open={planBlocked} onClose={() => setPlanBlocked(false)} />
    </>
  );
}
