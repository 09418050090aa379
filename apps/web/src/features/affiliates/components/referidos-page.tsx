import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { AffiliateProfile } from '@charla/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useCurrentUser } from '../../auth/index.ts';
import type { AffiliateCallError } from '../api/affiliates-client.ts';
import { notJoined, useAffiliateProfile } from '../api/use-affiliates.ts';
import { AffiliateFigures } from './affiliate-figures.tsx';
import { JoinForm } from './join-form.tsx';
import { PayoutsList } from './payouts-list.tsx';
import { ProgramRules } from './program-rules.tsx';
import { ReferralLink } from './referral-link.tsx';
import { ReferralsList } from './referrals-list.tsx';

// The chart library is loaded only here, after the figures.
const EarningsChart = lazy(() => import('./earnings-chart.tsx'));

function PaymentDetails({ profile }: { profile: AffiliateProfile }) {
  const { t } = useTranslation('referrals');
  return (
    <Card className="h-fit p-5">
      <h2 className="font-semibold">{t('details.title')}</h2>
      <ul className="mt-2 space-y-1 text-sm text-muted">
        {profile.paypalEmail ? <li>{t('details.paypal', { email: profile.paypalEmail })}</li> : null}
        {profile.bankInfo.clabe ? <li>{t('details.clabe', { clabe: profile.bankInfo.clabe })}</li> : null}
        {profile.bankInfo.bankName ? <li>{t('details.bank', { bank: [profile.bankInfo.bankName, profile.bankInfo.holderName].filter(Boolean).join(' · ') })}</li> : null}
      </ul>
    </Card>
  );
}

function Dashboard({ profile }: { profile: AffiliateProfile }) {
  const { t } = useTranslation('referrals');
  return (
    <div className="space-y-6">
      {profile.status === 'pending_review' ? <Alert tone="info" title={t('status.pending_review')}>{t('status.pendingNote')}</Alert> : null}
      {profile.status === 'suspended' ? <Alert title={t('status.suspended')}>{t('status.suspendedNote')}</Alert> : null}
      <ReferralLink userId={profile.userId} />
      <AffiliateFigures figures={profile.figures} />
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">{t('chart.title')}</h2>
        <p className="mb-4 text-sm text-muted">{t('chart.description')}</p>
        {profile.monthly.length ? (
          <Suspense fallback={<div className="h-56 animate-pulse rounded-xl bg-field" aria-hidden="true" />}>
            <EarningsChart monthly={profile.monthly} />
          </Suspense>
        ) : (
          <p className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted">{t('chart.empty')}</p>
        )}
      </Card>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <ReferralsList userId={profile.userId} />
          <PayoutsList userId={profile.userId} />
        </div>
        <div className="space-y-6">
          <ProgramRules />
          <PaymentDetails profile={profile} />
        </div>
      </div>
    </div>
  );
}

/** Referidos: the join form until the account is in the program, then its link, figures, referrals and payouts. */
export function ReferidosPage() {
  const { t } = useTranslation('referrals');
  const user = useCurrentUser();
  const profile = useAffiliateProfile(user.id);
  let body;
  if (profile.isPending) body = <ContentSpinner />;
  else if (profile.isError && notJoined(profile.error)) body = <JoinForm userId={user.id} />;
  else if (profile.isError)
    body = (
      <Card>
        <LoadFailed title={t('loadFailed')} error={(profile.error as AffiliateCallError).cause} retryLabel={t('retry')} retrying={profile.isFetching} onRetry={() => void profile.refetch()} />
      </Card>
    );
  else body = <Dashboard profile={profile.data} />;
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={profile.data ? <span className="rounded-full border border-line bg-card px-3 py-1 text-xs font-semibold">{t(`status.${profile.data.status}`)}</span> : undefined}
      />
      {body}
    </>
  );
}
