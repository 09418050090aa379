import { TenantSectionGuard } from '../../features/dashboard/index.ts';
import { PartnerClientsPage } from '../../features/partners/index.ts';

/** The clients section: hidden on partners' client subdomains; the partner portal's home for clients, payments and branding. */
export function ClientsPage() {
  return (
    <TenantSectionGuard section="clients">
      <PartnerClientsPage />
    </TenantSectionGuard>
  );
}
