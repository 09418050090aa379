// The face of features/crm: the contacts and pipeline tabs of the CRM page, and its summary.
/** The contacts and pipeline tabs, downloaded when one is shown. */
export const loadCrmTabPanel = () => import('./components/crm-tab-panel.tsx');
export { usePrefetchSummary } from './api/summary-api.ts';

/** The summary tab (its charts), downloaded when it is shown. */
export const loadSummaryTab = () => import('./components/summary/summary-tab.tsx');
// The pipeline's stages, for screens that filter contacts by them (the mass sender's audience).
export { useStages } from './api/use-crm.ts';
// The inbox's contact pane and its internal notes: the contact's card and the team's notes on it.
export { applyContactNote, useAddContactNote, useContact, useContactNotes } from './api/use-crm.ts';
