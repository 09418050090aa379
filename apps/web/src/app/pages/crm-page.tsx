import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ContentSpinner } from '../../components/ui/full-screen-spinner.tsx';
import { BotIcon } from '../../components/ui/icons.tsx';
import { TabList, tabId, tabPanelId } from '../../components/ui/tabs.tsx';
import { paths } from '../../lib/navigation.ts';
import { useCurrentUser } from '../../features/auth/index.ts';
import { useBots } from '../../features/bots/index.ts';
import { loadCrmTabPanel, loadSummaryTab, usePrefetchSummary } from '../../features/crm/index.ts';
import { loadInboxView } from '../../features/inbox/index.ts';
import { loadGapsTab } from '../../features/knowledge-gaps/index.ts';
import { crmTabs, tabOf, withTab, type CrmTab } from './crm-tabs.ts';

// Each tab's code loads when it is shown.
const SummaryTab = lazy(() => loadSummaryTab().then((m) => ({ default: m.SummaryTab })));
const InboxView = lazy(() => loadInboxView().then((m) => ({ default: m.InboxView })));
const GapsTab = lazy(() => loadGapsTab().then((m) => ({ default: m.GapsTab })));
const CrmTabPanel = lazy(() => loadCrmTabPanel().then((m) => ({ default: m.CrmTabPanel })));

/** Browser alerts for hand-offs: asked for only when the owner clicks. */
function NotificationsButton() {
  const { t } = useTranslation('inbox');
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(supported ? Notification.permission : 'denied');
  if (!supported || permission !== 'default') return null;
  return (
    <button
      type="button"
      title={t('handoff.enableHint')}
      className={buttonClasses('secondary', 'sm')}
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      {t('handoff.enable')}
    </button>
  );
}

/** /app/dashboard/{botId}/crm: a tabbed section whose first tab is the inbox. */
export function CrmPage() {
  const { t } = useTranslation('inbox');
  const { t: td } = useTranslation('dashboard');
  const { t: tc } = useTranslation('crm');
  const { botId = '' } = useParams();
  const bots = useBots();
  const bot = bots.data?.find((b) => b.id === botId) ?? null;
  // A team agent works the contacts; the pipeline's stages are the bot's setup (the server refuses them too).
  const isAgent = useCurrentUser().seat?.role === 'agent';
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const setTab = (id: CrmTab) => setParams((prev) => withTab(prev, id), { replace: true });
  // A link to a conversation (?c=) stays on the inbox once that conversation is closed.
  const linkedConversation = !params.get('tab') && params.get('c');
  // Resumen's figures are asked for at once, beside the download of its code.
  usePrefetchSummary(bot?.id, tab === 'summary');
  useEffect(() => {
    if (linkedConversation) setParams((prev) => withTab(prev, 'conversations'), { replace: true });
  }, [linkedConversation, setParams]);

  if (bots.isPending) return <ContentSpinner />;
  if (!bot) {
    return (
      <EmptyState icon={<BotIcon className="size-8" />} title={td('bots.notFoundTitle')} description={td('bots.notFoundBody')}>
        <Link to={paths.dashboard} className={buttonClasses('primary')}>
          {td('bots.backHome')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      {/* On a phone the title and the tabs share the top rows (the tabs wrap, every one in view), so the inbox's composer stays in view. */}
      <div className="mb-3 flex items-end gap-x-3 gap-y-2 border-b border-line sm:flex-wrap sm:gap-x-6">
        <h1 className="shrink-0 pb-2 text-xl font-bold tracking-tight text-fg sm:text-2xl" title={t('page.description')}>
          {t('page.title')}
        </h1>
        <TabList
          tabs={crmTabs}
          value={tab}
          onChange={setTab}
          label={t('tabs.label')}
          idPrefix="crm"
          className="flex-wrap max-sm:flex-1"
          labelOf={(id) => (id === 'conversations' ? t('tabs.conversations') : tc(`tabs.${id}`))}
        />
        <div className="ms-auto pb-2 max-sm:hidden">
          <NotificationsButton />
        </div>
      </div>
      <div role="tabpanel" id={tabPanelId('crm', tab)} aria-labelledby={tabId('crm', tab)}>
        <Suspense fallback={<ContentSpinner />}>
          {tab === 'summary' ? (
            <SummaryTab botId={bot.id} />
          ) : tab === 'gaps' ? (
            <GapsTab botId={bot.id} />
          ) : tab === 'conversations' ? (
            <InboxView bot={bot} />
          ) : (
            <CrmTabPanel botId={bot.id} tab={tab} canEditStages={!isAgent} />
          )}
        </Suspense>
      </div>
    </>
  );
}
