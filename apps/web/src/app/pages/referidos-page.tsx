import { ReferidosPage } from '../../features/affiliates/index.ts';
import { TenantSectionGuard } from '../../features/dashboard/index.ts';

/** Referidos: the affiliate program, hidden on tenant subdomains (the spec's referral section). */
export function ReferidosSection() {
  return (
    <TenantSectionGuard section="referidos">
      <ReferidosPage />
    </TenantSectionGuard>
  );
}
