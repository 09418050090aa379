/** The CRM's tabs in order, and their names in the address (`?tab=`). */
export const crmTabs = ['summary', 'conversations', 'contacts', 'pipeline', 'gaps'] as const;
export type CrmTab = (typeof crmTabs)[number];
const tabSlugs: Record<CrmTab, string> = { summary: 'resumen', conversations: 'conversaciones', contacts: 'contactos', pipeline: 'embudo', gaps: 'sin-respuesta' };

/** The tab of the address: `?tab=`, else the conversations when one is named (`?c=`), else the summary. */
export function tabOf(params: URLSearchParams): CrmTab {
  const named = crmTabs.find((id) => tabSlugs[id] === params.get('tab'));
  return named ?? (params.get('c') ? 'conversations' : 'summary');
}

/** The address's parameters with another tab (an open conversation closes when leaving the inbox). */
export function withTab(params: URLSearchParams, tab: CrmTab): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('tab', tabSlugs[tab]);
  if (tab !== 'conversations') next.delete('c');
  return next;
}
