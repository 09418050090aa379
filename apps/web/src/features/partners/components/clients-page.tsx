import { useTranslation } from '../../../lib/use-translation.ts';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useTenant } from '../../../lib/tenant-context.ts';
import { usePartner } from '../api/use-partners.ts';
import { BecomePartner } from './become-partner.tsx';
import { BrandingEditor } from './branding-editor.tsx';
import { ClientsPanel } from './clients-panel.tsx';
import { PaymentsPanel } from './payments-panel.tsx';

/** The clients section: on the partner portal the partner's clients, payments and branding; on the main product the way to become a partner. */
export function PartnerClientsPage() {
  const { t } = useTranslation('partners');
  const { isPartnerPortal } = useTenant();
  const partner = usePartner();
  if (partner.isPending) return <ContentSpinner />;
  if (partner.isError) return <LoadFailed title={t('failed')} error={partner.error} retryLabel={t('retry')} retrying={partner.isFetching} onRetry={() => void partner.refetch()} />;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6">
      <PageHeader title={t('title')} description={isPartnerPortal && partner.data ? t('portalDescription', { url: partner.data.clientUrl }) : t('mainDescription')} />
      {isPartnerPortal && partner.data ? (
        <>
          <ClientsPanel partnerId={partner.data.id} />
          <PaymentsPanel partnerId={partner.data.id} />
          <BrandingEditor partner={partner.data} />
        </>
      ) : (
        <BecomePartner partner={partner.data} />
      )}
    </div>
  );
}
