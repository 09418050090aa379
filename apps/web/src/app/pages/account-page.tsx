import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { limitsOf } from '@charla/shared/constants';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TabList, tabId, tabPanelId } from '../../components/ui/tabs.tsx';
import { ProfileTab } from '../../features/account/index.ts';
import { ActivityTab } from '../../features/audit/index.ts';
import { useCurrentUser } from '../../features/auth/index.ts';
import { BillingTab } from '../../features/billing/index.ts';
import { botLabel, useBots } from '../../features/bots/index.ts';
import { TeamTab } from '../../features/seats/index.ts';
import { accountTabOf, accountTabsFor, withAccountTab, type AccountTab } from './account-tabs.ts';

const descriptions = { profile: 'description', plan: 'descriptionPlan', team: 'descriptionTeam', activity: 'descriptionActivity' } as const satisfies Record<AccountTab, string>;

/** /app/dashboard/mi-cuenta: the profile (`?tab=perfil`), the plan and billing (`?tab=plan`), the team (`?tab=equipo`) and the account's activity (`?tab=actividad`). */
export function AccountPage() {
  const { t } = useTranslation('account');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tabs = accountTabsFor(user.seat?.role ?? null);
  const wanted = accountTabOf(params);
  const tab = tabs.includes(wanted) ? wanted : 'profile';
  const setTab = (id: AccountTab) => setParams((prev) => withAccountTab(prev, id), { replace: true });
  const bots = useBots();
  const teamBots = (bots.data ?? []).filter((b) => !b.isClientsBot).map((b) => ({ id: b.id, name: botLabel(b, t('team.unnamedBot')) }));

  return (
    <>
      <PageHeader title={t('title')} description={t(descriptions[tab])} />
      <TabList
        tabs={tabs}
        value={tab}
        onChange={setTab}
        label={t('tabs.label')}
        idPrefix="account"
        labelOf={(id) => t(`tabs.${id}`)}
        className="mb-6 border-b border-line"
      />
      <div role="tabpanel" id={tabPanelId('account', tab)} aria-labelledby={tabId('account', tab)}>
        {tab === 'plan' ? (
          <BillingTab />
        ) : tab === 'team' ? (
          <TeamTab
            accountId={user.seat?.accountId ?? user.id}
            bots={teamBots}
            seatLimit={user.seat ? undefined : limitsOf(user.membershipTypeName).seats}
            planLink={() => setTab('plan')}
          />
        ) : tab === 'activity' ? (
          <ActivityTab />
        ) : (
          <ProfileTab />
        )}
      </div>
    </>
  );
}
