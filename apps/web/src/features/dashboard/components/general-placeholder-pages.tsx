import { SectionPlaceholder } from './section-placeholder.tsx';
import { TenantSectionGuard } from './tenant-section-guard.tsx';


export function ReferralsPage() {
  return (
    <TenantSectionGuard section="referidos">
      <SectionPlaceholder section="referidos" />
    </TenantSectionGuard>
  );
}
