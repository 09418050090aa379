import { createContext, useContext } from 'react';

export interface TenantContextValue {
  /** The tenant from the cookie; null on the main product. */
  tenant: string | null;
  isTenant: boolean;
  /** The partner portal is the tenant named 'partners'. */
  isPartnerPortal: boolean;
  logoUrl: string | null;
}

/** The tenant of this subdomain, given by the app's tenant provider. */
export const TenantContext = createContext<TenantContextValue>({ tenant: null, isTenant: false, isPartnerPortal: false, logoUrl: null });

export function useTenant(): TenantContextValue {
  return useContext(TenantContext);
}
