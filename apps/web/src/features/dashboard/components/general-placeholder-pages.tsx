import { SectionPlaceholder } from './section-placeholder.tsx';
import { TenantSectionGuard } from './tenant-section-guard.tsx';

export function ClientsPage() {
  return (
    <TenantSectionGuard section="clients">
      <SectionPlaceholder section="clients" />
    </TenantSectionGuard>
  );
}

