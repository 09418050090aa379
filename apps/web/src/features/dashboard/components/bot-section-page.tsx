import { useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { BotIcon } from '../../../components/ui/icons.tsx';
import { defaultBotSection, isBotSection, isSectionAllowed, paths } from '../../../lib/navigation.ts';
import { NotFoundSection } from './not-found-page.tsx';
import { useTenant } from '../../../lib/tenant-context.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { storeSelectedBotId, useBots } from '../../bots/index.ts';
import { SectionPlaceholder } from './section-placeholder.tsx';

/** /app/dashboard/{botId} opens the bot's default section, keeping the query. */
export function BotIndexRedirect() {
  const { botId = '' } = useParams();
  const { search } = useLocation();
  const { isTenant } = useTenant();
  const isAgent = useCurrentUser().seat?.role === 'agent';
  return <Navigate to={{ pathname: paths.bot(botId, defaultBotSection(isTenant, isAgent)), search }} replace />;
}

/** /app/dashboard/{botId}/{section}: the bot from the URL becomes the selected one once the list is in. */
export function BotSectionPage() {
  const { t } = useTranslation('dashboard');
  const { botId = '', section } = useParams();
  const { search } = useLocation();
  const { isTenant } = useTenant();
  const isAgent = useCurrentUser().seat?.role === 'agent';
  const bots = useBots();
  const bot = bots.data?.find((candidate) => candidate.id === botId) ?? null;

  useEffect(() => {
    if (bot) storeSelectedBotId(bot.id);
  }, [bot]);

  if (!isBotSection(section)) return <NotFoundSection />;
  if (!isSectionAllowed(section, isTenant, isAgent)) {
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
  return <SectionPlaceholder section={section} />;
}
