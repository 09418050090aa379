import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TabList, tabId, tabPanelId } from '../../components/ui/tabs.tsx';
import { ProfileTab } from '../../features/account/index.ts';
import { ActivityTab } from '../../features/audit/index.ts';
import { BillingTab } from '../../features/billing/index.ts';
import { accountTabOf, accountTabs, withAccountTab, type AccountTab } from './account-tabs.ts';

/** /app/dashboard/mi-cuenta: the profile (`?tab=perfil`), the plan and billing (`?tab=plan`) and the account's activity (`?tab=actividad`). */
export function AccountPage() {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const tab = accountTabOf(params);
  const setTab = (id: AccountTab) => setParams((prev) => withAccountTab(prev, id), { replace: true });

  return (
    <>
      <PageHeader title={t('title')} description={t(tab === 'plan' ? 'descriptionPlan' : tab === 'activity' ? 'descriptionActivity' : 'description')} />
      <TabList
        tabs={accountTabs}
        value={tab}
        onChange={setTab}
        label={t('tabs.label')}
        idPrefix="account"
        labelOf={(id) => t(`tabs.${id}`)}
        className="mb-6 border-b border-line"
      />
      <div role="tabpanel" id={tabPanelId('account', tab)} aria-labelledby={tabId('account', tab)}>
        {tab === 'plan' ? <BillingTab /> : tab === 'activity' ? <ActivityTab /> : <ProfileTab />}
      </div>
    </>
  );
}
