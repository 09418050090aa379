// The face of features/crm: the contacts and pipeline tabs of the CRM page, and its summary.
export { CrmTabPanel } from './components/crm-tab-panel.tsx';

/** The summary tab (its charts), downloaded when it is shown. */
export const loadSummaryTab = () => import('./components/summary/summary-tab.tsx');
