import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isSectionAllowed, paths, type Section } from '../../../lib/navigation.ts';
import { useTenant } from '../../../lib/tenant-context.ts';

/** Sections hidden on tenant subdomains cannot be opened there by address either. */
export function TenantSectionGuard({ section, children }: { section: Section; children: ReactNode }) {
  const { isTenant, isPartnerPortal } = useTenant();
  return isSectionAllowed(section, isTenant, false, isPartnerPortal) ? children : <Navigate to={paths.dashboard} replace />;
}
