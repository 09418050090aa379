import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Campaign } from '@charla/shared';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { MegaphoneIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import type { Bot } from '../../bots/index.ts';
import { isPlanRequired, useCampaigns } from '../api/use-campaigns.ts';
import { useCampaignProgress } from '../api/use-campaign-progress.ts';
import { campaignPaths } from '../campaign-paths.ts';
import { formatInZone } from '../../appointments/index.ts';
import { PlanRequiredState } from './plan-required.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { StatusBadge } from './status-badge.tsx';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

/** The section's first screen: the bot's campaigns with their state and progress, or the invitation to a first one. */
export function CampaignList({ bot }: { bot: Bot }) {
  const { t } = useTranslation(['campaigns', 'dashboard']);
  const campaigns = useCampaigns(bot.id);
  useCampaignProgress(bot.id);
  const newButton = (
    <Link to={campaignPaths.create(bot.id)} className={buttonClasses('primary')}>
      <PlusIcon className="size-4" />
      {t('list.new')}
    </Link>
  );
  const header = (actions: boolean) => (
    <PageHeader title={t('dashboard:sections.massive-sender.label')} description={t('list.description')} actions={actions ? newButton : undefined} />
  );

  if (campaigns.isPending) return <ContentSpinner />;
  if (campaigns.isError) {
    return (
      <>
        {header(false)}
        {isPlanRequired(campaigns.error) ? (
          <PlanRequiredState />
        ) : (
          <LoadFailed title={t('list.loadFailed')} error={campaigns.error} retryLabel={t('actions.retry')} retrying={campaigns.isFetching} onRetry={() => void campaigns.refetch()} />
        )}
      </>
    );
  }
  if (campaigns.data.length === 0) {
    return (
      <>
        {header(false)}
        <EmptyState icon={<MegaphoneIcon className="size-8" />} title={t('list.emptyTitle')} description={t('list.emptyBody')}>
          {newButton}
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {header(true)}
      <ul className="space-y-3" aria-label={t('list.label')}>
        {campaigns.data.map((campaign) => (
          <CampaignRow key={campaign.id} campaign={campaign} timeZone={bot.timezone} />
        ))}
      </ul>
    </>
  );
}

function CampaignRow({ campaign, timeZone }: { campaign: Campaign; timeZone: string }) {
  const { t, i18n } = useTranslation('campaigns');
  const locale = i18n.resolvedLanguage ?? 'es';
  const number = numberFormat(intlLocale(locale));
  const { counts } = campaign;
  const when =
    campaign.status === 'scheduled' && campaign.scheduledAt
      ? t('list.scheduledFor', { when: formatInZone(campaign.scheduledAt, timeZone, locale) })
      : campaign.finishedAt
        ? t('list.finishedAt', { when: formatInZone(campaign.finishedAt, timeZone, locale) })
        : campaign.startedAt
          ? t('list.startedAt', { when: formatInZone(campaign.startedAt, timeZone, locale) })
          : t('list.createdAt', { when: formatInZone(campaign.createdAt, timeZone, locale) });
  const figures = [
    ['sent', counts.sent],
    ['delivered', counts.delivered],
    ['read', counts.read],
    ['replied', counts.replied],
    ['failed', counts.failed],
  ] as const;
  return (
    <li data-campaign={campaign.id} className="rounded-2xl border border-line bg-card backdrop-blur-xl transition hover:border-highlight/50">
      <Link to={campaignPaths.one(campaign.botId, campaign.id)} className="focus-ring block rounded-2xl p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold text-fg">{campaign.name}</h2>
            <p className="mt-0.5 text-xs text-muted">
              {t(`channels.${campaign.channel}`)} · {when}
            </p>
          </div>
          <StatusBadge status={campaign.status} />
        </div>
        <div className="mt-3 grid gap-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-6">
          <ProgressBar counts={counts} />
          <dl className="grid grid-cols-3 gap-2 text-center sm:grid-cols-5 md:flex md:gap-5">
            {figures.map(([key, value]) => (
              <div key={key} className="min-w-0">
                <dt className="truncate text-[11px] text-muted">{t(`counts.${key}`)}</dt>
                <dd className={`text-sm font-semibold tabular-nums ${key === 'failed' && value > 0 ? 'text-danger' : 'text-fg'}`}>{number.format(value)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Link>
    </li>
  );
}
