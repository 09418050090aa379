import { createContext, useContext } from 'react';
import type { ClientInfo } from '@charla/shared';

export const CurrentUserContext = createContext<ClientInfo | null>(null);

/** The signed-in user; only inside the guarded area. */
export function useCurrentUser(): ClientInfo {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside the signed-in area');
  return user;
}
