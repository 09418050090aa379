import { useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ContentSpinner } from '../../components/ui/full-screen-spinner.tsx';
import { BotIcon } from '../../components/ui/icons.tsx';
import { defaultBotSection, isSectionAllowed, paths } from '../../lib/navigation.ts';
import { useTenant } from '../../lib/tenant-context.ts';
import { useCurrentUser } from '../../features/auth/index.ts';
import { storeSelectedBotId, useBots } from '../../features/bots/index.ts';
import { CampaignCreator, CampaignList, CampaignView, newCampaignSegment } from '../../features/campaigns/index.ts';

/**
 * /app/dashboard/{botId}/massive-sender: the bot's campaigns; `/nueva` opens the creator and
 * `/{campaignId}` one campaign. A team agent does not open it.
 */
export function MassiveSenderPage() {
  const { t } = useTranslation('dashboard');
  const { botId = '', campaignId } = useParams();
  const { search } = useLocation();
  const { isTenant } = useTenant();
  const isAgent = useCurrentUser().seat?.role === 'agent';
  const bots = useBots();
  const bot = bots.data?.find((candidate) => candidate.id === botId) ?? null;

  useEffect(() => {
    if (bot) storeSelectedBotId(bot.id);
  }, [bot]);

  if (!isSectionAllowed('massive-sender', isTenant, isAgent)) {
    return <Navigate to={{ pathname: paths.bot(botId, defaultBotSection(isTenant, isAgent)), search }} replace />;
  }
  if (bots.isPending) return <ContentSpinner />;
  if (!bot) {
    return (
      <EmptyState icon={<BotIcon className="size-8" />} title={t('bots.notFoundTitle')} description={t('bots.notFoundBody')}>
        <Link to={paths.dashboard} className={buttonClasses('primary')}>
          {t('bots.backHome')}
        </Link>
      </EmptyState>
    );
  }
  if (campaignId === newCampaignSegment) return <CampaignCreator key={bot.id} bot={bot} />;
  if (campaignId) return <CampaignView key={campaignId} bot={bot} campaignId={campaignId} />;
  return <CampaignList bot={bot} />;
}
