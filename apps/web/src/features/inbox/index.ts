// The face of features/inbox: the conversations tab of the CRM page and the hand-off alerts.
/** The conversations tab, downloaded when it is shown. */
export const loadInboxView = () => import('./components/inbox-view.tsx');
export { usePendingHandoffs } from './handoff-alerts.ts';
export { useHandoffAlerts } from './use-handoff-alerts.ts';
