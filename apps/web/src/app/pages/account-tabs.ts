/** Mi cuenta's tabs in order, and their names in the address (`?tab=`). */
export const accountTabs = ['profile', 'plan', 'team', 'activity'] as const;
export type AccountTab = (typeof accountTabs)[number];
const tabSlugs: Record<AccountTab, string> = { profile: 'perfil', plan: 'plan', team: 'equipo', activity: 'actividad' };

/** The tab of the address: `?tab=`, else the plan when coming back from Checkout (`?checkout=`), else the profile. */
export function accountTabOf(params: URLSearchParams): AccountTab {
  const named = accountTabs.find((id) => tabSlugs[id] === params.get('tab'));
  return named ?? (params.get('checkout') ? 'plan' : 'profile');
}

/** The address's parameters with another tab. */
export function withAccountTab(params: URLSearchParams, tab: AccountTab): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('tab', tabSlugs[tab]);
  return next;
}

/** The tabs a person sees: an owner all; a team admin no plan (billing is the owner's); an agent only the profile. */
export function accountTabsFor(seatRole: 'admin' | 'agent' | null): readonly AccountTab[] {
  if (seatRole === 'agent') return ['profile'];
  if (seatRole === 'admin') return ['profile', 'team', 'activity'];
  return accountTabs;
}
